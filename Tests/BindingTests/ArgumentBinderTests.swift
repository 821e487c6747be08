import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeBinding

let shareParameters = [
    Parameter("url", .string), Parameter("text", .string), Parameter("title", .string), Parameter("image_url", .string),
]

func binding(_ args: JSONObject, _ parameters: [Parameter] = shareParameters, keyStyle: KeyStyle = .camelCase) throws(ResponseError) -> ArgumentBinder.Binding {
    try ArgumentBinder.bind(args, parameters: parameters, keyStyle: keyStyle, command: "share_text", fullName: "plugin:frak-share|share_text")
}

func bind(_ args: JSONObject, _ parameters: [Parameter] = shareParameters, keyStyle: KeyStyle = .camelCase) throws(ResponseError) -> BoundArguments {
    try binding(args, parameters, keyStyle: keyStyle).arguments
}

@Suite("Argument binding (layer 1)")
struct ArgumentBinderTests {
    @Test("camelCase keys bind to snake_case parameters; the payload is camelCase, absent and null omitted")
    func camelCase() throws {
        let bound = try bind(["imageUrl": "https://a.b/i.png", "text": "hi", "title": nil])
        #expect(bound.string("image_url") == "https://a.b/i.png")
        #expect(bound["title"] == nil)
        #expect(JSON.object(bound.camelCasePayload).serialized() == #"{"text":"hi","imageUrl":"https://a.b/i.png"}"#)
    }

    @Test("a command may opt into snake_case keys")
    func snakeCase() throws {
        let bound = try bind(["image_url": "x"], keyStyle: .snakeCase)
        #expect(bound.string("image_url") == "x")
        let other = try binding(["imageUrl": "x"], keyStyle: .snakeCase)
        #expect(other.arguments.values.isEmpty)
        #expect(other.warnings.map(\.code) == ["unknown_key"])
    }

    @Test("unknown keys are dropped, as Tauri does, with a warning and a did-you-mean", arguments: [
        ("image_url", "; did you mean `imageUrl`?"),
        ("ImageURL", "; did you mean `imageUrl`?"),
        ("txt", "; did you mean `text`?"),
        ("colour", "; expected one of `url`, `text`, `title`, `imageUrl`"),
    ])
    func unknownKeys(key: String, hint: String) throws {
        let result = try binding([key: "x", "text": "hi"])
        #expect(result.arguments.values.map(\.name) == ["text"])
        #expect(result.warnings == [CallWarning(
            code: "unknown_key",
            message: "invalid args `\(key)` for command `share_text`: unknown key, which Tauri ignores (the value never reaches the device)\(hint)",
            field: key)])
    }

    @Test("of duplicate keys the last wins, as in serde_json, with a warning")
    func duplicates() throws {
        let arguments = try #require(try JSONParser.parse(#"{"text":"first","url":"https://a","text":"last"}"#, duplicateKeys: .keepLast).objectValue)
        let result = try binding(arguments)
        #expect(result.arguments.string("text") == "last")
        #expect(result.warnings == [CallWarning(
            code: "duplicate_key",
            message: "invalid args `text` for command `share_text`: the key appears more than once; Tauri keeps the last value",
            field: "text")])
    }

    @Test("a value check warns about a non-empty string and never about an empty one")
    func checks() throws {
        let check = ValueCheck(code: "no_x", pattern: "^[^x]*$") { $0.contains("x") ? "contains an x" : nil }
        let parameters = [Parameter("url", .string, checks: [check])]
        #expect(try binding(["url": "axb"], parameters).warnings == [CallWarning(code: "no_x", message: "`url` \"axb\" for command `share_text`: contains an x", field: "url")])
        #expect(try binding(["url": ""], parameters).warnings.isEmpty)
        #expect(try binding(["url": "ab"], parameters).warnings.isEmpty)
    }

    @Test("wrong types are named in serde's words", arguments: [
        (JSON.integer(1), "invalid type: integer `1`, expected a string"),
        (.bool(true), "invalid type: boolean `true`, expected a string"),
        (.number(JSONNumber(text: "1.5")!), "invalid type: floating point `1.5`, expected a string"),
        ([1], "invalid type: sequence, expected a string"),
        (["a": 1], "invalid type: map, expected a string"),
    ] as [(JSON, String)])
    func wrongTypes(value: JSON, detail: String) {
        do {
            _ = try bind(["url": value])
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.message == "invalid args `url` for command `share_text`: \(detail)")
            #expect(error.data["field"] == "url")
        }
    }

    @Test("types other than strings", arguments: [
        (Shape.boolean, JSON.bool(true), true), (.boolean, .integer(1), false),
        (.integer, .integer(3), true), (.integer, .number(JSONNumber(text: "3.0")!), false), (.integer, .number(JSONNumber(text: "3e2")!), false), (.integer, .number(JSONNumber(text: "3E2")!), false), (.integer, .string("3"), false),
        (.number, .number(JSONNumber(text: "2.5")!), true), (.object, ["a": 1], true), (.array, [], true), (.any, nil, true),
    ] as [(Shape, JSON, Bool)])
    func kinds(kind: Shape, value: JSON, accepted: Bool) {
        let result = Result { () throws(ResponseError) -> BoundArguments in try bind(["v": value], [Parameter("v", kind)]) }
        #expect(((try? result.get()) != nil) == accepted)
    }

    @Test("a missing required parameter is named as Tauri does")
    func required() {
        do {
            _ = try bind([:], [Parameter("ms", .integer, required: true)])
            Issue.record("accepted")
        } catch {
            #expect(error.message == "command share_text missing required key ms")
        }
    }

    @Test("case conversion as serde does it", arguments: [
        ("image_url", "imageUrl"), ("url", "url"), ("share_text_now", "shareTextNow"),
    ])
    func caseConversion(snake: String, camel: String) {
        #expect(CaseConversion.lowerCamelCase(snake) == camel)
        #expect(CaseConversion.snakeCase(camel) == snake)
    }
}

@Suite("Warnings are bounded per call")
struct BoundedWarningTests {
    @Test("a thousand unknown keys give twenty warnings and one count of the rest; a long key is quoted short")
    func bounded() throws {
        var arguments: JSONObject = ["text": "hi"]
        for i in 0..<1000 { arguments["k\(i)"] = .integer(i) }
        arguments[String(repeating: "x", count: 10_000)] = 1
        let binding = try ArgumentBinder.bind(arguments, parameters: [Parameter("text", .string)], keyStyle: .camelCase,
                                              command: "c", fullName: "plugin:p|c")
        #expect(binding.warnings.count == CallWarning.maxPerCall)
        #expect(binding.unlisted == 981)
        let all = CallWarning.bounded(binding.warnings, more: binding.unlisted)
        #expect(all.count == 21)
        #expect(all.last?.code == "warnings_truncated")
        #expect(all.last?.message == "and 981 more warnings of the same call, not listed (the first 20 are)")
        #expect(all.allSatisfy { $0.message.utf8.count < 400 })
        #expect(CallWarning.quoted(String(repeating: "y", count: 500)).count == CallWarning.maxQuotedKey + 1)
    }
}

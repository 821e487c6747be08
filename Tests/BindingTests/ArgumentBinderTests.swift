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
            #expect(error.message == "invalid args `ms` for command `share_text`: command share_text missing required key ms")
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

/// One set of serde rules: a command declared by its contract is bound as its parameters' Rust
/// types are (`Parameter.rustType`), with the words `TauriArguments` refuses a command declared
/// by its Rust signature with.
@Suite("One binder: declared parameters bound by serde's rules")
struct OneBinderTests {
    static let shapes: [Shape] = [.string, .boolean, .integer, .number, .array, .object, .choice(["a", "b"]), .nullable(.string),
                                  .nullable(.integer), .any, .text(format: "date-time", pattern: nil), .list(.string)]
    /// Values as JSON text brings them (numbers written as such), parsed as a call's are.
    static let values: [JSON] = ["null", "true", "false", "0", "1", "-1", "1.5", "1e3", "9223372036854775808", "\"\"", "\"x\"",
                                 "\"__CHANNEL__:1\"", "[]", "[1,\"a\"]", "{}", "{\"k\":1}"].map { try! JSONParser.parse($0) }

    /// The refusal of binding `value` (or no key) to one parameter, by each path.
    static func both(_ shape: Shape, required: Bool, _ value: JSON?) -> (declared: String?, rust: String?) {
        let parameter = Parameter("some_value", shape, required: required)
        var args = JSONObject()
        if let value { args["someValue"] = value }
        var declared: String?
        do { _ = try ArgumentBinder.bind(args, parameters: [parameter], keyStyle: .camelCase, command: "c", fullName: "plugin:p|c") } catch {
            declared = error.message
        }
        let rust = TauriArguments.refusal(.object(args), arguments: [RustArgument(name: "some_value", key: "someValue", type: parameter.rustType)], command: "c")
        return (declared, rust?.message)
    }

    @Test("every shape, required or not, refuses every value in the same words by both paths")
    func table() {
        for shape in Self.shapes {
            for required in [true, false] {
                for value in Self.values.map(Optional.some) + [JSON?.none] {
                    let (declared, rust) = Self.both(shape, required: required, value)
                    #expect(declared == rust, "\(shape) required \(required), value \(value?.serialized() ?? "absent")")
                }
            }
        }
        #expect(Self.both(.string, required: true, nil).declared == "invalid args `someValue` for command `c`: command c missing required key someValue")
        #expect(Self.both(.string, required: true, .null).declared == "invalid args `someValue` for command `c`: invalid type: null, expected a string")
        #expect(Self.both(.integer, required: false, try! JSONParser.parse("1.5")).declared == "invalid args `someValue` for command `c`: invalid type: floating point `1.5`, expected i64")
        #expect(Self.both(.string, required: false, .null).declared == nil, "an Option reads null as None")
    }

    @Test("random values and shapes: both paths agree")
    func fuzzed() {
        var random = SplitMix64(state: 36)
        func value(_ depth: Int) -> JSON {
            switch random.next() % (depth > 2 ? 5 : 7) {
            case 0: return .null
            case 1: return .bool(random.next() % 2 == 0)
            case 2: return (try? JSONParser.parse(["0", "-7", "1.25", "1e2", "18446744073709551616", "9223372036854775807"][Int(random.next() % 6)])) ?? .null
            case 3: return .string(String(repeating: "z", count: Int(random.next() % 3)))
            case 4: return .string("__CHANNEL__:\(random.next() % 9)")
            case 5: return .array((0..<Int(random.next() % 3)).map { _ in value(depth + 1) })
            default:
                var o = JSONObject()
                for k in 0..<Int(random.next() % 3) { o["k\(k)"] = value(depth + 1) }
                return .object(o)
            }
        }
        func shape(_ depth: Int) -> Shape {
            let plain = Self.shapes.filter { if case .nullable = $0 { false } else { true } }
            return depth < 2 && random.next() % 4 == 0 ? .nullable(shape(depth + 1)) : plain[Int(random.next() % UInt64(plain.count))]
        }
        for _ in 0..<2_000 {
            let s = shape(0), required = random.next() % 2 == 0, v: JSON? = random.next() % 8 == 0 ? nil : value(0)
            let (declared, rust) = Self.both(s, required: required, v)
            #expect(declared == rust, "\(s) required \(required), value \(v?.serialized() ?? "absent")")
        }
    }
}

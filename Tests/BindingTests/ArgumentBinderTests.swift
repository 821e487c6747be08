import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeBinding

let shareParameters = [
    Parameter("url", .string), Parameter("text", .string), Parameter("title", .string), Parameter("image_url", .string),
]

func bind(_ args: JSONObject, _ parameters: [Parameter] = shareParameters, keyStyle: KeyStyle = .camelCase) throws(ResponseError) -> BoundArguments {
    try ArgumentBinder.bind(args, parameters: parameters, keyStyle: keyStyle, command: "share_text", fullName: "plugin:frak-share|share_text")
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
        #expect(throws: ResponseError.self) { try bind(["imageUrl": "x"], keyStyle: .snakeCase) }
    }

    @Test("unknown keys are refused, with a did-you-mean", arguments: [
        ("image_url", "invalid args `image_url` for command `share_text`: unknown key; did you mean `imageUrl`?", "imageUrl" as String?),
        ("ImageURL", "invalid args `ImageURL` for command `share_text`: unknown key; did you mean `imageUrl`?", "imageUrl"),
        ("txt", "invalid args `txt` for command `share_text`: unknown key; did you mean `text`?", "text"),
        ("colour", "invalid args `colour` for command `share_text`: unknown key, expected one of `url`, `text`, `title`, `imageUrl`", nil),
    ])
    func unknownKeys(key: String, message: String, suggestion: String?) {
        do {
            _ = try bind([key: "x"])
            Issue.record("accepted \(key)")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message == message)
            #expect(error.data["field"] == .string(key))
            #expect(error.data["suggestion"] == suggestion.map(JSON.string))
            #expect(error.data["layer"] == "command")
        }
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
        (Parameter.Kind.boolean, JSON.bool(true), true), (.boolean, .integer(1), false),
        (.integer, .integer(3), true), (.integer, .number(JSONNumber(text: "3.0")!), false), (.integer, .string("3"), false),
        (.number, .number(JSONNumber(text: "2.5")!), true), (.object, ["a": 1], true), (.array, [], true), (.any, nil, true),
    ] as [(Parameter.Kind, JSON, Bool)])
    func kinds(kind: Parameter.Kind, value: JSON, accepted: Bool) {
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

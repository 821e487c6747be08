import BridgeJSON
import Testing
@testable import BridgeProtocol

func payload(_ text: String) -> IncomingPayload { IncomingPayload(bytes: Array(text.utf8)) }

@Suite("JSON-RPC messages in")
struct IncomingMessageTests {
    @Test("requests, notifications and ids of every allowed type")
    func classification() {
        #expect(payload(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1}}"#)
            == .single(.request(Request(id: .number(JSONNumber(1)), method: "m", params: ["a": 1]))))
        #expect(payload(#"{"jsonrpc":"2.0","id":"x","method":"m"}"#)
            == .single(.request(Request(id: .string("x"), method: "m", params: nil))))
        #expect(payload(#"{"jsonrpc":"2.0","id":null,"method":"m","params":[1]}"#)
            == .single(.request(Request(id: .null, method: "m", params: [1]))))
        #expect(payload(#"{"jsonrpc":"2.0","method":"m"}"#)
            == .single(.notification(Notification(method: "m", params: nil))))
    }

    @Test("\"params\": null is the same as absent, for requests and notifications")
    func nullParams() {
        #expect(payload(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#)
            == .single(.request(Request(id: .number(JSONNumber(2)), method: "shutdown", params: nil))))
        #expect(payload(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
            == .single(.notification(Notification(method: "exit", params: nil))))
    }

    @Test("number ids keep their text for the echo")
    func numberIDText() throws {
        guard case .single(.request(let r)) = payload(#"{"jsonrpc":"2.0","id":1.50,"method":"m"}"#) else {
            Issue.record("not a request")
            return
        }
        #expect(r.id.json.serialized() == "1.50")
    }

    @Test("invalid requests say why and echo the id when it can be read", arguments: [
        (#"{"jsonrpc":"2.0","id":7,"method":1}"#, RequestID.number(JSONNumber(7)), "Invalid request: \"method\" must be a string, got number"),
        (#"{"jsonrpc":"1.0","id":"a","method":"m"}"#, .string("a"), "Invalid request: \"jsonrpc\" must be \"2.0\", got \"1.0\""),
        (#"{"id":"a","method":"m"}"#, .string("a"), "Invalid request: \"jsonrpc\" must be \"2.0\", got nothing"),
        (#"{"jsonrpc":"2.0","id":true,"method":"m"}"#, .null, "Invalid request: \"id\" must be a string, a number or null, got boolean"),
        (#"{"jsonrpc":"2.0","id":{},"method":"m"}"#, .null, "Invalid request: \"id\" must be a string, a number or null, got object"),
        (#"{"jsonrpc":"2.0","id":3}"#, .number(JSONNumber(3)), "Invalid request: missing \"method\""),
        (#"{"jsonrpc":"2.0","id":3,"method":"m","params":"x"}"#, .number(JSONNumber(3)), "Invalid request: \"params\" must be an object or an array, got string"),
        ("1", .null, "Invalid request: expected a JSON-RPC object, got number"),
        (#""x""#, .null, "Invalid request: expected a JSON-RPC object, got string"),
    ])
    func invalid(text: String, id: RequestID, message: String) {
        guard case .single(.invalid(let gotID, let error)) = payload(text) else {
            Issue.record("not classified invalid: \(text)")
            return
        }
        #expect(gotID == id)
        #expect(error.code == .invalidRequest)
        #expect(error.message == message)
    }

    @Test("responses sent to the bridge are recognised as responses")
    func responses() {
        #expect(payload(#"{"jsonrpc":"2.0","id":1,"result":null}"#) == .single(.response(id: .number(JSONNumber(1)), outcome: .success(.null))))
        #expect(payload(#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x","data":{"a":2}}}"#)
                == .single(.response(id: .number(JSONNumber(1)), outcome: .failure(ResponseError(code: ErrorCode(rawValue: 1), message: "x", details: ["a": 2])))))
    }

    @Test("batches: empty is one error, invalid items are each answered, order kept")
    func batches() {
        #expect(payload("[]") == .failure(.invalidRequest("empty batch")))
        guard case .batch(let items) = payload(#"[1,{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":2,"method":"m"}]"#) else {
            Issue.record("not a batch")
            return
        }
        #expect(items.count == 3)
        if case .invalid(.null, _) = items[0] {} else { Issue.record("item 0: \(items[0])") }
        #expect(items[1] == .notification(Notification(method: "n", params: nil)))
        #expect(items[2] == .request(Request(id: .number(JSONNumber(2)), method: "m", params: nil)))
    }

    @Test("5,000 random envelopes (every member kind, present or not, of any JSON type, some twice) classify as the rules read member by member")
    func randomEnvelopes() throws {
        var generator = SystemRandomNumberGenerator()
        let values = ["1", "2.50", "\"2.0\"", "\"x\"", "null", "true", "[1]", "{\"a\":1}", "{}", "\"m\""]
        let keys = ["jsonrpc", "id", "method", "params", "result", "error", "extra"]
        for _ in 0..<5_000 {
            var members: [String] = []
            for key in keys where Bool.random(using: &generator) {
                let repeats = Int.random(in: 0..<8, using: &generator) == 0 ? 2 : 1
                for _ in 0..<repeats {
                    let value = key == "jsonrpc" && Bool.random(using: &generator) ? "\"2.0\"" : values.randomElement(using: &generator)!
                    members.append("\"\(key)\":\(value)")
                }
            }
            members.shuffle(using: &generator)
            let text = "{" + members.joined(separator: ",") + "}"
            let json = try JSONParser.parse(text, duplicateKeys: .keepLast)
            #expect(IncomingMessage(json) == ReferenceEnvelope.classify(json), "\(text)")
        }
    }

    @Test("unparsable text is a parse error with the position")
    func parseError() {
        guard case .failure(let error) = payload("{\"jsonrpc\":\"2.0\",") else {
            Issue.record("parsed")
            return
        }
        #expect(error.code == .parseError)
        #expect(error.message == "Parse error: unexpected end of input at line 1, column 18")
        #expect(error.data["column"] == 18)
    }
}

/// JSON-RPC 2.0 §4–§5 read member by member, one lookup each: what `IncomingMessage.init`
/// does in one walk of the members.
private enum ReferenceEnvelope {
    static func classify(_ json: JSON) -> IncomingMessage {
        guard case .object(let object) = json else { return .invalid(id: .null, error: .invalidRequest("not an object")) }
        var id = RequestID.null
        if let raw = object["id"] {
            guard let parsed = RequestID(json: raw) else {
                return .invalid(id: .null, error: .invalidRequest("\"id\" must be a string, a number or null, got \(raw.typeName)"))
            }
            id = parsed
        }
        guard object["jsonrpc"] == .string("2.0") else {
            return .invalid(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\", got \(object["jsonrpc"].map { $0.serialized() } ?? "nothing")"))
        }
        guard let methodValue = object["method"] else {
            if object["id"] != nil && (object["result"] != nil || object["error"] != nil) {
                return .response(id: id, outcome: IncomingMessage.outcome(object))
            }
            return .invalid(id: id, error: .invalidRequest("missing \"method\""))
        }
        guard case .string(let method) = methodValue else {
            return .invalid(id: id, error: .invalidRequest("\"method\" must be a string, got \(methodValue.typeName)"))
        }
        let params: JSON? = object["params"].flatMap { $0.isNull ? JSON?.none : $0 }
        if let params {
            switch params {
            case .object, .array: break
            default: return .invalid(id: id, error: .invalidRequest("\"params\" must be an object or an array, got \(params.typeName)"))
            }
        }
        guard object["id"] != nil else { return .notification(Notification(method: method, params: params)) }
        let duplicates = object.duplicateKeyPaths.filter { $0 == "params" || !($0.hasPrefix("params.") || $0.hasPrefix("params[")) }
        return .request(Request(id: id, method: method, params: params, duplicateKeys: duplicates))
    }
}

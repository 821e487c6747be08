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

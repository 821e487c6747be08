import BridgeJSON
import Testing
@testable import BridgeProtocol

@Suite("JSON-RPC messages out")
struct OutgoingMessageTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("results and errors echo the id exactly")
    func responses() {
        #expect(text(OutgoingMessage.response(id: .string("a\"b"), .success(["shared": true])))
            == #"{"jsonrpc":"2.0","id":"a\"b","result":{"shared":true}}"#)
        #expect(text(OutgoingMessage.response(id: .number(JSONNumber(text: "1.0")!), .success(.null)))
            == #"{"jsonrpc":"2.0","id":1.0,"result":null}"#)
        #expect(text(OutgoingMessage.response(id: .null, .failure(.cancelled)))
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32800,"message":"Request cancelled","data":{"kind":"cancelled"}}}"#)
    }

    @Test("every error code has its kind", arguments: [
        (ErrorCode.parseError, "parse"), (.invalidRequest, "invalid_request"), (.methodNotFound, "not_found"),
        (.invalidParams, "invalid_args"), (.internalError, "internal"), (.requestCancelled, "cancelled"),
        (.notAllowed, "not_allowed"), (.unsupportedPlatform, "unsupported_platform"), (.rejected, "rejected"),
    ])
    func kinds(code: ErrorCode, kind: String) {
        let error = ResponseError(code: code, message: "m", details: ["kind": "ignored", "field": "url"])
        #expect(error.data["kind"] == .string(kind))
        #expect(error.data.keys == ["kind", "field"])
    }

    @Test("batch responses are one array; notifications have no id")
    func batchAndNotification() {
        let a = OutgoingMessage.response(id: .number(JSONNumber(1)), .success(1))
        let b = OutgoingMessage.response(id: .number(JSONNumber(2)), .success(2))
        #expect(text(OutgoingMessage.batch([a, b])) == #"[{"jsonrpc":"2.0","id":1,"result":1},{"jsonrpc":"2.0","id":2,"result":2}]"#)
        #expect(text(OutgoingMessage.notification(method: "bridge/presentation", params: ["id": 1]))
            == #"{"jsonrpc":"2.0","method":"bridge/presentation","params":{"id":1}}"#)
    }

    @Test("an oversized message names the limit and the option")
    func tooLarge() {
        let e = ResponseError.messageTooLarge(limit: 1024)
        #expect(e.code == .invalidRequest)
        #expect(e.message == "Invalid request: message larger than 1024 bytes (raise it with --max-message-bytes)")
    }
}

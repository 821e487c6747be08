import BridgeFraming
import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeServer

@Suite("A byte result framed and written in parts")
struct ByteResultFramingTests {
    static let bytes: [UInt8] = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    static let response = OutboundMessage.response(Response(id: .number(JSONNumber(7)), outcome: .success(.bytes(JSONBytes(bytes)))))
    static let asArray = OutboundMessage.response(Response(id: .number(JSONNumber(7)),
                                                           outcome: .success(.array(bytes.map { .number(JSONNumber(Int($0))) }))))

    /// The message framed for `mode`, drained in parts of about `threshold` bytes, joined.
    static func written(_ message: OutboundMessage, _ mode: FramingMode, threshold: Int) -> (whole: [UInt8], parts: Int) {
        var whole: [UInt8] = []
        var parts = 0
        var out: [UInt8] = []
        message.write(framed: mode, into: &out, drain: JSONDrain(threshold: threshold) { part in
            whole += part
            parts += 1
            part.removeAll()
        })
        return (whole + out, parts + 1)
    }

    @Test("in either framing, written in parts it is the text of the equal number array, whole", arguments: [FramingMode.lines, .contentLength])
    func partsJoinToTheArray(mode: FramingMode) {
        var expected: [UInt8] = []
        Self.asArray.write(framed: mode, into: &expected)
        let (whole, parts) = Self.written(Self.response, mode, threshold: 8192)
        #expect(parts > 10)
        #expect(whole == expected)
        if mode == .contentLength {
            let body = Self.asArray.bytes
            #expect(whole.starts(with: Array("Content-Length: \(body.count)\r\n\r\n".utf8)))
        }
    }

    @Test("the counted length of a response is the length of its text, for results and errors")
    func countedLength() {
        for outcome: Result<JSON, ResponseError> in [.success(.bytes(JSONBytes(Self.bytes))), .success(["a": [1, "é\n"], "b": .bytes(JSONBytes([]))]),
                                                      .failure(.cancelled)] {
            let id = RequestID.string("x\"y")
            #expect(OutgoingMessage.responseCount(id: id, outcome) == OutgoingMessage.response(id: id, outcome).count)
        }
    }
}

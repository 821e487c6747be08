import Testing
import TestSupport
@testable import BridgeFraming

func lsp(_ body: String, headers: String = "") -> String {
    "Content-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)"
}

@Suite("Content-Length framing")
struct ContentLengthFramingTests {
    @Test("a stream starting with Content-Length uses header framing")
    func detection() {
        var framer = MessageFramer()
        framer.append(Array(lsp("{\"a\":1}").utf8))
        #expect(framer.next() == .message(Array("{\"a\":1}".utf8)))
        #expect(framer.mode == .contentLength)
    }

    @Test("detection waits for enough bytes when the header is split")
    func splitDetection() {
        var framer = MessageFramer()
        framer.append(Array("Cont".utf8))
        #expect(framer.next() == nil)
        #expect(framer.mode == .undecided)
        framer.append(Array("ent-Length: 2\r\n\r\n{}".utf8))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test("bodies may contain newlines; header names are case-insensitive; other headers are ignored")
    func bodiesAndHeaders() {
        let one = "{\n\"a\": 1\n}"
        let input = lsp(one) + "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]"
        #expect(frame(Array(input.utf8)) == messages(one, "[]"))
    }

    @Test("random chunkings give the same messages", arguments: 0..<25)
    func randomChunkings(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed) + 1000)
        let bodies = (0..<30).map { i in "{\"id\":\(i),\"t\":\"" + String(repeating: "é", count: Int.random(in: 0..<200, using: &rng)) + "\"}" }
        let input = Array(bodies.map { lsp($0) }.joined().utf8)
        let chunks = (0..<16).map { _ in Int.random(in: 1..<150, using: &rng) }
        #expect(frame(input, chunks: chunks, cap: 1 << 20) == bodies.map { .message(Array($0.utf8)) })
    }

    @Test("byte by byte, with \\n\\n header ends")
    func byteByByteBareNewlines() {
        let input = "Content-Length: 2\n\n{}Content-Length: 3\n\n[1]"
        #expect(frame(Array(input.utf8), chunks: [1]) == messages("{}", "[1]"))
    }

    @Test("an oversized body is reported and skipped without being buffered")
    func oversized() {
        let big = String(repeating: "x", count: 5000)
        let input = Array((lsp(big) + lsp("{}")).utf8)
        let expected: [FrameEvent] = [.oversized(limit: 1024), .message(Array("{}".utf8))]
        #expect(frame(input, cap: 1024) == expected)
        #expect(frame(input, chunks: [13], cap: 1024) == expected)
    }

    @Test("a missing or malformed Content-Length is reported, then the next message is found",
          arguments: [
            "Content-Type: x\r\n\r\n{}",
            "Content-Length: abc\r\n\r\n{}",
            "Content-Length: -2\r\n\r\n{}",
            "Content-Length 2\r\n\r\n{}",
          ])
    func malformed(bad: String) {
        let events = frame(Array((bad + "\r\n" + lsp("[1]")).utf8))
        #expect(events.count == 2)
        if case .malformedHeader = events.first {} else { Issue.record("expected malformedHeader, got \(events)") }
        #expect(events.last == .message(Array("[1]".utf8)))
    }

    @Test("a header block that never ends is bounded")
    func endlessHeaders() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 2\r\n".utf8))
        var sawMalformed = false
        for _ in 0..<2000 {
            framer.append(Array("X-Filler: aaaaaaaaaa\r\n".utf8))
            while let e = framer.next() { if case .malformedHeader = e { sawMalformed = true } }
        }
        #expect(sawMalformed)
        #expect(framer.bufferedByteCount <= MessageFramer.maxHeaderBytes * 2)
    }

    @Test("input ending inside a message is reported as truncated")
    func truncated() {
        #expect(frame(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)) == [.truncated(byteCount: 4)])
        #expect(frame(Array("Content-Length: 10\r\n".utf8)) == [.truncated(byteCount: 20)])
    }

    @Test("responses are framed the way the peer framed its input")
    func outputFraming() {
        #expect(FramingMode.contentLength.frame(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(FramingMode.lines.frame(Array("{}".utf8)) == Array("{}\n".utf8))
    }
}

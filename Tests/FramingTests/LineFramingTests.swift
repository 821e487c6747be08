import Testing
import TestSupport
@testable import BridgeFraming

/// Feeds `input` in the given chunk sizes (cycled) and collects every event, then `finish()`.
func frame(_ input: [UInt8], chunks: [Int] = [Int.max], cap: Int = 1024) -> [FrameEvent] {
    var framer = MessageFramer(maxMessageBytes: cap)
    var events: [FrameEvent] = []
    var offset = 0
    var k = 0
    while offset < input.count {
        let size = min(chunks[k % chunks.count], input.count - offset)
        framer.append(Array(input[offset..<offset + size]))
        offset += size
        k += 1
        while let e = framer.next() { events.append(e) }
    }
    if let e = framer.finish() { events.append(e) }
    return events
}

func messages(_ texts: String...) -> [FrameEvent] { texts.map { .message(Array($0.utf8)) } }

@Suite("NDJSON framing")
struct LineFramingTests {
    @Test("one message per line")
    func lines() {
        #expect(frame(Array("{\"a\":1}\n[2]\n".utf8)) == messages("{\"a\":1}", "[2]"))
    }

    @Test("\\r\\n line ends and blank lines are tolerated")
    func crlfAndBlankLines() {
        #expect(frame(Array("\r\n{}\r\n\n  \t\n[]\r\n".utf8)) == messages("{}", "[]"))
    }

    @Test("a last line without its newline is still a message")
    func partialLastLine() {
        #expect(frame(Array("{}\n{\"x\":1}".utf8)) == messages("{}", "{\"x\":1}"))
    }

    @Test("byte by byte gives the same messages")
    func byteByByte() {
        let input = Array("{\"a\":\"b\"}\r\n\n[1,2,3]\n\"s\"\n".utf8)
        #expect(frame(input, chunks: [1]) == messages("{\"a\":\"b\"}", "[1,2,3]", "\"s\""))
    }

    @Test("random chunkings give the same messages", arguments: 0..<25)
    func randomChunkings(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed))
        let texts = (0..<40).map { i in "{\"id\":\(i),\"pad\":\"" + String(repeating: "x", count: Int.random(in: 0..<300, using: &rng)) + "\"}" }
        let input = Array(texts.map { $0 + (Bool.random(using: &rng) ? "\r\n" : "\n") }.joined().utf8)
        let chunks = (0..<16).map { _ in Int.random(in: 1..<200, using: &rng) }
        #expect(frame(input, chunks: chunks) == texts.map { .message(Array($0.utf8)) })
    }

    @Test("a line over the cap is reported once, skipped, and the next line is served")
    func oversized() {
        let big = "[" + String(repeating: "1,", count: 3000) + "1]"
        let input = Array("{}\n\(big)\n{\"after\":true}\n".utf8)
        let expected: [FrameEvent] = [.message(Array("{}".utf8)), .oversized(limit: 1024), .message(Array("{\"after\":true}".utf8))]
        #expect(frame(input, cap: 1024) == expected)
        #expect(frame(input, chunks: [7], cap: 1024) == expected)
        #expect(frame(input, chunks: [1], cap: 1024) == expected)
    }

    @Test("a line of exactly the cap is accepted, with or without \\r")
    func exactlyAtCap() {
        let body = String(repeating: "a", count: 8)
        #expect(frame(Array("\(body)\r\n".utf8), chunks: [3], cap: 8) == messages(body))
        #expect(frame(Array("\(body)x\n".utf8), chunks: [3], cap: 8) == [.oversized(limit: 8)])
    }

    @Test("an endless line never buffers past the cap")
    func endlessLine() {
        var framer = MessageFramer(maxMessageBytes: 4096)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
        var events: [FrameEvent] = []
        for _ in 0..<256 {  // 16 MiB with no newline
            framer.append(chunk)
            while let e = framer.next() { events.append(e) }
            #expect(framer.bufferedByteCount <= 4096 + 65536 + 1)
        }
        framer.append(Array("\n{}\n".utf8))
        while let e = framer.next() { events.append(e) }
        #expect(events == [.oversized(limit: 4096), .message(Array("{}".utf8))])
    }

    @Test("lines stay lines even when a later line starts with Content-Length")
    func modeIsFixed() {
        var framer = MessageFramer()
        framer.append(Array("{}\nContent-Length: 2\n".utf8))
        #expect(framer.next() == .message(Array("{}".utf8)))
        #expect(framer.mode == .lines)
        #expect(framer.next() == .message(Array("Content-Length: 2".utf8)))
    }
}

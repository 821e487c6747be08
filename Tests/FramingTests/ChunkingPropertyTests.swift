import Testing
import TestSupport
@testable import BridgeFraming

/// The framer's central property: the same bytes give the same events however they are split
/// into reads. Streams are generated from the pieces that break framers (whitespace runs longer
/// than the cap, lines at and over the cap, malformed and over-long header blocks, garbage that
/// hides a `Content-Length:`, bodies followed directly by a header, truncation at the end), and
/// fed whole, byte by byte and in random chunks. Seeds are the test arguments.
@Suite("Framing: any chunking gives the same events")
struct ChunkingPropertyTests {
    static let cap = 64

    static func lineStream(_ rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<Int.random(in: 1..<25, using: &rng) {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: out += Array(#"{"id":1}"#.utf8) + [0x0A]
            case 1: out += Array(#"[1,2]"#.utf8) + [0x0D, 0x0A]
            case 2: out += whitespace(&rng, upTo: cap * 3)
            case 3: out += [UInt8](repeating: UInt8(ascii: "x"), count: Int.random(in: cap - 2...cap + 3, using: &rng)) + [0x0A]
            case 4: out += [UInt8](repeating: UInt8(ascii: "y"), count: cap) + [0x0D, 0x0A]
            case 5: out += [UInt8](repeating: UInt8(ascii: "z"), count: Int.random(in: 0..<cap * 4, using: &rng)) + [0x0A]
            case 6: out += whitespace(&rng, upTo: 8) + Array("{}".utf8) + whitespace(&rng, upTo: 3) + [0x0A]
            case 7: out += Array("Content-Length: 2\r\n".utf8)
            default: out += Array("\r\n\n".utf8)
            }
        }
        if Bool.random(using: &rng) { out += Array(#"{"last":true}"#.utf8) }
        return out
    }

    static func headerStream(_ rng: inout SplitMix64) -> [UInt8] {
        var out = frame(#"{"first":1}"#)
        for _ in 0..<Int.random(in: 1..<20, using: &rng) {
            switch Int.random(in: 0..<13, using: &rng) {
            case 0: out += frame(#"{"a":"b"}"#)
            case 1: out += frame("{\n\"multi\":\n\"line\"}", headerEnd: "\n\n")
            case 2: out += Array("Content-Length: 10\r\nX-Bad\r\n\r\n{\"a\":1234}".utf8)
            case 3: out += Array("Content-Length: abc\r\n\r\n{}".utf8)
            case 4: out += Array("Content-Type: x\r\n\r\n{}".utf8)
            case 5: out += frame(String(repeating: "o", count: cap + Int.random(in: 1..<100, using: &rng)))
            case 6: out += Array("garbage cONTENT-lENGTH: 2\r\n\r\n[]".utf8)
            case 7: out += whitespace(&rng, upTo: 20)
            case 8 where Int.random(in: 0..<4, using: &rng) == 0:
                // A header block over the cap, with a header hidden in its middle.
                out += Array("Content-Length: 2\r\n".utf8)
                for _ in 0..<(MessageFramer.maxHeaderBytes / 20 + 1) { out += Array("X-Filler: aaaaaaaa\r\n".utf8) }
                out += Array("Content-Length: 3\r\n\r\n[1]".utf8)
            case 9: out += frame(#"{"x":1}"#, extraHeaders: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n")
            case 10: out += Array("Content-Len".utf8)
            case 11: out += Array("Content-Length: 5\r\n\r\n[1,2]Content-Length: 2\r\n\r\n{}".utf8)
            default: out += Array(frame(#"{"cut":true}"#).dropLast(Int.random(in: 1..<8, using: &rng)))
            }
        }
        return out
    }

    static func whitespace(_ rng: inout SplitMix64, upTo n: Int) -> [UInt8] {
        let set: [UInt8] = [0x20, 0x09, 0x0D, 0x0A]
        return (0..<Int.random(in: 0...n, using: &rng)).map { _ in set.randomElement(using: &rng) ?? 0x20 }
    }

    static func frame(_ body: String, headerEnd: String = "\r\n\r\n", extraHeaders: String = "") -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\(extraHeaders.isEmpty ? "" : "\r\n" + extraHeaders.dropLast(2))\(headerEnd)\(body)".utf8)
    }

    static func check(_ input: [UInt8], seed: UInt64, _ rng: inout SplitMix64) {
        let whole = BridgeFramingTestsFrame(input, chunks: [Int.max], cap: cap)
        if input.count <= 4096 {
            let byByte = BridgeFramingTestsFrame(input, chunks: [1], cap: cap)
            #expect(byByte == whole, "seed \(seed): byte by byte differs from whole")
        }
        for _ in 0..<4 {
            let chunks = (0..<8).map { _ in Int.random(in: 1..<(cap * 3), using: &rng) }
            let pieces = BridgeFramingTestsFrame(input, chunks: chunks, cap: cap)
            #expect(pieces == whole, "seed \(seed): chunks \(chunks) differ from whole")
        }
    }

    @Test("NDJSON streams", arguments: 0..<150 as Range<UInt64>)
    func lines(seed: UInt64) {
        var rng = SplitMix64(state: seed)
        ChunkingPropertyTests.check(ChunkingPropertyTests.lineStream(&rng), seed: seed, &rng)
    }

    @Test("Content-Length streams", arguments: 0..<150 as Range<UInt64>)
    func headers(seed: UInt64) {
        var rng = SplitMix64(state: seed &+ 1_000_000)
        ChunkingPropertyTests.check(ChunkingPropertyTests.headerStream(&rng), seed: seed, &rng)
    }

    @Test("a whitespace-only line longer than the cap gives nothing, whole or in pieces")
    func whitespaceOverCap() {
        let input = [UInt8](repeating: 0x20, count: 5000) + Array("\n{}\n".utf8)
        for chunks in [[Int.max], [1], [100], [63, 64, 65]] {
            #expect(BridgeFramingTestsFrame(input, chunks: chunks, cap: 1024) == messages("{}"))
        }
    }

    @Test("after a malformed header, the next Content-Length is found right after the bad body")
    func resyncAfterBody() {
        var input = Array("Content-Length: 10\r\nX-Bad\r\n\r\n{\"a\":1234}".utf8)
        let good = (1...5).map { #"{"id":\#($0)}"# }
        for body in good { input += ChunkingPropertyTests.frame(body) }
        let events = BridgeFramingTestsFrame(input, cap: 1024)
        #expect(events.count == 6)
        if case .malformedHeader = events.first {} else { Issue.record("expected malformedHeader first, got \(events)") }
        #expect(Array(events.dropFirst()) == good.map { .message(Array($0.utf8)) })
    }

    @Test("input ending inside a frame is truncated, in any chunking")
    func truncatedAtEOF() {
        let input = Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)
        for chunks in [[Int.max], [1], [5]] {
            #expect(BridgeFramingTestsFrame(input, chunks: chunks) == [.truncated(byteCount: 4)])
        }
    }
}

/// `frame(_:chunks:cap:)` of the line tests, under a name that does not clash with the
/// property test's own `frame` builders.
func BridgeFramingTestsFrame(_ input: [UInt8], chunks: [Int] = [Int.max], cap: Int = 1024) -> [FrameEvent] {
    frame(input, chunks: chunks, cap: cap)
}

import Foundation
import Testing
import TestSupport
@testable import BridgeHTTPServer

/// Feeds `input` in the given chunk sizes (cycled) and collects every event.
func parse(_ input: [UInt8], chunks: [Int] = [Int.max], limits: HTTPLimits = HTTPLimits(maxHeaderBytes: 1024, maxBodyBytes: 4096)) -> [HTTPParseEvent] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [HTTPParseEvent] = []
    var offset = 0
    var k = 0
    while offset < input.count {
        let size = min(chunks[k % chunks.count], input.count - offset)
        parser.append(Array(input[offset..<offset + size]))
        offset += size
        k += 1
        while let e = parser.next() { events.append(e) }
    }
    return events
}

func parse(_ text: String, chunks: [Int] = [Int.max], limits: HTTPLimits = HTTPLimits(maxHeaderBytes: 1024, maxBodyBytes: 4096)) -> [HTTPParseEvent] {
    parse(Array(text.utf8), chunks: chunks, limits: limits)
}

/// The requests among `events`, without the 100-continue prompts.
func requests(_ events: [HTTPParseEvent]) -> [HTTPRequest] {
    events.compactMap { if case .request(let r) = $0 { return r } else { return nil } }
}

func failure(_ events: [HTTPParseEvent]) -> HTTPParseError? {
    events.compactMap { if case .failure(let f) = $0 { return f } else { return nil } }.first
}

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    static let post = "POST /plugin%3Afrak-share%7Cshare_text?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"text\":\"hi\"}"

    @Test("a POST with a Content-Length body")
    func contentLength() {
        let r = requests(parse(Self.post))
        #expect(r.count == 1)
        #expect(r.first?.method == "POST")
        #expect(r.first?.path == "/plugin%3Afrak-share%7Cshare_text")
        #expect(r.first?.query == "x=1")
        #expect(r.first?.headers["content-type"] == "application/json")
        #expect(r.first.map { String(decoding: $0.body, as: UTF8.self) } == "{\"text\":\"hi\"}")
        #expect(r.first?.keepAlive == true)
    }

    @Test("byte by byte gives the same request as one chunk")
    func byteByByte() {
        #expect(parse(Self.post, chunks: [1]) == parse(Self.post))
    }

    @Test("random chunkings of pipelined requests give the same requests (seed 12)")
    func randomChunkings() {
        let chunked = "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;ext=1\r\npedia\r\n0\r\nTrailer: x\r\n\r\n"
        let input = Self.post + "GET /__bridge/tauri.js HTTP/1.1\r\nHost: h\r\n\r\n" + chunked + "GET / HTTP/1.0\r\n\r\n"
        let whole = parse(input)
        #expect(requests(whole).count == 4)
        var rng = SplitMix64(state: 12)
        for _ in 0..<300 {
            let sizes = (0..<8).map { _ in Int.random(in: 1...40, using: &rng) }
            #expect(parse(input, chunks: sizes) == whole, "chunk sizes \(sizes)")
        }
    }

    @Test("a chunked body is decoded, extensions and trailers dropped")
    func chunked() {
        let r = requests(parse("POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;ext=1\r\npedia\r\n0\r\nTrailer: x\r\n\r\n"))
        #expect(r.first.map { String(decoding: $0.body, as: UTF8.self) } == "Wikipedia")
    }

    @Test("bare LF line ends and leading empty lines are accepted")
    func lenient() {
        let r = requests(parse("\r\n\nGET /a HTTP/1.1\nHost: h\n\n"))
        #expect(r.map(\.path) == ["/a"])
    }

    @Test("keep-alive: HTTP/1.1 unless close, HTTP/1.0 only with keep-alive")
    func keepAlive() {
        #expect(requests(parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")).first?.keepAlive == false)
        #expect(requests(parse("GET / HTTP/1.0\r\n\r\n")).first?.keepAlive == false)
        #expect(requests(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).first?.keepAlive == true)
    }

    @Test("Expect: 100-continue prompts before the body, not when it already came")
    func expectContinue() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(parser.next() == .continueExpected)
        #expect(parser.next() == nil)
        parser.append(Array("ok".utf8))
        #expect(requests([parser.next()].compactMap { $0 }).first?.body == Array("ok".utf8))
        let together = parse("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok")
        #expect(together.count == 1)
    }

    @Test("query values are percent-decoded")
    func query() {
        let r = HTTPRequest(method: "GET", target: "/__bridge/events?key=a%2Bb&x&name=two+words")
        #expect(r.queryValue("key") == "a+b")
        #expect(r.queryValue("x") == "")
        #expect(r.queryValue("name") == "two words")
        #expect(r.queryValue("missing") == nil)
    }

    @Test("absolute-form and asterisk targets")
    func targets() {
        #expect(HTTPRequest(method: "GET", target: "http://ipc.localhost/cmd?a=1").path == "/cmd")
        #expect(HTTPRequest(method: "GET", target: "http://ipc.localhost").path == "/")
        #expect(HTTPRequest(method: "OPTIONS", target: "*").path == "/")
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let input: String
        let status: Int
        var description: String { "\(status) ← \(input.prefix(60).debugDescription)" }
    }

    static let refusals: [Refusal] = [
        Refusal(input: "GET / HTTP/1.1\r\n\r\n", status: 400),                                   // no Host
        Refusal(input: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),            // two Hosts
        Refusal(input: "GET / HTTP/2.0\r\nHost: h\r\n\r\n", status: 505),
        Refusal(input: "GET /\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET /  HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET / HTTP/1.1 x\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: " GET / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET / \r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "G(T / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET relative HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        Refusal(input: "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", status: 400),
        Refusal(input: "GET / HTTP/1.1\r\nHost : h\r\n\r\n", status: 400),
        Refusal(input: "GET / HTTP/1.1\r\nHost: h\u{1}\r\n\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4097\r\n\r\n", status: 413),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1001\r\n", status: 413),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", status: 400),
        Refusal(input: "POST / HTTP/1.1\r\nHost: h\r\nExpect: something\r\n\r\n", status: 417),
        Refusal(input: "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000) + "\r\n\r\n", status: 431),
        Refusal(input: "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000), status: 431),
        Refusal(input: "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n", status: 431),
    ]

    @Test("refusals: the status and a sentence, byte by byte too", arguments: refusals)
    func refused(_ refusal: Refusal) {
        for chunks in [[Int.max], [1], [3, 7]] {
            let events = parse(refusal.input, chunks: chunks)
            let error = failure(events)
            #expect(error?.status.code == refusal.status, "chunks \(chunks): \(events)")
            #expect(error.map { !$0.message.isEmpty } == true)
            #expect(requests(events).isEmpty)
        }
    }

    @Test("after a refusal the parser stays stopped")
    func stopsAfterFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(failure([parser.next()].compactMap { $0 }) != nil)
        #expect(parser.next() == nil)
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(parser.next() == nil)
    }

    @Test("random bytes never crash the parser and memory stays bounded (seed 7)")
    func randomBytes() {
        var rng = SplitMix64(state: 7)
        let alphabet = Array("GET POST / HTTP/1.1\r\n:Host Content-Length Transfer-Encoding chunked 0123456789abcdef;\t".utf8)
        for _ in 0..<500 {
            let n = Int.random(in: 0...600, using: &rng)
            let bytes = (0..<n).map { _ in Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng) }
            _ = parse(bytes, chunks: [Int.random(in: 1...64, using: &rng)], limits: HTTPLimits(maxHeaderBytes: 256, maxBodyBytes: 256))
        }
    }

    @Test("isInsideRequest says whether a closed connection loses bytes")
    func insideRequest() {
        var parser = HTTPRequestParser()
        #expect(!parser.isInsideRequest)
        parser.append(Array("GET / HT".utf8))
        #expect(parser.isInsideRequest)
        parser.append(Array("TP/1.1\r\nHost: h\r\n\r\n".utf8))
        _ = parser.next()
        #expect(!parser.isInsideRequest)
    }
}

@Suite("Request targets and hosts")
struct RequestTargetTests {
    @Test("an absolute-form target's authority replaces Host (RFC 9112 §3.2.2)")
    func absoluteForm() {
        let request = HTTPRequest(method: "GET", target: "http://evil.example:80/__bridge/tauri.js?x=1", headers: ["Host": "127.0.0.1:4000"])
        #expect(request.headers["Host"] == "evil.example:80")
        #expect(request.path == "/__bridge/tauri.js" && request.query == "x=1")
        #expect(HTTPRequest(method: "GET", target: "http://127.0.0.1:4000", headers: ["Host": "x"]).path == "/")
    }

    @Test("a head at the limit is refused or not, however its bytes arrive")
    func limitWhateverTheReads() {
        let limits = HTTPLimits(maxHeaderBytes: 64)
        // The request line and header lines, each with its CRLF: 64 bytes, the limit.
        let requestLine = "GET / HTTP/1.1\r\nHost: h\r\nX: "
        let head = requestLine + String(repeating: "a", count: 62 - requestLine.utf8.count) + "\r\n"
        #expect(head.utf8.count == 64)
        var whole = HTTPRequestParser(limits: limits)
        whole.append(Array((head + "\r\n").utf8))
        guard case .request = whole.next() else { Issue.record("a 64-byte head refused whole"); return }
        // The same bytes with the blank line cut after its CR: accepted too once it completes.
        var split = HTTPRequestParser(limits: limits)
        split.append(Array((head + "\r").utf8))
        #expect(split.next() == nil, "incomplete, not yet over the limit")
        split.append(Array("\n".utf8))
        guard case .request = split.next() else { Issue.record("a 64-byte head refused when split"); return }
    }
}

@Suite("Chunked trailers at the limit")
struct TrailerLimitTests {
    @Test("a trailer of exactly the limit is accepted whether its blank line's CR arrives alone or not (a fuzz finding)")
    func trailerAtLimit() {
        let limits = HTTPLimits(maxHeaderBytes: 64)
        let head = "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        let trailer = "A: " + String(repeating: "b", count: 59) + "\r\n"
        #expect(trailer.utf8.count == 64)
        let bytes = Array((head + trailer + "\r\n").utf8)
        var whole = HTTPRequestParser(limits: limits)
        whole.append(bytes)
        guard case .request = whole.next() else { Issue.record("refused whole"); return }
        var split = HTTPRequestParser(limits: limits)
        var events: [HTTPParseEvent] = []
        for b in bytes { split.append([b]); while let e = split.next() { events.append(e) } }
        guard events.count == 1, case .request = events[0] else { Issue.record("byte by byte: \(events)"); return }
    }
}

/// The HTTP server's percent-decoding, which the fs and http plugins also use (file URLs,
/// headers, data URLs), answering as Foundation's `removingPercentEncoding`.
@Suite("Percent decoding")
struct PercentDecodingTests {
    @Test("percent decoding answers as removingPercentEncoding")
    func percentDecodingAsFoundation() {
        for s in ["", "a", "%41", "%e2%82%ac", "%E2%82", "%zz", "%4", "a%20b%2Fc", "%C3%A9t%C3%A9", "100%", "%%41"] {
            #expect(PercentEncoding.decode(s) == s.removingPercentEncoding, "\(s)")
        }
    }

    @Test("on 20,000 random texts of escapes, cut escapes, hex digits and UTF-8, percent decoding answers as Foundation, but nil for bytes that are not UTF-8")
    func percentDecodingRandom() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["%", "%4", "%41", "%e2", "%82", "%ac", "%C3", "%A9", "%zz", "%2F", "%00", "a", "Z", "0", "f", "|", "é", "€", "🎉", " ", "%%"]
        for _ in 0..<20_000 {
            let s = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // Foundation repairs bytes that are not UTF-8 (U+FFFD, which no piece holds);
            // `decode` answers nil for them, as it always has (its documented rule).
            let expected = s.removingPercentEncoding.flatMap { $0.contains("\u{FFFD}") ? nil : $0 }
            #expect(PercentEncoding.decode(s) == expected, "\(s)")
        }
    }

    @Test("a field name is a token: RFC 9110's tchar, every one of the 256 bytes checked, in names the parser takes or refuses")
    func tokenBytes() {
        let tchar = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        for byte in 0...255 {
            let b = UInt8(byte)
            #expect(HTTPRequestParser.isTokenByte(b) == tchar.contains(b), "byte \(byte)")
            guard b != 58, b != 13, b != 10 else { continue }
            // In the middle of a field name: the request is read, or refused as malformed.
            let head = Array("GET / HTTP/1.1\r\nHost: h\r\nX-".utf8) + [b] + Array("y: 1\r\n\r\n".utf8)
            var parser = HTTPRequestParser(limits: HTTPLimits())
            parser.append(head)
            switch parser.next() {
            case .request(let request): #expect(tchar.contains(b) && request.headers.first("X-" + String(decoding: [b], as: UTF8.self) + "y") == "1", "byte \(byte)")
            case .failure(let error): #expect(!tchar.contains(b) && error.message.contains("header field"), "byte \(byte): \(error.message)")
            default: Issue.record("byte \(byte): neither read nor refused")
            }
        }
    }
}

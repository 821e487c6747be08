import Testing
@testable import BridgeHTTPServer

/// The fields as the parser keeps them (ranges of the head) against a plain model of them: a
/// list of (name, value) strings looked up by `lowercased()` names.
@Suite("HTTP header fields kept as ranges of the head")
struct HTTPHeadersTests {
    /// Names in several cases, repeated names, values with inner spaces, commas and UTF-8.
    static let names = ["Host", "host", "HOST", "Connection", "connection", "X-Thing", "x-thing", "Content-Type", "Accept", "Tauri-Callback", "Bridge-Page", "Sec-Fetch-Site"]
    static let values = ["", "a", "close", "keep-alive, Close", " x , y ", "héllo wörld", "1", "text/plain; charset=utf-8", "a,,b", "Close ,upgrade"]

    static func model(_ fields: [(String, String)], _ name: String) -> [String] {
        fields.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }

    @Test("first, all, contains(token:), count, iteration and the subscript agree with the model: 500 random heads")
    func agreesWithModel() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var fields: [(String, String)] = [("Host", "127.0.0.1:1")]
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                fields.append((Self.names.randomElement(using: &rng)!, Self.values.randomElement(using: &rng)!))
            }
            let head = "GET / HTTP/1.0\r\n" + fields.map { "\($0.0):  \($0.1)\t\r\n" }.joined() + "\r\n"
            let parsed = try #require(requests(parse(head)).first, "\(head.debugDescription)")
            // The parser trims the value's optional whitespace.
            let trimmed = fields.map { ($0.0, String($0.1.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())) }
            var built = HTTPHeaders()
            for (name, value) in trimmed { built.add(name, value) }
            for headers in [parsed.headers, built] {
                #expect(headers.count == trimmed.count)
                #expect(headers.map(\.name) == trimmed.map(\.0))
                #expect(headers.map(\.value) == trimmed.map(\.1))
                for name in Self.names + ["Nope"] {
                    #expect(headers.all(name) == Self.model(trimmed, name), "\(name) in \(head.debugDescription)")
                    #expect(headers.first(name) == Self.model(trimmed, name).first)
                    for token in ["close", "CLOSE", "upgrade", "b", ""] {
                        let expected = Self.model(trimmed, name).contains { value in
                            value.split(separator: ",", omittingEmptySubsequences: false)
                                .map { $0.trimmingCharacters(in: [" ", "\t"]) }.contains { !$0.isEmpty && $0.lowercased() == token.lowercased() }
                        }
                        #expect(headers.contains(name, token: token) == expected, "\(name) ∋ \(token) in \(head.debugDescription)")
                    }
                }
            }
            #expect(parsed.headers == built)
            var replaced = parsed.headers
            replaced["connection"] = "upgrade"
            #expect(replaced.all("Connection") == ["upgrade"])
            #expect(replaced.count == trimmed.count - Self.model(trimmed, "connection").count + 1)
            replaced["HOST"] = nil
            #expect(replaced.first("host") == nil)
        }
    }

    @Test("names with other bytes than ASCII (built, never parsed) match as Unicode case folding matches them, at the same length")
    func unicodeNames() {
        let kelvin = "\u{212A}"
        let headers: HTTPHeaders = ["Σx": "1", "\(kelvin)k": "2", "É": "3", "k": "4"]
        #expect(headers.all("σx") == ["1"])
        #expect(headers.all("k\(kelvin)") == ["2"], "both fold to kk, and are four bytes each")
        #expect(headers.all("é") == ["3"])
        #expect(headers.all("K") == ["4"], "the Kelvin sign folds to k but is three bytes")
        #expect(headers.first("σX") == "1")
    }

    @Test("a field value's bytes are checked a word at a time as byte by byte: every byte at every offset, and random runs")
    func fieldValueBytes() {
        func reference(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) } }
        func checked(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { HTTPRequestParser.isFieldValue($0.baseAddress!, 0, $0.count) } }
        for byte in 0...255 {
            for offset in 0..<19 {
                var bytes = Array(repeating: UInt8(ascii: "v"), count: 19)
                bytes[offset] = UInt8(byte)
                #expect(checked(bytes) == reference(bytes), "byte \(byte) at \(offset)")
            }
        }
        var rng = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [9, 10, 13, 0, 31, 32, 65, 126, 127, 128, 0xC3, 0xA9, 255]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                Bool.random(using: &rng) ? UInt8(ascii: "a") : alphabet.randomElement(using: &rng)!
            }
            #expect(checked(bytes) == reference(bytes), "\(bytes)")
        }
    }

    @Test("a bad field line is refused naming what is wrong; blank lines and optional whitespace are not errors", arguments: [
        ("X-A: 1\r\n Folded\r\n", "obsolete line folding in header fields is not accepted"),
        ("\tX-A: 1\r\n", "obsolete line folding in header fields is not accepted"),
        ("No colon here\r\n", "malformed header field line (no name and colon)"),
        (": empty name\r\n", "malformed header field line (no name and colon)"),
        ("Bad Name: 1\r\n", "malformed header field name \"Bad Name\""),
        ("X-A: one\u{7F}two\r\n", "control characters in the value of X-A"),
        ("X-A: one\u{1}two\r\n", "control characters in the value of X-A"),
    ])
    func refusedLines(fields: String, message: String) {
        let error = failure(parse("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n"))
        #expect(error?.status == .badRequest)
        #expect(error?.message == message)
    }

    @Test("a tab inside a value, and spaces and tabs around it, are a value's; the last line may end in a bare LF")
    func valueWhitespace() throws {
        let request = try #require(requests(parse("GET / HTTP/1.1\r\nHost: h\r\nX-A: \t a\tb \t\r\nX-B:c\n\r\n")).first)
        #expect(request.headers.first("x-a") == "a\tb")
        #expect(request.headers.first("X-B") == "c")
    }

    @Test("a response writes its fields as given, but Content-Length and Connection, which it writes itself")
    func responseBytes() {
        var response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain", "content-length": "99", "X-A": "é"], body: Array("hi".utf8))
        response.headers.add("CONNECTION", "keep-alive")
        let text = String(decoding: response.serialized(keepAlive: false), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-A: é\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
    }

    @Test("names that only look like the framing fields are written")
    func nearFramingNames() {
        var response = HTTPResponse(status: .ok, body: [])
        for name in ["Connections", "Connectio", "Content-Lengths", "Content-Lengt", "Content_Length", "Coonnection", "X-Connection"] {
            response.headers.add(name, "v")
        }
        response.headers.add("cOnNeCtIoN", "close")
        let text = String(decoding: response.serialized(keepAlive: true), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nConnections: v\r\nConnectio: v\r\nContent-Lengths: v\r\nContent-Lengt: v\r\n"
                + "Content_Length: v\r\nCoonnection: v\r\nX-Connection: v\r\nContent-Length: 0\r\n\r\n")
    }

    @Test("a length is written in decimal digits as String(_:) writes it")
    func decimalLengths() {
        var generator = SystemRandomNumberGenerator()
        let table = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 65535, 1 << 20, 16 << 20, Int(UInt32.max), Int.max]
            + (0..<2000).map { _ in Int.random(in: 0...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator) }
        for value in table {
            var out: [UInt8] = [7]
            HTTPResponse.appendDecimal(value, to: &out)
            #expect(out == [7] + Array(String(value).utf8), "\(value)")
        }
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
extension Substring {
    func trimmingCharacters(in set: Set<Character>) -> String { String(self).trimmingCharacters(in: set) }
}

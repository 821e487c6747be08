@testable import BridgeMatching
import Testing
import TestSupport

/// Each row: a URL as written, and its serialization as WHATWG's parser (rust-url) gives it, or
/// nil where the parser fails. Expected values follow the URL standard's algorithms
/// (https://url.spec.whatwg.org/#concept-basic-url-parser) and WPT's `urltestdata.json` rows of
/// the same shape.
@Suite("WHATWGURL reads a URL as rust-url does")
struct WHATWGURLTests {
    static let rows: [(String, String?)] = [
        // Dot segments, written and percent-encoded.
        ("http://127.0.0.1:8080/api/../admin/x", "http://127.0.0.1:8080/admin/x"),
        ("http://h.test/api/%2e%2e/admin", "http://h.test/admin"),
        ("http://h.test/api/./../admin", "http://h.test/admin"),
        ("http://h.test/api/.%2E/admin", "http://h.test/admin"),
        ("http://h.test/api/%2E./admin", "http://h.test/admin"),
        ("http://h.test/a/%2e/b", "http://h.test/a/b"),
        ("http://h.test/a/%2E%2e/", "http://h.test/"),
        ("http://h.test/a/b/..", "http://h.test/a/"),
        ("http://h.test/a/b/.", "http://h.test/a/b/"),
        ("http://h.test/%2e", "http://h.test/"),
        ("http://h.test/../../x", "http://h.test/x"),
        ("http://h.test/a/...", "http://h.test/a/..."),
        ("http://h.test/a/%2e%2e%2e", "http://h.test/a/%2e%2e%2e"),
        ("http://h.test/a//b", "http://h.test/a//b"),
        ("http://h.test/a\\..\\b", "http://h.test/b"),
        ("http://h.test#x/../y", "http://h.test/#x/../y"),
        // Scheme, host case, ports.
        ("HTTP://H.Test:80/A", "http://h.test/A"),
        ("https://h.test:443/", "https://h.test/"),
        ("https://h.test:80/", "https://h.test:80/"),
        ("http://h.test:0080/", "http://h.test/"),
        ("http://h.test:/", "http://h.test/"),
        ("ws://h.test:80/", "ws://h.test/"),
        ("http://h.test:65536/", nil),
        ("http://h.test:8a/", nil),
        ("http://h.test?x", "http://h.test/?x"),
        // IPv4 spellings.
        ("http://127.1/", "http://127.0.0.1/"),
        ("http://2130706433/", "http://127.0.0.1/"),
        ("http://0x7f000001/", "http://127.0.0.1/"),
        ("http://0177.0.0.1/", "http://127.0.0.1/"),
        ("http://127.0.0.01/", "http://127.0.0.1/"),
        ("http://0x7F.0.0.1/", "http://127.0.0.1/"),
        ("http://127.0.1/", "http://127.0.0.1/"),
        ("http://127.0.0.1./", "http://127.0.0.1/"),
        ("http://1.256/", "http://1.0.1.0/"),
        ("http://1.0x10.3/", "http://1.16.0.3/"),
        ("http://4294967295/", "http://255.255.255.255/"),
        ("http://0/", "http://0.0.0.0/"),
        ("http://0x/", "http://0.0.0.0/"),
        ("http://%31%32%37.0.0.1/", "http://127.0.0.1/"),
        ("http://256.0.0.1/", nil),
        ("http://0x100000000/", nil),
        ("http://4294967296/", nil),
        ("http://1.2.3.4.5/", nil),
        ("http://08/", nil),
        ("http://1..2/", nil),
        ("http://foo.0x1/", nil),
        ("http://1.2.3.foo/", "http://1.2.3.foo/"),
        // Domains.
        ("http://example.com./", "http://example.com./"),
        ("http://EXAMPLE.%43om/", "http://example.com/"),
        ("http://bücher.example/", "http://xn--bcher-kva.example/"),
        ("http://\u{24BD}.test/", "http://h.test/"),
        ("http://h%00.test/", nil),
        ("http://h test/", nil),
        ("http://h<.test/", nil),
        ("http://h%25.test/", nil),
        // IPv6.
        ("http://[::1]/", "http://[::1]/"),
        ("http://[0:0:0:0:0:0:0:1]:8080/", "http://[::1]:8080/"),
        ("http://[::FFFF:127.0.0.1]/", "http://[::ffff:7f00:1]/"),
        ("http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/"),
        ("http://[::1/", nil),
        ("http://[1:2:3:4:5:6:7:8:9]/", nil),
        ("http://[::1.2.3]/", nil),
        // Userinfo.
        ("http://user:pass@h.test/", "http://user:pass@h.test/"),
        ("http://a@b@h.test/", "http://a%40b@h.test/"),
        ("http://:@h.test/", "http://h.test/"),
        ("http://u@/x", nil),
        // Slashes, controls, spaces, NUL.
        ("http:///h.test/x", "http://h.test/x"),
        ("http:h.test/x", "http://h.test/x"),
        ("http:\\\\h.test\\x", "http://h.test/x"),
        ("\u{0} http://h.test/secret \u{1F}", "http://h.test/secret"),
        ("http://h.test/secret\u{0}", "http://h.test/secret"),
        ("http://h.te\tst/a\nb\r", "http://h.test/ab"),
        ("http://h.test/a\u{0}b", "http://h.test/a%00b"),
        ("http://h.test/a b/\u{7F}", "http://h.test/a%20b/%7F"),
        ("http://h.test/é", "http://h.test/%C3%A9"),
        ("http://h.test/a?b c'#d e", "http://h.test/a?b%20c%27#d%20e"),
        ("http://h.test/{x}", "http://h.test/%7Bx%7D"),
        // Not absolute, or no host.
        ("relative/path", nil),
        ("/x", nil),
        ("mailto:a@b", nil),
        ("http://", nil),
        ("tauri://localhost", "tauri://localhost/"),
    ]

    @Test("a table of URLs and how the parser writes them", arguments: rows)
    func serializes(input: String, expected: String?) {
        let parsed = try? WHATWGURL.parse(input)
        #expect(parsed?.href == expected, "\(input.debugDescription)")
    }

    @Test("a failure names rust-url's error and what was wrong", arguments: [
        ("http://256.0.0.1/", "invalid IPv4 address"), ("http://h.test:99999/", "invalid port number"),
        ("http://[::1/", "invalid IPv6 address"), ("http://h%00.test/", "invalid domain character"),
        ("http://u@/x", "empty host"), ("x", "relative URL without a base"),
    ])
    func failures(input: String, message: String) {
        #expect(throws: WHATWGURL.Failure.self) { try WHATWGURL.parse(input) }
        do { _ = try WHATWGURL.parse(input) } catch {
            #expect(error.message == message)
            #expect(!error.detail.isEmpty)
        }
    }

    @Test("punycode as RFC 3492's examples", arguments: [("bücher", "bcher-kva"), ("münchen", "mnchen-3ya"), ("日本語", "wgv71a119e")])
    func punycode(label: String, encoded: String) {
        #expect(WHATWGURL.punycode(label.unicodeScalars.map(\.value)) == encoded)
    }

    @Test("redirect targets resolve against the URL they came from", arguments: [
        ("/admin/x", "http://127.0.0.1:8080/admin/x"), ("../admin", "http://127.0.0.1:8080/admin"),
        ("x?y", "http://127.0.0.1:8080/api/x?y"), ("?q", "http://127.0.0.1:8080/api/v1?q"),
        ("//0x7f.1:9/z", "http://127.0.0.1:9/z"), ("https://H.test", "https://h.test/"), ("#f", "http://127.0.0.1:8080/api/v1?a#f"),
        ("", "http://127.0.0.1:8080/api/v1?a"),
    ])
    func resolves(location: String, expected: String) throws {
        let base = try WHATWGURL.parse("http://127.0.0.1:8080/api/v1?a#old")
        #expect(try WHATWGURL.resolve(location, against: base).href == expected)
    }

    @Test("URL patterns read their literal host and port as the parser does", arguments: [
        ("http://0x7f.1:80/admin/*", "http://127.0.0.1/admin/x", true),
        ("http://127.0.0.01:8080", "http://2130706433:8080/a", true),
        ("http://[0::1]/*", "http://[::1]/", true),
        ("https://H.TEST/*", "https://h.test/", true),
        ("http://127.0.0.1:8080", "http://127.0.0.2:8080/", false),
    ])
    func patterns(pattern: String, url: String, matches: Bool) throws {
        #expect(try URLPattern(pattern).matches(WHATWGURL.parse(url)) == matches)
    }

    @Test("a pattern whose literal host is no host is refused")
    func invalidPatternHost() {
        #expect(throws: PatternError.self) { try URLPattern("http://256.0.0.1/*") }
    }
}

@Suite("WHATWGURL's properties over random URLs")
struct WHATWGURLPropertyTests {
    static let seed: UInt64 = 0x0075_2100_4ADD_0008
    static let hosts = ["127.0.0.1", "127.1", "0x7f.1", "0177.0.0.1", "2130706433", "127.0.0.01", "127.0.0.1.", "%31%32%37.0.0.1"]
    static let segments = ["a", "api", "admin", "..", ".", "%2e", "%2E%2e", ".%2e", "%2e.", "", "x y", "é", "\u{0}"]

    /// RFC 3986 §5.2.4 `remove_dot_segments`, with `%2e` read as `.` in a whole segment: an
    /// independent statement of what the path resolves to.
    static func removeDotSegments(_ segments: [String]) -> [String] {
        var output: [String] = []
        for (k, s) in segments.enumerated() {
            let dots = s.lowercased().replacingOccurrences(of: "%2e", with: ".")
            let last = k == segments.count - 1
            if dots == ".." {
                _ = output.popLast()
                if last { output.append("") }
            } else if dots == "." {
                if last { output.append("") }
            } else {
                output.append(s)
            }
        }
        return output
    }

    @Test("normalizing twice is normalizing once; the path has no dot segment; a denied prefix is refused in every spelling")
    func properties() throws {
        print("WHATWGURLPropertyTests: seed 0x\(String(Self.seed, radix: 16))")
        var rng = SplitMix64(state: Self.seed)
        let deny = try URLPattern("http://127.0.0.1:8080/admin/*")
        var denied = 0
        for _ in 0..<3_000 {
            let host = Self.hosts.randomElement(using: &rng) ?? ""
            let parts = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.segments.randomElement(using: &rng) ?? "" }
            let separators = parts.map { _ in Bool.random(using: &rng) ? "/" : "\\" }
            let path = zip(separators, parts).map { $0 + $1 }.joined()
            let scheme = Bool.random(using: &rng) ? "http" : "HTTP"
            let text = "\(scheme)://\(host):8080\(path)"
            let once = try WHATWGURL.parse(text)
            #expect(try WHATWGURL.parse(once.href).href == once.href, "\(text.debugDescription)")
            #expect(once.host == "127.0.0.1", "\(text.debugDescription)")
            // The parser drops the input's trailing C0 controls first: a final NUL segment is empty.
            var written = parts
            if written.last == "\u{0}" { written[written.count - 1] = "" }
            let resolved = Self.removeDotSegments(written)
            let expected = "/" + resolved.map { WHATWGURL.encode(Array($0.utf8)[...], WHATWGURL.pathSet) }.joined(separator: "/")
            #expect(once.path == expected, "\(text.debugDescription)")
            let isDenied = once.path.hasPrefix("/admin/")
            if isDenied { denied += 1 }
            #expect(deny.matches(once) == isDenied, "\(text.debugDescription) → \(once.href)")
        }
        #expect(denied > 50, "the generator reaches the denied prefix often enough to mean something")
    }
}

@testable import BridgeMatching
import Testing
import TestSupport

/// The scope indexes find exactly what walking every entry finds, the first one included.
@Suite("URL and path scopes indexed: the same answers as walking every entry")
struct PatternIndexTests {
    static let schemes = ["https", "http", "wss", "h*", "*"]
    static let hosts = ["api.example.com", "example.com", "*.example.com", "a.b.c", "*", "127.0.0.1", "[::1]", "API.Example.com", "x.*", ":sub.example.com"]
    static let paths = ["", "/", "/*", "/v1/*", "/v1/users", "/:id", "/v2/**"]
    static let urlHosts = ["api.example.com", "example.com", "sub.example.com", "a.b.c", "127.0.0.1", "[::1]", "x.y", "other.org"]
    static let urlPaths = ["/", "/v1/users", "/v1/x", "/v2/a/b", "/id"]

    @Test("URL patterns: first(matching:) is the first entry that matches, for 40 random scopes of 1 to 60 entries")
    func urls() throws {
        var random = SplitMix64(state: 0x5C0E)
        var hits = 0
        for _ in 0..<40 {
            var patterns: [URLPattern] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                let text = Self.schemes.randomElement(using: &random)! + "://" + Self.hosts.randomElement(using: &random)! + Self.paths.randomElement(using: &random)!
                if let p = try? URLPattern(text) { patterns.append(p) }
            }
            let index = URLPatternIndex(patterns)
            for scheme in ["https", "http", "wss"] {
                for host in Self.urlHosts {
                    for path in Self.urlPaths {
                        let url = try WHATWGURL.parse("\(scheme)://\(host)\(path)")
                        let walked = patterns.first { $0.matches(url) }
                        if walked != nil { hits += 1 }
                        #expect(index.first(matching: url)?.text == walked?.text, "\(url.href) in \(patterns.map(\.text))")
                    }
                }
            }
        }
        #expect(hits > 1000, "the table matches often enough to compare: \(hits)")
    }

    @Test("a literal scheme and host files an entry; a wildcard in either leaves it for every URL", arguments: [
        ("https://api.example.com/*", "https://api.example.com"), ("https://API.Example.com", "https://api.example.com"),
        ("http://127.0.0.1:8080/x", "http://127.0.0.1"), ("https://[::1]/", "https://[::1]"),
        ("https://*.example.com", nil), ("h*://example.com", nil), ("https://:sub.example.com", nil), ("https://a.{b,c}.com", nil),
    ] as [(String, String?)])
    func urlKey(_ text: String, _ key: String?) throws {
        #expect(URLPatternIndex.key(of: try URLPattern(text)) == key)
    }

    static let folders = ["/data", "/data/user", "/data/user/0", "/data/user/0/app", "/tmp", "/"]
    static let tails = ["", "/*", "/**", "/*.txt", "/a.txt", "/sub/**", "/.hidden", "/[ab].txt", "/?"]

    @Test("path globs: first(matching:) is the first entry that matches, for 40 random scopes of 1 to 60 entries, with and without literal leading dots")
    func paths() throws {
        var random = SplitMix64(state: 0xF5)
        var hits = 0
        let probes = ["/", "/data", "/data/a.txt", "/data/user/0/app", "/data/user/0/app/a.txt", "/data/user/0/app/sub/x/y.txt",
                      "/data/user/0/app/.hidden", "/data/user/0/app/b.txt", "/tmp/x", "/tmp/a.txt", "/data/user/0/app/a", "/elsewhere/a.txt"]
        for _ in 0..<40 {
            var globs: [PathGlob] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                var text = Self.folders.randomElement(using: &random)! + Self.tails.randomElement(using: &random)!
                if text.hasPrefix("//") { text.removeFirst() }
                if Int.random(in: 0..<8, using: &random) == 0 { text = "**/a.txt" }
                if let g = try? PathGlob(text) { globs.append(g) }
            }
            let index = PathGlobIndex(globs)
            for path in probes {
                for dot in [true, false] {
                    let walked = globs.first { $0.matches(path, requireLiteralLeadingDot: dot) }
                    if walked != nil { hits += 1 }
                    #expect(index.first(matching: path, requireLiteralLeadingDot: dot)?.text == walked?.text, "\(path) in \(globs.map(\.text))")
                }
            }
        }
        #expect(hits > 300, "the table matches often enough to compare: \(hits)")
    }

    @Test("a glob is filed under the literal folders it starts with", arguments: [
        ("/data/user/0/app/**", "/data/user/0/app"), ("/data/*.txt", "/data"), ("/**", "/"), ("/a/b/c.txt", "/a/b/c.txt"),
        ("/a/[bc]/d", "/a"), ("relative/**", nil), ("C:\\Users\\**", nil), ("/a//b", nil), ("/a/b/", nil),
    ] as [(String, String?)])
    func globKey(_ text: String, _ key: String?) {
        #expect(PathGlobIndex.key(of: text) == key)
    }
}

/// A glob with several wildcards is matched from a table, in path × pattern steps: the same
/// outcome as the glob crate's walk, on a wide random table, and no hang where the walk takes minutes.
@Suite("Path globs with several wildcards: the walk's answers in path × pattern steps")
struct PathGlobTableTests {
    @Test("the table and the walk agree on 4,000 random globs and paths", arguments: [true, false])
    func agree(separator: Bool) throws {
        var random = SplitMix64(state: separator ? 0xAB : 0xCD)
        let pieces = ["*", "**", "?", "a", "b", ".", "/", "[ab]", "[!a]", "x"]
        let chars: [Character] = ["a", "b", ".", "/", "x", "c"]
        var matched = 0
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) { text += pieces.randomElement(using: &random)! }
            guard let glob = try? PathGlob(text) else { continue }
            let path = String((0..<Int.random(in: 0...14, using: &random)).map { _ in chars.randomElement(using: &random)! })
            for dot in [true, false] {
                let walked = glob.walked(Array(path), dot: dot, sep: separator)
                if walked { matched += 1 }
                #expect(glob.table(Array(path), dot: dot, sep: separator) == walked, "\(text) against \(path.debugDescription), dot \(dot)")
            }
        }
        #expect(matched > 100, "the table matches often enough to compare: \(matched)")
    }

    @Test("many wildcards against a long path answer at once; past the table's bound the path is refused")
    func bounded() throws {
        let glob = try PathGlob("/**/" + String(repeating: "*a", count: 40) + "x")
        let path = "/" + String(repeating: "a", count: 3000) + "/" + String(repeating: "a", count: 3000)
        #expect(!glob.matches(path, requireLiteralLeadingDot: false))
        #expect(try PathGlob("/**/*a*b").matches("/x/" + String(repeating: "a", count: 5000) + "b", requireLiteralLeadingDot: true))
        let huge = "/" + String(repeating: "a", count: PathGlob.maxTableCells)
        #expect(!(try PathGlob("/*a*a")).matches(huge, requireLiteralLeadingDot: true))
    }
}

import BridgeMatching
import Testing
import TestSupport

@Suite("URL and glob patterns")
struct PatternTests {
    @Test("window globs", arguments: [
        ("main", "main", true), ("main", "main2", false), ("main-*", "main-2", true), ("main-*", "main", false),
        ("*", "anything", true), ("w?", "w1", true), ("w?", "w12", false), ("[ab]*", "b-x", true), ("[!ab]*", "a-x", false),
        ("[a-c]1", "b1", true), ("*-*", "a-b-c", true), ("**", "", true),
        // A character is a Unicode scalar, as Rust's `char`: a decomposed é is two.
        ("w?", "w\u{E9}", true), ("w?", "we\u{301}", false), ("w??", "we\u{301}", true),
        ("[\u{E0}-\u{FF}]", "\u{E9}", true),
    ])
    func globs(pattern: String, label: String, matches: Bool) throws {
        #expect(try GlobPattern(pattern).matches(label) == matches)
    }

    @Test("remote URL patterns match origins, with wildcards in scheme, host, port and path", arguments: [
        ("https://tauri.app", "https://tauri.app/any/path?x=1", true),
        ("https://tauri.app", "http://tauri.app/", false),
        ("https://tauri.app", "https://tauri.app:8443/", false),
        ("https://*.frak.id/*", "https://wallet.frak.id/x", true),
        ("https://*.frak.id/*", "https://frak.id.evil.com/x", false),
        ("http*://localhost:*/*", "http://localhost:5173/", true),
        ("http*://localhost:*/*", "https://localhost:1/app", true),
        ("https://app.example/app/*", "https://app.example/other", false),
        ("https://:sub.example.com/*", "https://a.example.com/", true),
        ("https://:sub.example.com/*", "https://a.b.example.com/", false),
    ])
    func urlPatternMatching(pattern: String, origin: String, matches: Bool) throws {
        guard case .remote(let url) = try CallOrigin(origin) else {
            Issue.record("not remote")
            return
        }
        #expect(try URLPattern(pattern).matches(url) == matches)
    }
}

@Suite("Pattern matching is linear in the input, whatever the pattern")
struct MatchingCostTests {
    /// Generous for a loaded machine: exponential backtracking took 9.8 s on the first case and
    /// over 30 s on the second; the linear matchers take microseconds.
    static let bound: Duration = .seconds(5)

    static func timed(_ body: () -> Bool) -> (Bool, Duration) {
        var result = false
        let elapsed = ContinuousClock().measure { result = body() }
        return (result, elapsed)
    }

    @Test("a remote URL pattern of many stars against 40 a's (the issue's attack)", arguments: [8, 12, 40])
    func urlStars(stars: Int) throws {
        let pattern = try URLPattern("https://a.test/" + String(repeating: "*", count: stars) + "x")
        guard case .remote(let url) = try CallOrigin("https://a.test/" + String(repeating: "a", count: 40)) else {
            Issue.record("not remote")
            return
        }
        let (matched, elapsed) = MatchingCostTests.timed { pattern.matches(url) }
        #expect(!matched)
        #expect(elapsed < MatchingCostTests.bound)
        // And it still matches what it should.
        guard case .remote(let hit) = try CallOrigin("https://a.test/" + String(repeating: "a", count: 40) + "x") else { return }
        #expect(pattern.matches(hit))
    }

    @Test("named segments and stars interleaved against a long path")
    func urlSegments() throws {
        let pattern = try URLPattern("https://a.test/" + Array(repeating: ":p*", count: 12).joined() + "/x")
        guard case .remote(let url) = try CallOrigin("https://a.test/" + String(repeating: "a", count: 20_000)) else { return }
        let (matched, elapsed) = MatchingCostTests.timed { pattern.matches(url) }
        #expect(!matched)
        #expect(elapsed < MatchingCostTests.bound)
    }

    @Test("a host of many stars against a 60-letter label")
    func hostStars() throws {
        let pattern = try URLPattern("https://" + String(repeating: "*a", count: 12) + "b.test")
        guard case .remote(let url) = try CallOrigin("https://" + String(repeating: "a", count: 60) + ".test/") else { return }
        let (matched, elapsed) = MatchingCostTests.timed { pattern.matches(url) }
        #expect(!matched)
        #expect(elapsed < MatchingCostTests.bound)
    }

    @Test("a window glob of many stars against a long label", arguments: [12, 40])
    func globStars(stars: Int) throws {
        let glob = try GlobPattern(String(repeating: "*a", count: stars) + "x")
        let (matched, elapsed) = MatchingCostTests.timed { glob.matches(String(repeating: "a", count: 20_000)) }
        #expect(!matched)
        #expect(elapsed < MatchingCostTests.bound)
        #expect(glob.matches(String(repeating: "a", count: 100) + "x"))
    }
}

/// The obvious backtracking matcher of one URL pattern component, as an oracle on small inputs.
func backtrackingMatch(_ pattern: [Character], _ value: [Character], separator: Character?) -> Bool {
    func go(_ i: Int, _ j: Int) -> Bool {
        if i == pattern.count { return j == value.count }
        if pattern[i] == "*" { return (j...value.count).contains { go(i + 1, $0) } }
        if pattern[i] == ":", i + 1 < pattern.count, pattern[i + 1].isLetter || pattern[i + 1] == "_" {
            var next = i + 1
            while next < pattern.count, pattern[next].isLetter || pattern[next].isNumber || pattern[next] == "_" { next += 1 }
            var end = j
            while end < value.count, value[end] != separator { end += 1 }
            return end > j && (j + 1...end).contains { go(next, $0) }
        }
        return j < value.count && pattern[i] == value[j] && go(i + 1, j + 1)
    }
    return go(0, 0)
}

@Suite("The linear URL matcher agrees with backtracking")
struct URLMatcherDifferentialTests {
    static let seed: UInt64 = 0x0011_A5EE_D000_0042

    @Test("paths: 3,000 random patterns and values")
    func paths() throws {
        print("URLMatcherDifferentialTests: seed 0x\(String(URLMatcherDifferentialTests.seed, radix: 16))")
        var rng = SplitMix64(state: URLMatcherDifferentialTests.seed)
        let patternAlphabet: [String] = ["a", "b", "/", "*", ":p", ":q1", ":", "."]
        let valueAlphabet: [Character] = ["a", "b", "/", ".", ":"]
        for _ in 0..<3_000 {
            let path = "/" + (0..<Int.random(in: 0..<7, using: &rng)).map { _ in patternAlphabet.randomElement(using: &rng) ?? "" }.joined()
            let value = "/" + String((0..<Int.random(in: 0..<9, using: &rng)).map { _ in valueAlphabet.randomElement(using: &rng) ?? "a" })
            let pattern = try URLPattern("https://h.test" + path)
            guard case .remote(let url) = try CallOrigin("https://h.test" + value) else { continue }
            let expected = backtrackingMatch(Array(pattern.pathname), Array(url.path), separator: "/")
            #expect(pattern.matches(url) == expected, "\(pattern.pathname) on \(url.path)")
        }
    }
}

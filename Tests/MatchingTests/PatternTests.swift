import BridgeMatching
import Testing

@Suite("URL and glob patterns")
struct PatternTests {
    @Test("window globs", arguments: [
        ("main", "main", true), ("main", "main2", false), ("main-*", "main-2", true), ("main-*", "main", false),
        ("*", "anything", true), ("w?", "w1", true), ("w?", "w12", false), ("[ab]*", "b-x", true), ("[!ab]*", "a-x", false),
        ("[a-c]1", "b1", true), ("*-*", "a-b-c", true), ("**", "", true),
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

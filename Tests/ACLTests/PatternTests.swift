import Testing
@testable import BridgeACL

@Suite("Identifiers and patterns")
struct PatternTests {
    @Test("identifiers follow Tauri's rules", arguments: [
        ("frak-share:allow-share-text", nil as Identifier.Problem?), ("default", nil), ("pre--fix:base--sep", nil),
        ("", .empty), ("tauri-plugin-x:y", .startsWithTauriPlugin), ("-prefix:base", .invalidFormat),
        ("prefix-:base", .invalidFormat), ("prefix:-base", .invalidFormat), ("prefix:base-", .trailingHyphen),
        ("prefix::base", .multipleSeparators), (":base", .invalidFormat), ("prefix:", .prefixWithoutBase),
        ("a:b:c", .multipleSeparators), ("Frak:share", .invalidFormat), ("frak_share:x", .invalidFormat),
        (String(repeating: "a", count: 117), .tooLong(117)),
    ])
    func identifiers(text: String, problem: Identifier.Problem?) {
        do {
            let id = try Identifier(text)
            #expect(problem == nil)
            #expect(id.text == text)
        } catch {
            #expect(error == problem)
        }
    }

    @Test("prefix and base")
    func parts() throws {
        let id = try Identifier("frak-share:default")
        #expect(id.prefix == "frak-share")
        #expect(id.base == "default")
        #expect(try Identifier("default").prefix == nil)
    }

    @Test("window globs", arguments: [
        ("main", "main", true), ("main", "main2", false), ("main-*", "main-2", true), ("main-*", "main", false),
        ("*", "anything", true), ("w?", "w1", true), ("w?", "w12", false), ("[ab]*", "b-x", true), ("[!ab]*", "a-x", false),
        ("[a-c]1", "b1", true), ("*-*", "a-b-c", true), ("**", "", true),
    ])
    func globs(pattern: String, label: String, matches: Bool) throws {
        #expect(try GlobPattern(pattern).matches(label) == matches)
    }

    @Test("remote URL patterns parse into Tauri's components")
    func urlPatternComponents() throws {
        let p = try URLPattern("https://tauri.app")
        #expect(p.json == ["hash": "*", "hostname": "tauri.app", "password": "*", "pathname": "*", "port": "", "protocol": "https", "search": "*", "username": "*"])
        #expect(throws: PatternError.self) { try URLPattern("tauri.app") }
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

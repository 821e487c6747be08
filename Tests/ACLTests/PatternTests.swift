import Testing
@testable import BridgeACL
import BridgeMatching

@Suite("Identifiers and patterns")
struct PatternTests {
    @Test("identifiers follow Tauri's rules", arguments: [
        ("frak-share:allow-share-text", nil as Identifier.Problem?), ("default", nil), ("pre--fix:base--sep", nil),
        ("", .empty), ("tauri-plugin-x:y", .startsWithTauriPlugin), ("-prefix:base", .invalidFormat),
        ("prefix-:base", .invalidFormat), ("prefix:-base", .invalidFormat), ("prefix:base-", .trailingHyphen),
        ("prefix::base", .multipleSeparators), (":base", .invalidFormat), ("prefix:", .prefixWithoutBase),
        ("a:b:c", .multipleSeparators), ("Frak:share", .invalidFormat), ("frak_share:x", .invalidFormat),
        (String(repeating: "a", count: 117), .tooLong(117)),
        // Tauri's own cases (identifier.rs): one separator unless core.
        ("prefix3:base", nil), ("prefix:base--sep", nil), ("pre--fix:base", nil),
        ("-prefix-:-base-", .invalidFormat), (":prefix:base:", .invalidFormat), ("base:", .prefixWithoutBase),
        ("💩", .invalidFormat), ("tauri-plugin-prefix:base", .startsWithTauriPlugin),
        // Core identifiers may carry a second separator, as real apps' capabilities write them.
        ("core:window:allow-theme", nil), ("core:default", nil), ("core:path:default", nil), ("core::base", nil),
        ("core:", .prefixWithoutBase), ("core:window:", .prefixWithoutBase), ("core:window:-x", .invalidFormat),
        ("core-:window:x", .invalidFormat), ("corex:window:x", .multipleSeparators), ("window:core:x", .multipleSeparators),
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

    @Test("a core identifier's last separator splits the core plugin from the base")
    func coreParts() throws {
        let id = try Identifier("core:window:allow-theme")
        #expect(id.prefix == "core:window")
        #expect(id.base == "allow-theme")
        #expect(try Identifier("core:default").prefix == "core")
    }

    @Test("remote URL patterns parse into Tauri's components")
    func urlPatternComponents() throws {
        let p = try URLPattern("https://tauri.app")
        #expect(p.json == ["hash": "*", "hostname": "tauri.app", "password": "*", "pathname": "*", "port": "", "protocol": "https", "search": "*", "username": "*"])
        #expect(throws: PatternError.self) { try URLPattern("tauri.app") }
    }
}

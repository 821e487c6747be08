import BridgeMatching
import Testing

/// The glob crate's rules as Tauri's fs scope uses them (the crate's own tests, and Tauri's
/// `scope/fs.rs` tests, restated).
@Suite("Path globs match as the glob crate does under Tauri's fs scope")
struct PathGlobTests {
    func m(_ pattern: String, _ path: String, dot: Bool = true) throws -> Bool {
        try PathGlob(pattern).matches(path, requireLiteralLeadingDot: dot)
    }

    @Test("* stays within a component; ** takes whole components, its separator with it")
    func wildcards() throws {
        #expect(try m("/app/*", "/app/a.txt"))
        #expect(try !m("/app/*", "/app/sub/a.txt"), "require_literal_separator: GHSA-6mv3-wm7j-h4w5")
        #expect(try m("/app/**", "/app/sub/a.txt"))
        #expect(try m("/app/**", "/app/"))
        #expect(try !m("/app/**", "/app"), "the directory itself needs its own entry ($APPDATA beside $APPDATA/**)")
        #expect(try m("/app/**/b", "/app/b"))
        #expect(try m("/app/**/b", "/app/x/y/b"))
        #expect(try !m("/app/**/b", "/app/xb"), "** retries only after a separator")
        #expect(try m("**/b", "x/b"))
        #expect(try m("/a/?.txt", "/a/b.txt"))
        #expect(try m("/a/[bc].txt", "/a/c.txt"))
        #expect(try !m("/a/[!bc].txt", "/a/c.txt"))
        #expect(try m("/a/[a-z]1", "/a/q1"))
    }

    @Test("requireLiteralLeadingDot: no wildcard reaches a dotfile or .. unless it is off")
    func leadingDot() throws {
        #expect(try !m("/app/**", "/app/.env"))
        #expect(try !m("/app/*", "/app/.env"))
        #expect(try !m("/app/**", "/app/../etc/passwd"), "`..` starts with a dot")
        #expect(try m("/app/**", "/app/.env", dot: false))
        #expect(try m("/app/**", "/app/../etc/passwd", dot: false), "with the rule off, .. is just a component to the glob")
        #expect(try m("/app/.env", "/app/.env"), "a literal dot matches")
        #expect(try m("/app/a.*", "/app/a.b"), "a dot inside a component is no leading dot")
    }

    @Test("without a literal separator (Pattern::matches, opener's URLs) * crosses /")
    func urls() throws {
        let g = try PathGlob("https://*")
        #expect(g.matches("https://tauri.app/docs/x", requireLiteralLeadingDot: false, requireLiteralSeparator: false))
        #expect(!g.matches("https://tauri.app/docs/x", requireLiteralLeadingDot: false), "the fs options stop * at /")
        #expect(!g.matches("http://tauri.app", requireLiteralLeadingDot: false, requireLiteralSeparator: false))
    }

    @Test("malformed patterns are refused with the crate's messages; escape makes a path literal")
    func errors() throws {
        #expect(throws: PatternError.self) { try PathGlob("/app/***") }
        do { _ = try PathGlob("/app/***") } catch { #expect(error.message == "Pattern syntax error near position 5: wildcards are either regular `*` or recursive `**`") }
        #expect(throws: PatternError.self) { try PathGlob("/app/a**") }
        #expect(throws: PatternError.self) { try PathGlob("/app/**a") }
        #expect(throws: PatternError.self) { try PathGlob("/app/[ab") }
        let literal = PathGlob.escape("/home/tauri/**")
        #expect(try m(literal, "/home/tauri/**"))
        #expect(try !m(literal, "/home/tauri/anyfile"))
    }
}

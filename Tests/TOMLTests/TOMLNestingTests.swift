import BridgeTOML
import TestSupport
import Testing

/// `open` `n` times, then `inner`, then `close` `n` times.
func nested(_ open: String, _ close: String, _ n: Int, _ inner: String = "") -> String {
    String(repeating: open, count: n) + inner + String(repeating: close, count: n)
}

/// A dotted key of `n` parts.
func dotted(_ n: Int, _ part: String = "a") -> String {
    Array(repeating: part, count: n).joined(separator: ".")
}

@Suite("TOML nesting is bounded: hostile depth is an error, never a crash")
struct TOMLNestingTests {
    static let limit = TOMLParser.maxDepth

    /// Documents that nest far past the limit in each way TOML can nest.
    static let hostile: [(name: String, text: String)] = [
        ("arrays 50,000 deep", "x = " + nested("[", "]", 50_000)),
        ("inline tables 50,000 deep", "x = " + nested("{a=", "}", 50_000, "1")),
        ("a dotted key of 100,000 parts", dotted(100_000) + " = 1"),
        ("a header of 100,000 parts", "[" + dotted(100_000) + "]"),
        ("an array-of-tables header of 100,000 parts", "[[" + dotted(100_000) + "]]"),
        ("arrays of inline tables, alternating", "x = " + nested("[{a=", "}]", 25_000, "1")),
        ("an unterminated deep array", "x = " + String(repeating: "[", count: 100_000)),
    ]

    static let atLimitDocuments: [String] = [
        "x = " + nested("[", "]", limit),
        dotted(limit) + " = 1",
        "[" + dotted(limit) + "]",
        "[" + dotted(limit - 1) + "]\nb = 1",
        "[" + dotted(limit / 2) + "]\n" + dotted(limit / 2, "b") + " = 1",
        "x = " + nested("{a=", "}", limit - 1, "1"),
    ]

    static let onePastDocuments: [String] = [
        "x = " + nested("[", "]", limit + 1),
        dotted(limit + 1) + " = 1",
        "[" + dotted(limit + 1) + "]",
        "[" + dotted(limit) + "]\nb = 1",
        "[" + dotted(limit / 2) + "]\n" + dotted(limit / 2 + 1, "b") + " = 1",
        "[" + dotted(limit - 1) + "]\nb = [[]]",
        "[" + dotted(limit - 1) + "]\nb = {c = {}}",
        "[[" + dotted(limit) + "]]",
    ]

    @Test("past the limit: a parse error naming the limit", arguments: hostile.map(\.name))
    func refused(name: String) throws {
        let text = try #require(TOMLNestingTests.hostile.first { $0.name == name }).text
        #expect {
            try TOMLParser.parse(text)
        } throws: { error in
            (error as? TOMLParseError)?.message == "tables and arrays nest deeper than \(TOMLNestingTests.limit) levels"
        }
    }

    @Test("at the limit: documents parse", arguments: atLimitDocuments.map(LongText.init))
    func accepted(long: LongText) throws {
        let text = long.text
        _ = try TOMLParser.parse(text)
    }

    @Test("one past the limit is refused, however the levels are made", arguments: onePastDocuments.map(LongText.init))
    func onePast(long: LongText) {
        let text = long.text
        #expect(throws: TOMLParseError.self) { try TOMLParser.parse(text) }
    }
}

import BridgeRegex
@testable import BridgeSchema
import BridgeShareNatives
import Testing

private let cases = [
    ("https://example.com/a?b=c#d", true), ("mailto:a@b.c", true), ("frakwallet://invite/abc", true), ("HTTPS://X.Y", true),
    ("javascript:alert(1)", false), ("JavaScript:x", false), ("data:text/plain,hi", false), ("file:///etc/passwd", false),
    ("about:blank", false), ("blob:https://a/b", false), ("ws://a", false), ("wss://a", false), ("WsS://a", false),
    ("/relative/path", false), ("example.com", false), ("https://a b", false), ("https://a/%zz", false), ("1http://x", false),
]

@Suite("share: the url rule (Web Share)")
struct ShareLinkTests {
    @Test("absolute URLs of schemes Web Share accepts pass; local, file, script and socket schemes and relative URLs fail", arguments: cases)
    func rule(url: String, passes: Bool) {
        #expect((ShareLink.problem(url) == nil) == passes, "\(url): \(ShareLink.problem(url) ?? "passes")")
    }

    @Test("the schema's pattern says what the rule says, in any letter case", arguments: cases)
    func pattern(url: String, passes: Bool) throws {
        #expect(try ECMARegex(ShareLink.pattern).matches(url) == passes, "\(url) against \(ShareLink.pattern)")
    }
}

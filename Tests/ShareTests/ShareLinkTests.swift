import BridgeShareNatives
import Testing

@Suite("share: the url rule (Web Share)")
struct ShareLinkTests {
    @Test("absolute URLs of schemes Web Share accepts pass; local, file, script and socket schemes and relative URLs fail", arguments: [
        ("https://example.com/a?b=c#d", true), ("mailto:a@b.c", true), ("frakwallet://invite/abc", true), ("HTTPS://X.Y", true),
        ("javascript:alert(1)", false), ("JavaScript:x", false), ("data:text/plain,hi", false), ("file:///etc/passwd", false),
        ("about:blank", false), ("blob:https://a/b", false), ("ws://a", false), ("wss://a", false),
        ("/relative/path", false), ("example.com", false), ("https://a b", false), ("https://a/%zz", false), ("1http://x", false),
    ])
    func rule(url: String, passes: Bool) {
        #expect((ShareLink.problem(url) == nil) == passes, "\(url): \(ShareLink.problem(url) ?? "passes")")
    }
}

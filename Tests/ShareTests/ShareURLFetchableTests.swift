import BridgeRegex
import BridgeShareNatives
import Testing

/// The thumbnail rule (`ShareURL.isFetchable`) and its schema pattern (`fetchablePattern`) say
/// the same of every text: the listed cases, and random texts built from the bytes the rule
/// looks at.
@Suite("share: the fetchable thumbnail rule")
struct ShareURLFetchableTests {
    static let cases = [
        ("http://a", true), ("https://a/b?c#d", true), ("HtTpS://x.y", true), ("https://user:pw@host:8080/p", true),
        ("http://", false), ("https://", false), ("https:///path", false), ("https://?q", false), ("https://#f", false),
        ("https://:80", false), ("https://user@:80/x", false), ("https://a@", false), ("httpx://a", false),
        ("ftp://a", false), ("http:/a", false), ("http:a", false), ("http", false), ("", false), (" https://a", false),
        ("https://a@b@c", true), ("https://é.example/x", true),
    ]

    @Test("the listed texts", arguments: cases)
    func listed(text: String, fetchable: Bool) {
        #expect(ShareURL.isFetchable(text) == fetchable, "\(text)")
    }

    @Test("random texts: the rule and the pattern agree")
    func agreesWithThePattern() throws {
        let pattern = try ECMARegex(ShareURL.fetchablePattern)
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", "x", ":", "/", "//", "?", "#", "@", "a", "é", "http://", "https://"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // The pattern also accepts the empty string (no thumbnail); the rule is for a given one.
            guard !text.isEmpty else { continue }
            #expect(ShareURL.isFetchable(text) == (try pattern.matches(text)), "\(text)")
        }
    }
}

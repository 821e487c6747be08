import BridgeRegex
import BridgeShareNatives
import Testing

/// iOS's `URL(string:)` rule (`ShareURL.unparsable`) and its schema pattern (`parsablePattern`)
/// say the same of every text: every ASCII character alone and inside a URL, and random texts
/// of escapes, good and bad characters.
@Suite("share: the URL(string:) rule")
struct ShareURLParsableTests {
    @Test("every ASCII character, alone and in a URL: the rule and the pattern agree")
    func everyCharacter() throws {
        let pattern = try ECMARegex(ShareURL.parsablePattern)
        for scalar in (0..<128).compactMap(Unicode.Scalar.init) {
            for text in [String(scalar), "https://frak.id/a\(scalar)b"] {
                #expect((ShareURL.unparsable(text) == nil) == (try pattern.matches(text)), "\(text.debugDescription)")
            }
        }
        #expect(ShareURL.unparsable("https://frak.id/é") != nil)
        #expect(ShareURL.unparsable("https://frak.id/a%2Fb~!$&'()*+,;=:@[]") == nil)
    }

    @Test("random texts: the rule and the pattern agree")
    func agreesWithThePattern() throws {
        let pattern = try ECMARegex(ShareURL.parsablePattern)
        let pieces = ["a", "Z", "9", "-", ".", "_", "~", "/", "?", "#", "[", "]", "%", "%2", "%2F", "%zz", "%aF", " ", "\"",
                      "<", ">", "\\", "^", "`", "{", "|", "}", "é", "\u{7F}", "\t", "https://"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect((ShareURL.unparsable(text) == nil) == (try pattern.matches(text)), "\(text.debugDescription)")
        }
    }
}

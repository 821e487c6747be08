import Foundation
import Testing
import TestSupport
@testable import BridgeRegex

@Suite("The ECMA-262 regular-expression engine")
struct RegexEngineTests {
    @Test("ECMA-262 meanings", arguments: [
        // Quantifiers, greedy and lazy, counted.
        ("^a{2,3}$", "aaa", true), ("^a{2,3}$", "aaaa", false), ("^a{2,}$", "aaaaa", true), ("^a{2}$", "a", false),
        ("^a+?b$", "aaab", true), ("^a*?$", "aa", true), ("^(?:ab)??c$", "c", true), ("^x{0}y$", "y", true),
        ("^a{1,2}?a$", "aaa", true), ("^(a|ab)(c|bcd)(d*)$", "abcd", true),
        // Groups, named groups, alternation.
        ("^(?<year>\\d{4})-(?<month>\\d{2})$", "2026-12", true), ("^(?:a|b|)c$", "c", true), ("^(a)|b$", "xb", true),
        // Backreferences (numbered, named, unset, inside a repetition that resets them).
        ("^(a+)-\\1$", "aa-aa", true), ("^(a+)-\\1$", "aa-a", false), ("^(?<q>['\"]).*\\k<q>$", "'x'", true),
        ("^(?<q>['\"]).*\\k<q>$", "'x\"", false), ("^(a)?b\\1$", "b", true), ("^(?:(a)|b)+\\1$", "ab", true),
        ("\\1(a)", "a", true), ("^(a*)*\\1$", "aaa", true),
        // Lookarounds, nested, with captures kept from a lookahead.
        ("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abc123", true), ("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abcdef", false),
        ("^(?!abc)\\w+$", "abd", true), ("^(?!abc)\\w+$", "abcd", false), ("(?<=\\$)\\d+", "cost $42", true),
        ("(?<=\\$)\\d+", "cost 42", false), ("(?<!\\$)\\b\\d+", "$42", false), ("(?<=a+)b", "aaab", true),
        ("^(?=(a+))a*b\\1$", "aaaba", false), ("^(?=(a+))a*b\\1$", "aaabaaa", true), ("(?<=(?=a)a)b", "ab", true),
        ("^(?!(?<=x)y)", "", true),
        // Anchors and word boundaries.
        ("\\bfoo\\b", "a foo b", true), ("\\bfoo\\b", "afoo", false), ("\\Bfoo", "afoo", true), ("^$", "", true),
        ("^abc$", "abc\n", false), ("a$", "a\n", false), ("^", "x", true),
        // Escapes.
        ("^\\cC$", "\u{3}", true), ("^\\cc$", "\u{3}", true), ("^\\x41\\u0042\\u{1F600}$", "AB😀", true),
        ("^\\uD83D\\uDE00$", "😀", true), ("^\\0$", "\u{0}", true), ("^\\t\\n\\v\\f\\r$", "\t\n\u{B}\u{C}\r", true),
        ("^\\/\\.\\*\\-$", "/.*-", true), ("^[\\b]$", "\u{8}", true), ("^[\\-a]+$", "-a", true),
        // Classes.
        ("^[a-c\\d_]+$", "ab9_", true), ("^[^a-c]$", "d", true), ("^[^a-c]$", "b", false), ("^[\\w-]+$", "a-b", true),
        ("^[\\d-z]+$", "1-z", true), ("^[^]$", "\n", true), ("[]", "a", false), ("^[\\s\\S]$", "\u{2028}", true),
        ("^[^\\D]$", "5", true), ("^[\\P{L}]$", "1", true), ("^[\\P{L}]$", "a", false), ("^[^\\P{L}]$", "é", true),
        // \d \w \s are ASCII / ECMA-262's whitespace; . stops at line terminators only.
        ("^\\d$", "\u{7C0}", false), ("^\\w$", "é", false), ("^\\s$", "\u{A0}", true), ("^\\s$", "\u{FEFF}", true),
        ("^\\s$", "\u{2003}", true), ("^\\s$", "\u{2013}", false), ("^.$", "\u{2029}", false), ("^.$", "\u{85}", true),
        ("^.$", "😀", true), ("^..$", "😀", false),
        // Unicode properties.
        ("^\\p{Lu}$", "É", true), ("^\\p{Letter}+$", "école", true), ("^\\p{L}cole$", "ÉCOLE", false),
        ("^\\p{digit}+$", "\u{9EA}\u{9E8}", true), ("^\\p{Nd}+$", "42", true), ("^\\p{gc=Sc}$", "€", true),
        ("^\\p{General_Category=Uppercase_Letter}$", "a", false), ("^\\P{Alphabetic}$", "1", true),
        ("^\\p{White_Space}$", "\u{85}", true), ("^\\p{Emoji}$", "😀", true), ("^\\p{ASCII}+$", "abc", true),
        ("^\\p{Any}$", "\u{10FFFF}", true), ("^\\p{RI}{2}$", "🇫🇷", true),
        // Annex B literals the schemas in the wild use.
        ("^[[]$", "[", true), ("^a{$", "a{", true), ("^x{2}$", "xx", true), ("^]$", "]", true), ("^a{,2}$", "a{,2}", true),
        ("^}$", "}", true), ("^[a&&b]+$", "a&b", true),
        // Searches are unanchored.
        ("a+", "xxaxx", true), ("b", "aaa", false),
    ])
    func ecma(pattern: String, text: String, expected: Bool) throws {
        #expect(try ECMARegex(pattern).matches(text) == expected, "\(pattern) on \(text.debugDescription)")
    }

    @Test("what ECMA-262 refuses is refused, with the reason", arguments: [
        ("(unclosed", "a group is not closed with )"), ("a)", "a ) closes no group"), ("[a", "a character class is not closed with ]"),
        ("*a", "a quantifier follows nothing it can repeat"), ("a**", "a quantifier follows nothing it can repeat"),
        ("a{3,2}", "a {n,m} quantifier has n greater than m"), ("[z-a]", "a character class range is out of order"),
        ("\\a", "\\a is not an escape ECMA-262 defines"), ("\\Z", "\\Z is not an escape ECMA-262 defines"),
        ("(?P<name>x)", "(? starts no group ECMA-262 defines"), ("(?#comment)a", "(? starts no group ECMA-262 defines"),
        ("(?i)abc", "(? starts no group ECMA-262 defines"), ("(?<a>x)(?<a>y)", "the group name a is used twice"),
        ("\\k<nope>", "\\k<nope> names no group"), ("(a)\\2", "\\2 refers to a group the pattern does not have"),
        ("\\p{Nope}", "\\p{Nope} is not a Unicode property ECMA-262 knows"), ("^*", "a quantifier follows nothing it can repeat"),
        ("\\p{Script=Greek}", "\\p{Script=Greek} is not supported by the bridge"), ("(?=a)*", "a quantifier follows nothing it can repeat"),
        ("\\c1", "\\c is not an escape ECMA-262 defines"), ("{1}", "a quantifier follows nothing it can repeat"),
        ("(?:a{1000}){1000}", "the pattern expands to more than 50000 steps"),
        (String(repeating: "(", count: 300) + String(repeating: ")", count: 300), "groups nest deeper than 200 levels"),
    ])
    func refused(pattern: String, reason: String) {
        #expect(throws: ECMARegexSyntaxError.self) { try ECMARegex(pattern) }
        #expect((try? ECMARegex(pattern)) == nil)
        do {
            _ = try ECMARegex(pattern)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test("valid ECMA-262 syntax other engines lack compiles", arguments: ["(?<name>x)", "(?<n>a)\\k<n>", "(?<=a+)b", "[]", "[^]", "\\cA", "(?<!a|bc)d", "\\u{10FFFF}"])
    func accepted(pattern: String) throws {
        _ = try ECMARegex(pattern)
    }

    /// Patterns that take exponential time in a backtracking engine, on inputs that make them fail.
    static let hostile = [("(a*)*b", "a"), ("(a|a)*b", "a"), ("(a|aa)+$", "a"), ("^(\\w+\\s?)*$", "a"), ("(x+x+)+y", "x"),
                          ("^(([a-z])+.)+[A-Z]([a-z])+$", "a"), ("(?=(a*)*b)", "a"), ("(?<=(a|a)*)c", "a")]

    @Test("hostile patterns answer on 20,000 characters without running out of steps (linear time)", arguments: hostile.indices)
    func linear(index: Int) throws {
        let (pattern, unit) = RegexEngineTests.hostile[index]
        let regex = try ECMARegex(pattern)
        let text = String(repeating: unit, count: 20_000) + "!"
        let clock = ContinuousClock.now
        let verdict = regex.verdict(text)
        print("RegexEngineTests: \(pattern) on \(text.count) characters: \(verdict) in \(ContinuousClock.now - clock)")
        #expect(verdict != .gaveUp)
    }

    @Test("a backreference pattern that would backtrack exponentially gives up within its step budget")
    func backreferenceBudget() throws {
        let regex = try ECMARegex("^(a+)+\\1b$")
        let clock = ContinuousClock.now
        #expect(regex.verdict(String(repeating: "a", count: 40)) == .gaveUp)
        print("RegexEngineTests: ^(a+)+\\1b$ on 40 a's gave up after \(ContinuousClock.now - clock)")
        #expect(!regex.matches(String(repeating: "a", count: 40)))
        #expect(regex.matches("aaab"))
    }

    @Test("a long string matches a real schema pattern without giving up (a 4 MB data URL)")
    func longInput() throws {
        let regex = try ECMARegex("^data:image/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]*={0,2}$")
        let text = "data:image/png;base64," + String(repeating: "QUJD", count: 1 << 20) + "=="
        #expect(regex.verdict(text) == .match)
    }
}

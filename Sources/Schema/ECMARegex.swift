import Foundation
import Synchronization

/// A schema's regular expression (`pattern`, `patternProperties`, `format: regex`), written in
/// ECMA-262 syntax and run by `NSRegularExpression` (ICU) after a translation.
///
/// Matching is a search, never anchored: `a+` matches `"xaax"`; write `^…$` to anchor.
///
/// The translation makes ICU behave like ECMA-262 where the two differ most often:
/// - `\d`, `\D`, `\w` and `\W` are ASCII-only, as in ECMA-262;
/// - `\s` and `\S` use ECMA-262's whitespace set (which includes `\v` and U+FEFF);
/// - `.` excludes only `\n`, `\r`, U+2028 and U+2029;
/// - `$` matches only at the very end (ICU would also match before a final newline);
/// - `[^]` matches any character and `[]` matches nothing;
/// - inside a class `[`, `&`, `{`, `}` are literal (ICU would read set operations or strings);
/// - a `{` or `}` that does not form a quantifier, and a stray `]`, are literal (ECMA-262 Annex B).
///
/// Known differences that remain:
/// - ICU accepts syntax ECMA-262 refuses (possessive quantifiers `a*+`, atomic groups `(?>…)`,
///   inline flags `(?i)`, `\A`, `\z`, `\Q…\E`), with ICU's meaning;
/// - lookbehind must have a bounded length in ICU (ECMA-262 allows any);
/// - `\p{…}` is always a Unicode property and `\u{…}` a code point (as with ECMA-262's `u` flag),
///   and a character outside the Basic Multilingual Plane is one character for `.` and classes,
///   as with the `u` flag (without it, ECMA-262 sees two UTF-16 units);
/// - other identity escapes of letters keep ICU's meaning (`\a` is BEL, not `a`);
/// - case-insensitive matching and `\b` follow ICU's Unicode rules.
struct ECMARegex: Sendable {
    /// The pattern as the schema wrote it.
    let source: String
    /// The ICU expression, compiled on first use when the pattern is outside the fast subset.
    /// Sendable as Foundation declares it: immutable, and safe to match from several threads
    /// (swift-corelibs-foundation checks the ICU matcher out per match, cloning it when busy).
    private let expression: LazyExpression
    /// The pure-Swift machine, when the pattern stays within its subset (most schema patterns).
    private let fast: ScalarRegex?

    /// Compiles `source`.
    /// - Throws: the message of the regular-expression engine when `source` is not a valid pattern.
    init(_ source: String) throws(ECMARegexSyntaxError) {
        self.source = source
        fast = ScalarRegex(source)
        let translated = ECMARegex.translate(source)
        if fast == nil {
            // Only patterns outside the fast subset need ICU to check them now; a pattern the
            // fast machine parsed is valid ECMA-262, and ICU (loaded lazily) only backs it up.
            do {
                expression = LazyExpression(try NSRegularExpression(pattern: translated, options: []))
            } catch {
                throw ECMARegexSyntaxError(pattern: source)
            }
        } else {
            expression = LazyExpression(pattern: translated)
        }
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        if let fast, let verdict = fast.matches(text) { return verdict }
        return icuMatches(text)
    }

    /// Whether the pure-Swift machine handles this pattern.
    var hasFastPath: Bool { fast != nil }

    /// The verdict of `NSRegularExpression` alone (the fast path's reference).
    func icuMatches(_ text: String) -> Bool {
        guard let expression = expression.value else { return false }
        let length = text.utf16.count
        return expression.firstMatch(in: text, options: [], range: NSRange(location: 0, length: length)) != nil
    }

    /// ECMA-262 syntax rewritten as ICU syntax with the same meaning (see the type's comment).
    static func translate(_ pattern: String) -> String {
        let s = Array(pattern.unicodeScalars)
        var out = ""
        var inClass = false
        var i = 0
        let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                guard i + 1 < s.count else {
                    out += "\\"
                    i += 1
                    continue
                }
                let next = s[i + 1]
                i += 2
                switch next {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "D": out += "[^0-9]"
                case "w": out += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": out += "[^a-zA-Z0-9_]"
                case "s": out += inClass ? space : "[" + space + "]"
                case "S": out += "[^" + space + "]"
                case "b" where inClass: out += #"\x{08}"#
                case "p", "P", "u":
                    // `\p{…}` and `\u{…}` (as with the `u` flag) keep their braces; ICU spells `\u{…}` `\x{…}`.
                    out.unicodeScalars.append("\\")
                    guard i < s.count, s[i] == "{", let close = s[i...].firstIndex(of: "}") else {
                        out.unicodeScalars.append(next)
                        continue
                    }
                    out += next == "u" ? "x" : String(next)
                    out += String(String.UnicodeScalarView(s[i...close]))
                    i = close + 1
                default:
                    out.unicodeScalars.append("\\")
                    out.unicodeScalars.append(next)
                }
                continue
            }
            if inClass {
                switch c {
                case "]": inClass = false; out += "]"
                case "[", "&", "{", "}", "$", ":": out += "\\"; out.unicodeScalars.append(c)
                default: out.unicodeScalars.append(c)
                }
                i += 1
                continue
            }
            switch c {
            case "[":
                if i + 2 < s.count, s[i + 1] == "^", s[i + 2] == "]" {
                    out += #"[\s\S]"#
                    i += 3
                    continue
                }
                if i + 1 < s.count, s[i + 1] == "]" {
                    out += "(?!)"
                    i += 2
                    continue
                }
                inClass = true
                out += "["
                if i + 1 < s.count, s[i + 1] == "^" {
                    out += "^"
                    i += 1
                }
            case "$": out += #"(?![\s\S])"#
            case ".": out += #"[^\n\r\x{2028}\x{2029}]"#
            case "{":
                if let end = quantifierEnd(s, from: i) {
                    out += String(String.UnicodeScalarView(s[i...end]))
                    i = end
                } else {
                    out += "\\{"
                }
            case "}": out += "\\}"
            case "]": out += "\\]"
            default: out.unicodeScalars.append(c)
            }
            i += 1
        }
        return out
    }

    /// The index of the `}` closing a quantifier `{n}`, `{n,}` or `{n,m}` that starts at `start`.
    private static func quantifierEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var k = start + 1
        func digits() -> Bool {
            let from = k
            while k < s.count, s[k].properties.numericType == .decimal, s[k].isASCII { k += 1 }
            return k > from
        }
        guard digits() else { return nil }
        if k < s.count, s[k] == "," {
            k += 1
            _ = digits()
        }
        guard k < s.count, s[k] == "}" else { return nil }
        return k
    }
}

/// A pattern that is not a regular expression.
struct ECMARegexSyntaxError: Error {
    /// The pattern as written.
    let pattern: String
}

/// An `NSRegularExpression` compiled now, or on first use.
final class LazyExpression: Sendable {
    private let pattern: String
    private let compiled: Mutex<NSRegularExpression??>

    init(_ expression: NSRegularExpression) {
        pattern = expression.pattern
        compiled = Mutex(.some(expression))
    }

    init(pattern: String) {
        self.pattern = pattern
        compiled = Mutex(nil)
    }

    /// The expression; `nil` if ICU refuses a pattern the fast machine accepted.
    var value: NSRegularExpression? {
        compiled.withLock { slot in
            if let done = slot { return done }
            let made = try? NSRegularExpression(pattern: pattern, options: [])
            slot = .some(made)
            return made
        }
    }
}

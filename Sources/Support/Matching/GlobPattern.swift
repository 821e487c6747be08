/// A window or webview label pattern, as Rust's `glob::Pattern`: `*` any run of characters,
/// `?` one character, `[abc]`, `[a-z]` and `[!abc]` character classes; anything else literal.
/// A character is a Unicode scalar, as Rust's `char`.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let tokens: [Token]

    private enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case any
        case star
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    public var description: String { text }

    /// Parses a pattern.
    /// - Throws: a message for an unterminated `[` class.
    public init(_ text: String) throws(PatternError) {
        self.text = text
        var tokens: [Token] = []
        let chars = Array(text.unicodeScalars)
        var k = 0
        while k < chars.count {
            switch chars[k] {
            case "*":
                if tokens.last != .star { tokens.append(.star) }
                k += 1
            case "?":
                tokens.append(.any)
                k += 1
            case "[":
                var j = k + 1
                var negated = false
                if j < chars.count, chars[j] == "!" {
                    negated = true
                    j += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]", chars[j] <= chars[j + 2] {
                        ranges.append(chars[j]...chars[j + 2])
                        j += 3
                    } else {
                        ranges.append(chars[j]...chars[j])
                        j += 1
                    }
                    first = false
                }
                guard j < chars.count else { throw PatternError(message: "unterminated '[' in pattern \"\(text)\"") }
                tokens.append(.set(ranges, negated: negated))
                k = j + 1
            default:
                tokens.append(.literal(chars[k]))
                k += 1
            }
        }
        self.tokens = tokens
    }

    /// Whether `label` matches the whole pattern, in time linear in the label for a given pattern
    /// (at most the label's length times the pattern's).
    public func matches(_ label: String) -> Bool {
        let s = Array(label.unicodeScalars)
        // The classic two-pointer wildcard match: on a mismatch, only the last star is retried, one
        // character further on. Earlier stars need no retry, since a later star can absorb whatever
        // they would have, so the work never multiplies with the number of stars.
        var p = 0, i = 0
        var starP = -1, starI = 0
        while i < s.count {
            if p < tokens.count {
                switch tokens[p] {
                case .star:
                    starP = p
                    starI = i
                    p += 1
                    continue
                case .any:
                    p += 1
                    i += 1
                    continue
                case .literal(let c) where c == s[i]:
                    p += 1
                    i += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(s[i]) } != negated:
                    p += 1
                    i += 1
                    continue
                default:
                    break
                }
            }
            guard starP >= 0 else { return false }
            p = starP + 1
            starI += 1
            i = starI
        }
        while p < tokens.count, tokens[p] == .star { p += 1 }
        return p == tokens.count
    }
}

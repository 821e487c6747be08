/// A path pattern as the `glob` crate (0.3) has it, which Tauri's fs scope matches with
/// (`tauri/src/scope/fs.rs` @ a8105ecc: `Pattern::matches_path_with`, `require_literal_separator:
/// true`): `?` one character, `*` any run within a component, `**` as a whole component any
/// number of components (its separator taken with it, so `a/**/b` matches `a/b`), `[abc]`,
/// `[a-z]`, `[!abc]`; under `requireLiteralLeadingDot` no wildcard or class matches a `.` that
/// starts a component (so `$APPDATA/**` reaches no dotfile and no `..`).
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let tokens: [Token]

    private enum Token: Sendable, Hashable {
        case char(Character)
        case any
        case sequence
        case recursive
        case within([ClassItem])
        case except([ClassItem])
    }

    private enum ClassItem: Sendable, Hashable {
        case single(Character)
        case range(Character, Character)
    }

    public var description: String { text }

    /// Parses a pattern as `glob::Pattern::new`.
    /// - Throws: the crate's messages: `wildcards are either regular `*` or recursive `**``,
    ///   `recursive wildcards must form a single path component`, `invalid range pattern`.
    public init(_ text: String) throws(PatternError) {
        self.text = text
        let chars = Array(text)
        var tokens: [Token] = []
        var i = 0
        func isSep(_ c: Character) -> Bool { c == "/" }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "?":
                tokens.append(.any)
                i += 1
            case "*":
                let old = i
                while i < chars.count && chars[i] == "*" { i += 1 }
                let count = i - old
                if count > 2 {
                    throw PatternError(message: "Pattern syntax error near position \(old): " + "wildcards are either regular `*` or recursive `**`")
                } else if count == 2 {
                    // `**` must be the whole component: after a separator (or at the start), before one (or at the end).
                    guard old == 0 || isSep(chars[old - 1]) else {
                        throw PatternError(message: "Pattern syntax error near position \(old): " + "recursive wildcards must form a single path component")
                    }
                    if i < chars.count {
                        guard isSep(chars[i]) else {
                            throw PatternError(message: "Pattern syntax error near position \(i): " + "recursive wildcards must form a single path component")
                        }
                        i += 1
                    }
                    if tokens.last != .recursive { tokens.append(.recursive) }
                } else {
                    tokens.append(.sequence)
                }
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" {
                    negated = true
                    j += 1
                }
                // `]` first in a class is literal; the class ends at the next `]`.
                if let end = chars[(j + 1 < chars.count ? j + 1 : chars.count)...].firstIndex(of: "]"), j < chars.count {
                    let items = PathGlob.classItems(Array(chars[j..<end]))
                    tokens.append(negated ? .except(items) : .within(items))
                    i = end + 1
                } else {
                    throw PatternError(message: "Pattern syntax error near position \(i): " + "invalid range pattern")
                }
            default:
                tokens.append(.char(c))
                i += 1
            }
        }
        self.tokens = tokens
    }

    private static func classItems(_ s: [Character]) -> [ClassItem] {
        var out: [ClassItem] = []
        var i = 0
        while i < s.count {
            if i + 2 < s.count, s[i + 1] == "-" {
                out.append(.range(s[i], s[i + 2]))
                i += 3
            } else {
                out.append(.single(s[i]))
                i += 1
            }
        }
        return out
    }

    /// `glob::Pattern::escape`: `?`, `*`, `[` and `]` made literal.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "?" || c == "*" || c == "[" || c == "]" { out += "[\(c)]" } else { out.append(c) }
        }
        return out
    }

    private enum Outcome { case match, subPatternDoesntMatch, entirePatternDoesntMatch }

    /// Whether `path` matches, as `matches_with` with `require_literal_separator` set (the fs
    /// scope's options), or unset (`Pattern::matches`, opener's URL scope: `*` crosses `/`).
    public func matches(_ path: String, requireLiteralLeadingDot: Bool, requireLiteralSeparator: Bool = true) -> Bool {
        let chars = Array(path)
        return matchFrom(chars, 0, 0, followsSeparator: true, dot: requireLiteralLeadingDot, sep: requireLiteralSeparator) == .match
    }

    private func matchFrom(_ file: [Character], _ start: Int, _ from: Int, followsSeparator: Bool, dot: Bool, sep: Bool = true) -> Outcome {
        var f = start
        var follows = followsSeparator
        var ti = from
        while ti < tokens.count {
            let token = tokens[ti]
            switch token {
            case .sequence, .recursive:
                // The empty match first, then one character more at a time; `**` retries only
                // after a separator, so it takes whole components.
                switch matchFrom(file, f, ti + 1, followsSeparator: follows, dot: dot, sep: sep) {
                case .subPatternDoesntMatch: break
                case let m: return m
                }
                while f < file.count {
                    let c = file[f]
                    f += 1
                    if follows && dot && c == "." { return .subPatternDoesntMatch }
                    follows = c == "/"
                    if token == .recursive && !follows { continue }
                    if token == .sequence && sep && follows { return .subPatternDoesntMatch }
                    switch matchFrom(file, f, ti + 1, followsSeparator: follows, dot: dot, sep: sep) {
                    case .subPatternDoesntMatch: break
                    case let m: return m
                    }
                }
                ti += 1
            default:
                guard f < file.count else { return .entirePatternDoesntMatch }
                let c = file[f]
                let isSep = sep && c == "/"
                let matched: Bool
                switch token {
                case .any: matched = !isSep && !(follows && c == "." && dot)
                case .within(let items): matched = !isSep && !(follows && c == "." && dot) && PathGlob.inClass(c, items)
                case .except(let items): matched = !isSep && !(follows && c == "." && dot) && !PathGlob.inClass(c, items)
                case .char(let expected): matched = expected == c
                default: matched = false
                }
                guard matched else { return .subPatternDoesntMatch }
                follows = c == "/"
                f += 1
                ti += 1
            }
        }
        return f == file.count ? .match : .subPatternDoesntMatch
    }

    private static func inClass(_ c: Character, _ items: [ClassItem]) -> Bool {
        for item in items {
            switch item {
            case .single(let s): if s == c { return true }
            case .range(let lo, let hi): if lo <= c && c <= hi { return true }
            }
        }
        return false
    }
}

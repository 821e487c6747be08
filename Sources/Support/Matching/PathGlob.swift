/// A path pattern as the `glob` crate (0.3) has it, which Tauri's fs scope matches with
/// (`tauri/src/scope/fs.rs` @ a8105ecc: `Pattern::matches_path_with`, `require_literal_separator:
/// true`): `?` one character, `*` any run within a component, `**` as a whole component any
/// number of components (its separator taken with it, so `a/**/b` matches `a/b`), `[abc]`,
/// `[a-z]`, `[!abc]`; under `requireLiteralLeadingDot` no wildcard or class matches a `.` that
/// starts a component (so `$APPDATA/**` reaches no dotfile and no `..`).
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let tokens: [Token]
    /// More than one `*` or `**`: matched from the table (`matches`).
    private let severalWildcards: Bool

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
        severalWildcards = tokens.filter { $0 == .sequence || $0 == .recursive }.count > 1
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

    private enum Outcome: UInt8 { case unknown = 0, match, subPatternDoesntMatch, entirePatternDoesntMatch }

    /// Whether `path` matches, as `matches_with` with `require_literal_separator` set (the fs
    /// scope's options), or unset (`Pattern::matches`, opener's URL scope: `*` crosses `/`).
    ///
    /// With more than one wildcard the crate's walk can take a power of the path's length
    /// (`/**/*a*a*a*b` against a long path: minutes); its outcome from a place in the path and a
    /// place in the pattern is always the same, so it is then computed once for each place, from
    /// the end (`table`), in path × pattern steps. Past `maxTableCells` places the path is
    /// refused (no match), where the crate would spin.
    public func matches(_ path: String, requireLiteralLeadingDot: Bool, requireLiteralSeparator: Bool = true) -> Bool {
        let file = Array(path)
        if severalWildcards {
            guard (file.count + 1) * (tokens.count + 1) <= PathGlob.maxTableCells else { return false }
            return table(file, dot: requireLiteralLeadingDot, sep: requireLiteralSeparator)
        }
        return walked(file, dot: requireLiteralLeadingDot, sep: requireLiteralSeparator)
    }

    /// The most path × pattern places the table keeps (2 Mi: 8 MiB of outcomes, two tables of
    /// one byte per place and separator state).
    static let maxTableCells = 2 << 20

    /// The crate's walk itself (what `matches` gives when a pattern has one wildcard or none).
    func walked(_ file: [Character], dot: Bool, sep: Bool) -> Bool {
        var walk = Walk(file: file, tokens: tokens, dot: dot, sep: sep)
        return walk.from(0, 0, followsSeparator: true) == .match
    }

    /// The walk's outcomes computed from the end: `from[f][t][s]` is the walk from path place
    /// `f` and pattern place `t` (`s`: after a separator), `rest[f][t][s]` a wildcard's loop
    /// about to take the character at `f`.
    func table(_ file: [Character], dot: Bool, sep: Bool) -> Bool {
        let n = file.count, m = tokens.count
        func at(_ f: Int, _ t: Int, _ s: Bool) -> Int { ((f * (m + 1)) + t) * 2 + (s ? 1 : 0) }
        var from = [Outcome](repeating: .unknown, count: (n + 1) * (m + 1) * 2)
        var rest = [Outcome](repeating: .unknown, count: (n + 1) * (m + 1) * 2)
        for t in stride(from: m, through: 0, by: -1) {
            for f in stride(from: n, through: 0, by: -1) {
                for s in [false, true] {
                    if t == m {
                        from[at(f, t, s)] = f == n ? .match : .subPatternDoesntMatch
                        continue
                    }
                    let token = tokens[t]
                    switch token {
                    case .sequence, .recursive:
                        // The loop about to take file[f] (or, at the end, going on with the next token).
                        var loop: Outcome
                        if f == n {
                            loop = from[at(n, t + 1, s)]
                        } else {
                            let c = file[f]
                            let next = c == "/"
                            if s && dot && c == "." {
                                loop = .subPatternDoesntMatch
                            } else if token == .recursive && !next {
                                loop = rest[at(f + 1, t, next)]
                            } else if token == .sequence && sep && next {
                                loop = .subPatternDoesntMatch
                            } else {
                                let tried = from[at(f + 1, t + 1, next)]
                                loop = tried == .subPatternDoesntMatch ? rest[at(f + 1, t, next)] : tried
                            }
                        }
                        rest[at(f, t, s)] = loop
                        let empty = from[at(f, t + 1, s)]
                        from[at(f, t, s)] = empty == .subPatternDoesntMatch ? loop : empty
                    default:
                        guard f < n else {
                            from[at(f, t, s)] = .entirePatternDoesntMatch
                            continue
                        }
                        let c = file[f]
                        from[at(f, t, s)] = PathGlob.matches(token, c, followsSeparator: s, dot: dot, sep: sep)
                            ? from[at(f + 1, t + 1, c == "/")] : .subPatternDoesntMatch
                    }
                }
            }
        }
        return from[at(0, 0, true)] == .match
    }

    private struct Walk {
        let file: [Character]
        let tokens: [Token]
        let dot: Bool
        let sep: Bool
        mutating func from(_ start: Int, _ from: Int, followsSeparator: Bool) -> Outcome {
            var f = start
            var follows = followsSeparator
            var ti = from
            while ti < tokens.count {
                let token = tokens[ti]
                switch token {
                case .sequence, .recursive:
                    // The empty match first, then one character more at a time; `**` retries only
                    // after a separator, so it takes whole components.
                    switch self.from(f, ti + 1, followsSeparator: follows) {
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
                        switch self.from(f, ti + 1, followsSeparator: follows) {
                        case .subPatternDoesntMatch: break
                        case let m: return m
                        }
                    }
                    ti += 1
                default:
                    guard f < file.count else { return .entirePatternDoesntMatch }
                    let c = file[f]
                    guard PathGlob.matches(token, c, followsSeparator: follows, dot: dot, sep: sep) else { return .subPatternDoesntMatch }
                    follows = c == "/"
                    f += 1
                    ti += 1
                }
            }
            return f == file.count ? .match : .subPatternDoesntMatch
        }
    }

    /// Whether the one-character `token` (`?`, a class, a literal) takes `c`, a character after
    /// a separator (or at the start) when `followsSeparator`: the walk and the table both ask.
    private static func matches(_ token: Token, _ c: Character, followsSeparator: Bool, dot: Bool, sep: Bool) -> Bool {
        let allowed = !(sep && c == "/") && !(followsSeparator && c == "." && dot)
        switch token {
        case .any: return allowed
        case .within(let items): return allowed && inClass(c, items)
        case .except(let items): return allowed && !inClass(c, items)
        case .char(let expected): return expected == c
        default: return false
        }
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

/// One component of a URL pattern (`*.frak.id`, `/app/*`, `:sub.example.com`), compiled once and
/// matched in time linear in the value for any pattern: `*` matches any run of characters,
/// `:name` a non-empty run without the component's separator; anything else is literal.
///
/// Matching simulates the pattern's automaton over the set of pattern positions reachable so far
/// (at most one pass over the value, each step bounded by the pattern's length), so a pattern of
/// many stars cannot make a hostile value take exponential time, as backtracking would.
struct ComponentPattern: Sendable, Hashable {
    private enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        /// `*`: any character, any number of times.
        case anyRun
        /// The first character of `:name`: one character other than the separator.
        case segmentStart
        /// The rest of `:name`: any number of characters other than the separator.
        case segmentRest
    }

    private let tokens: [Token]
    private let separator: Unicode.Scalar?

    /// Compiles `pattern`; `:` not followed by a letter or `_` is literal.
    init(_ pattern: String, separator: Unicode.Scalar?) {
        self.separator = separator
        let p = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        while i < p.count {
            if p[i] == "*" {
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                i += 1
            } else if p[i] == ":", i + 1 < p.count, p[i + 1].properties.isIDStart || p[i + 1] == "_" {
                i += 1
                while i < p.count, p[i].properties.isIDContinue || p[i] == "_" { i += 1 }
                tokens += [.segmentStart, .segmentRest]
            } else {
                tokens.append(.literal(p[i]))
                i += 1
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `value` matches.
    func matches(_ value: String) -> Bool {
        let m = tokens.count
        var current = [Bool](repeating: false, count: m + 1)
        var next = current
        current[0] = true
        close(&current)
        for c in value.unicodeScalars {
            var any = false
            for k in 0..<m where current[k] {
                switch tokens[k] {
                case .literal(let l) where l == c:
                    next[k + 1] = true
                    any = true
                case .segmentStart where c != separator:
                    next[k + 1] = true
                    any = true
                case .anyRun:
                    next[k] = true
                    any = true
                case .segmentRest where c != separator:
                    next[k] = true
                    any = true
                default:
                    break
                }
            }
            guard any else { return false }
            close(&next)
            swap(&current, &next)
            for k in 0...m { next[k] = false }
        }
        return current[m]
    }

    /// Adds the positions reachable without a character: past runs that may be empty.
    private func close(_ states: inout [Bool]) {
        for k in 0..<tokens.count where states[k] {
            switch tokens[k] {
            case .anyRun, .segmentRest: states[k + 1] = true
            default: break
            }
        }
    }
}

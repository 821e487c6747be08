/// A schema's regular expression (`pattern`, `patternProperties`, `format: regex`), written in
/// ECMA-262 syntax with the `u` flag's meaning, and run by the bridge's own engine (no ICU, no
/// Foundation).
///
/// Matching is a search, never anchored: `a+` matches `"xaax"`; write `^…$` to anchor.
///
/// Semantics are ECMA-262's: `\d` and `\w` are ASCII; `\s` is ECMA-262's whitespace set (with
/// `\v` and U+FEFF); `.` excludes only `\n`, `\r`, U+2028 and U+2029; `$` is the very end (not
/// before a final newline); `\b` uses `\w`; `[^]` matches anything and `[]` nothing; a character
/// is a Unicode scalar (as with the `u` flag, so `😀` is one); `\p{…}` names General_Category
/// values and binary properties (see `RegexUnicodeProperty`). Annex B's literal `{`, `}` and `]`
/// are accepted (see `RegexParser`).
///
/// Cost: a pattern without backreferences runs in time linear in the input (at most input ×
/// program steps, `RegexNFA`), lookarounds included. One with backreferences backtracks within
/// a step budget (`RegexBacktracker`). Either way, a search that would exceed
/// `budget(forInputLength:)` steps gives up and counts as no match.
public struct ECMARegex: Sendable {
    /// The pattern as the schema wrote it.
    public let source: String
    private let program: RegexProgram
    private let lookarounds: [CompiledLookaround]
    private let groups: Int
    private let backtracks: Bool
    /// Whether every alternative starts with `^`, so only position 0 can match.
    private let anchored: Bool

    /// A lookaround's body, compiled in both directions.
    struct CompiledLookaround: Sendable {
        let ahead: Bool
        let negated: Bool
        let forward: RegexProgram
        let backward: RegexProgram
    }

    /// What a search found.
    public enum Verdict: Equatable, Sendable {
        case match
        case noMatch
        /// The search ran out of steps (it is reported as no match).
        case gaveUp
    }

    /// Compiles `source`.
    /// - Throws: `ECMARegexSyntaxError` saying why `source` is not a pattern the engine runs.
    public init(_ source: String) throws(ECMARegexSyntaxError) {
        self.source = source
        do {
            let (node, parser) = try RegexParser.parse(source)
            program = try RegexProgram(node, backward: false)
            var compiled: [CompiledLookaround] = []
            for look in parser.lookarounds {
                compiled.append(CompiledLookaround(ahead: look.ahead, negated: look.negated,
                                                   forward: try RegexProgram(look.body, backward: false),
                                                   backward: try RegexProgram(look.body, backward: true)))
            }
            lookarounds = compiled
            groups = parser.groupCount
            backtracks = parser.hasBackreferences
            anchored = ECMARegex.startsAnchored(node)
        } catch {
            throw ECMARegexSyntaxError(pattern: source, reason: error.sentence)
        }
    }

    /// Whether the pattern matches anywhere in `text` (a search that gave up is no match).
    public func matches(_ text: String) -> Bool { verdict(text) == .match }

    /// The search's outcome, telling a search that gave up from one that found nothing.
    public func verdict(_ text: String) -> Verdict {
        let input = text.unicodeScalars.map(\.value)
        let budget = ECMARegex.budget(forInputLength: input.count)
        let found: Bool?
        if backtracks {
            var machine = RegexBacktracker(input: input, lookarounds: lookarounds, budget: budget)
            found = machine.search(program, anchored: anchored, groups: groups)
        } else {
            var machine = RegexNFA(input: input, budget: budget)
            found = machine.answer(lookarounds) ? machine.search(program, anchored: anchored) : nil
        }
        guard let found else { return .gaveUp }
        return found ? .match : .noMatch
    }

    /// The steps a search of an input of `length` scalars may take: far more than any real
    /// schema pattern needs (a few per scalar), linear in the input.
    public static func budget(forInputLength length: Int) -> Int { 1_000_000 + 256 * length }

    private static func startsAnchored(_ node: RegexNode) -> Bool {
        switch node {
        case .assertion(.start): return true
        case .sequence(let items): return items.first.map(startsAnchored) ?? false
        case .alternation(let branches): return branches.allSatisfy(startsAnchored)
        case .capture(let inner, _): return startsAnchored(inner)
        default: return false
        }
    }
}

/// A pattern that is not a regular expression the engine runs.
public struct ECMARegexSyntaxError: Error {
    /// The pattern as written.
    public let pattern: String
    /// Why, as a sentence.
    public let reason: String
}

/// A parsed ECMA-262 regular expression: what `RegexParser` builds and `RegexProgram` compiles.
indirect enum RegexNode: Sendable {
    /// One scalar.
    case scalar(UInt32)
    /// One scalar of a class (`[a-z]`, `\d`, `.`).
    case set(RegexCharacterClass)
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, greedy or lazy (`*?`). `captures` are the
    /// capture groups inside, which each iteration resets (ECMA-262 RepeatMatcher).
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool, captures: Range<Int>)
    /// A capturing group, numbered from 1.
    case capture(RegexNode, index: Int)
    case assertion(RegexAssertion)
    /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`: the lookaround numbered `index` in `RegexParser.lookarounds`.
    case lookaround(index: Int)
    /// `\1`, `\k<name>`: the text a group captured.
    case backreference(Int)

    static let empty = RegexNode.sequence([])
}

/// The zero-width assertions that depend on the position only.
enum RegexAssertion: Sendable {
    /// `^`: the start of the input (no multiline flag in a schema).
    case start
    /// `$`: the end of the input.
    case end
    /// `\b`.
    case wordBoundary
    /// `\B`.
    case notWordBoundary
}

/// A lookaround's body and kind.
struct RegexLookaround: Sendable {
    var body: RegexNode
    /// `(?=` and `(?!` look ahead; `(?<=` and `(?<!` behind.
    var ahead: Bool
    var negated: Bool
}

/// Why a pattern is not an ECMA-262 regular expression (or one this engine refuses).
enum RegexSyntaxReason: Error, Equatable, Sendable {
    case unterminatedGroup
    case unmatchedParenthesis
    case unterminatedClass
    case nothingToRepeat
    case quantifierOutOfOrder
    case rangeOutOfOrder
    case invalidEscape(String)
    case invalidGroup
    case invalidGroupName
    case duplicateGroupName(String)
    case unknownGroupName(String)
    case invalidBackreference(Int)
    case unknownProperty(String)
    case unsupportedProperty(String)
    case tooDeep
    case tooLarge

    /// A sentence a schema author can act on.
    var sentence: String {
        switch self {
        case .unterminatedGroup: "a group is not closed with )"
        case .unmatchedParenthesis: "a ) closes no group"
        case .unterminatedClass: "a character class is not closed with ]"
        case .nothingToRepeat: "a quantifier follows nothing it can repeat"
        case .quantifierOutOfOrder: "a {n,m} quantifier has n greater than m"
        case .rangeOutOfOrder: "a character class range is out of order"
        case .invalidEscape(let e): "\\\(e) is not an escape ECMA-262 defines"
        case .invalidGroup: "(? starts no group ECMA-262 defines"
        case .invalidGroupName: "a group name is not an identifier"
        case .duplicateGroupName(let n): "the group name \(n) is used twice"
        case .unknownGroupName(let n): "\\k<\(n)> names no group"
        case .invalidBackreference(let k): "\\\(k) refers to a group the pattern does not have"
        case .unknownProperty(let p): "\\p{\(p)} is not a Unicode property ECMA-262 knows"
        case .unsupportedProperty(let p): "\\p{\(p)} is not supported by the bridge"
        case .tooDeep: "groups nest deeper than \(RegexParser.maxDepth) levels"
        case .tooLarge: "the pattern expands to more than \(RegexProgram.maxInstructions) steps"
        }
    }
}

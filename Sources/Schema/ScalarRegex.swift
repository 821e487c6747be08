/// A small backtracking regular-expression machine for the ECMA-262 subset that schemas use
/// most: literals, `.`, classes (`[a-z]`, `[^…]`, `\d \w \s` and their negations), anchors `^ $`,
/// groups `( … )` and `(?: … )`, alternation, and greedy `* + ? {n} {n,} {n,m}`.
///
/// It runs on Unicode scalars without bridging to `NSString` or ICU, which makes a `pattern`
/// check an order of magnitude cheaper on the hot path of a call. Anything outside the subset
/// (lookaround, back-references, lazy quantifiers, `\b`, `\p{…}`, flags…) makes `init` return
/// `nil`, and `ECMARegex` falls back to `NSRegularExpression`.
///
/// Semantics follow ECMA-262 without flags: `.` excludes `\n`, `\r`, U+2028 and U+2029; `$` is
/// the end of the input only; `\d`, `\w` are ASCII; `\s` is ECMA-262's whitespace set.
struct ScalarRegex: Sendable {
    private enum Instruction: Sendable {
        case scalar(UInt32)
        case any
        case set(Int)
        case split(Int, Int)  // try the first, backtrack to the second
        case jump(Int)
        case start
        case end
        case match
    }

    fileprivate struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>]
        var negated: Bool

        static func single(_ v: UInt32) -> ScalarSet { ScalarSet(ranges: [v...v], negated: false) }

        func contains(_ v: UInt32) -> Bool {
            var found = false
            for r in ranges where r.contains(v) {
                found = true
                break
            }
            return found != negated
        }
    }

    private indirect enum Node {
        case scalar(UInt32)
        case any
        case set(ScalarSet)
        case start
        case end
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    private let program: [Instruction]
    private let sets: [ScalarSet]
    /// Whether every alternative starts with `^`, so only the start of the input can match.
    private let anchored: Bool
    /// The longest run of backtracking states kept before giving up on the fast path.
    private static let stackLimit = 100_000

    /// Compiles `pattern`, or returns `nil` when it uses anything outside the subset.
    init?(_ pattern: String) {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard let node = parser.parseAlternation(), parser.i == parser.s.count else { return nil }
        var program: [Instruction] = []
        var sets: [ScalarSet] = []
        guard ScalarRegex.emit(node, into: &program, sets: &sets, budget: 10_000) else { return nil }
        program.append(.match)
        self.program = program
        self.sets = sets
        anchored = ScalarRegex.startsAnchored(node)
    }

    private static func startsAnchored(_ node: Node) -> Bool {
        switch node {
        case .start: return true
        case .sequence(let items): return items.first.map(startsAnchored) ?? false
        case .alternation(let branches): return branches.allSatisfy(startsAnchored)
        default: return false
        }
    }

    /// Whether the pattern matches anywhere in `text`; `nil` when the search gave up (a
    /// pathological pattern), so the caller can ask the full engine.
    func matches(_ text: String) -> Bool? {
        let input = text.unicodeScalars.map(\.value)
        var stack: [(pc: Int, pos: Int)] = []
        for begin in 0...(anchored ? 0 : input.count) {
            stack.removeAll(keepingCapacity: true)
            stack.append((0, begin))
            while let (startPC, startPos) = stack.popLast() {
                var pc = startPC, pos = startPos
                running: while true {
                    switch program[pc] {
                    case .scalar(let v):
                        guard pos < input.count, input[pos] == v else { break running }
                        pc += 1
                        pos += 1
                    case .any:
                        guard pos < input.count, !ScalarRegex.isLineTerminator(input[pos]) else { break running }
                        pc += 1
                        pos += 1
                    case .set(let k):
                        guard pos < input.count, sets[k].contains(input[pos]) else { break running }
                        pc += 1
                        pos += 1
                    case .split(let first, let second):
                        if stack.count >= ScalarRegex.stackLimit { return nil }
                        stack.append((second, pos))
                        pc = first
                    case .jump(let target):
                        pc = target
                    case .start:
                        guard pos == 0 else { break running }
                        pc += 1
                    case .end:
                        guard pos == input.count else { break running }
                        pc += 1
                    case .match:
                        return true
                    }
                }
            }
        }
        return false
    }

    static func isLineTerminator(_ v: UInt32) -> Bool { v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 }

    /// Emits the instructions of `node`; `false` when the program would grow past `budget`
    /// (large counted repetitions), leaving the pattern to the full engine.
    private static func emit(_ node: Node, into p: inout [Instruction], sets: inout [ScalarSet], budget: Int) -> Bool {
        guard p.count < budget else { return false }
        switch node {
        case .scalar(let v): p.append(.scalar(v))
        case .any: p.append(.any)
        case .set(let s):
            sets.append(s)
            p.append(.set(sets.count - 1))
        case .start: p.append(.start)
        case .end: p.append(.end)
        case .sequence(let nodes):
            for n in nodes where !emit(n, into: &p, sets: &sets, budget: budget) { return false }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split L2, … ; last branch
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = p.count
                    p.append(.split(split + 1, -1))
                    guard emit(branch, into: &p, sets: &sets, budget: budget) else { return false }
                    jumps.append(p.count)
                    p.append(.jump(-1))
                    p[split] = .split(split + 1, p.count)
                } else {
                    guard emit(branch, into: &p, sets: &sets, budget: budget) else { return false }
                }
            }
            for j in jumps { p[j] = .jump(p.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min where !emit(inner, into: &p, sets: &sets, budget: budget) { return false }
            if let max {
                // Optional copies, each entered only if the previous one was.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(p.count)
                    p.append(.split(p.count + 1, -1))
                    guard emit(inner, into: &p, sets: &sets, budget: budget) else { return false }
                }
                for s in splits { p[s] = .split(s + 1, p.count) }
            } else {
                // loop: split body, exit; body; jump loop
                let loop = p.count
                p.append(.split(loop + 1, -1))
                guard emit(inner, into: &p, sets: &sets, budget: budget) else { return false }
                p.append(.jump(loop))
                p[loop] = .split(loop + 1, p.count)
            }
        }
        return true
    }

    // MARK: Parsing

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0

        init(_ s: [Unicode.Scalar]) { self.s = s }

        static let digits: [ClosedRange<UInt32>] = [0x30...0x39]
        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                                    0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF]

        /// The ranges not in `ranges` (which must be sorted and disjoint).
        static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
            var out: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
                next = max(next, r.upperBound + 1)
            }
            if next <= 0x10FFFF { out.append(next...0x10FFFF) }
            return out
        }

        mutating func parseAlternation() -> Node? {
            var branches: [Node] = []
            guard let first = parseSequence() else { return nil }
            branches.append(first)
            while i < s.count, s[i] == "|" {
                i += 1
                guard let next = parseSequence() else { return nil }
                branches.append(next)
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() -> Node? {
            var items: [Node] = []
            while i < s.count, s[i] != "|", s[i] != ")" {
                guard let atom = parseAtom() else { return nil }
                guard let quantified = parseQuantifier(atom) else { return nil }
                items.append(quantified)
            }
            return .sequence(items)
        }

        mutating func parseQuantifier(_ atom: Node) -> Node? {
            guard i < s.count else { return atom }
            var min = 0, max: Int? = nil
            switch s[i] {
            case "*": i += 1
            case "+": min = 1; i += 1
            case "?": max = 1; i += 1
            case "{":
                var j = i + 1
                var a = 0, digitsA = 0
                while j < s.count, ("0"..."9").contains(s[j]) {
                    a = a * 10 + Int(s[j].value - 0x30)
                    digitsA += 1
                    j += 1
                }
                guard digitsA > 0, digitsA < 5, j < s.count else { return nil }
                if s[j] == "}" {
                    min = a; max = a; i = j + 1
                } else if s[j] == "," {
                    j += 1
                    var b = 0, digitsB = 0
                    while j < s.count, ("0"..."9").contains(s[j]) {
                        b = b * 10 + Int(s[j].value - 0x30)
                        digitsB += 1
                        j += 1
                    }
                    guard j < s.count, s[j] == "}", digitsB < 5 else { return nil }
                    min = a; max = digitsB > 0 ? b : nil; i = j + 1
                    if let m = max, m < min { return nil }
                } else {
                    return nil
                }
            default:
                return atom
            }
            // Lazy quantifiers, and quantified anchors, are left to the full engine.
            if i < s.count, s[i] == "?" { return nil }
            switch atom {
            case .start, .end: return nil
            default: return .repeated(atom, min: min, max: max)
            }
        }

        mutating func parseAtom() -> Node? {
            let c = s[i]
            i += 1
            switch c {
            case "^": return .start
            case "$": return .end
            case ".": return .any
            case "[": return parseClass()
            case "(":
                if i < s.count, s[i] == "?" {
                    guard i + 1 < s.count, s[i + 1] == ":" else { return nil }
                    i += 2
                }
                guard let inner = parseAlternation(), i < s.count, s[i] == ")" else { return nil }
                i += 1
                return inner
            case "\\": return parseEscape(inClass: false).map { $0.negated ? .set($0) : ($0.ranges.count == 1 && $0.ranges[0].count == 1 ? .scalar($0.ranges[0].lowerBound) : .set($0)) }
            case "*", "+", "?", "{", "}", "]", ")": return nil
            default: return .scalar(c.value)
            }
        }

        /// An escape, as a set (a single scalar is a one-element set).
        mutating func parseEscape(inClass: Bool) -> ScalarSet? {
            guard i < s.count else { return nil }
            let e = s[i]
            i += 1
            switch e {
            case "d": return ScalarSet(ranges: Parser.digits, negated: false)
            case "D": return ScalarSet(ranges: Parser.digits, negated: true)
            case "w": return ScalarSet(ranges: Parser.word, negated: false)
            case "W": return ScalarSet(ranges: Parser.word, negated: true)
            case "s": return ScalarSet(ranges: Parser.space, negated: false)
            case "S": return ScalarSet(ranges: Parser.space, negated: true)
            case "t": return ScalarSet.single(0x09)
            case "n": return ScalarSet.single(0x0A)
            case "r": return ScalarSet.single(0x0D)
            case "f": return ScalarSet.single(0x0C)
            case "v": return ScalarSet.single(0x0B)
            case "x", "u":
                let count = e == "x" ? 2 : 4
                guard i + count <= s.count, let v = UInt32(String(String.UnicodeScalarView(s[i..<i + count])), radix: 16) else { return nil }
                i += count
                return ScalarSet.single(v)
            default:
                // Identity escapes of punctuation only; letters and digits mean something else.
                guard e.isASCII, !e.properties.isAlphabetic, !("0"..."9").contains(e) else { return nil }
                return ScalarSet.single(e.value)
            }
        }

        mutating func parseClass() -> Node? {
            var negated = false
            if i < s.count, s[i] == "^" {
                negated = true
                i += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            while i < s.count, s[i] != "]" {
                var low: UInt32
                if s[i] == "\\" {
                    i += 1
                    guard let set = parseEscape(inClass: true) else { return nil }
                    if set.negated || set.ranges.count != 1 || set.ranges[0].count != 1 {
                        ranges += set.negated ? Parser.complement(set.ranges) : set.ranges
                        continue
                    }
                    low = set.ranges[0].lowerBound
                } else {
                    if s[i] == "[" { return nil }
                    low = s[i].value
                    i += 1
                }
                if i + 1 < s.count, s[i] == "-", s[i + 1] != "]" {
                    i += 1
                    var high: UInt32
                    if s[i] == "\\" {
                        i += 1
                        guard let set = parseEscape(inClass: true), !set.negated, set.ranges.count == 1, set.ranges[0].count == 1 else { return nil }
                        high = set.ranges[0].lowerBound
                    } else {
                        high = s[i].value
                        i += 1
                    }
                    guard low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard i < s.count else { return nil }
            i += 1
            return .set(ScalarSet(ranges: ranges, negated: negated))
        }
    }
}

/// One step of a compiled regular expression.
enum RegexInstruction: Sendable {
    /// Consume this scalar.
    case scalar(UInt32)
    /// Consume a scalar of `RegexProgram.sets[k]`.
    case set(Int)
    /// Go on at both; the first is preferred (greedy or lazy order).
    case split(Int, Int)
    case jump(Int)
    case assert(RegexAssertion)
    /// Lookaround `k` must hold here.
    case look(Int)
    /// Record the position in capture slot `k` (group `g` has slots `2g` start and `2g + 1` end).
    case save(Int)
    /// Forget what these groups captured (each iteration of a quantifier starts afresh).
    case reset(Range<Int>)
    case backreference(Int)
    /// Record the position in register `r` at the start of an optional iteration…
    case mark(Int)
    /// …which fails if it consumed nothing (ECMA-262 refuses empty optional iterations).
    case progress(Int)
    case match
}

/// A `RegexNode` compiled to instructions that consume the input forwards, or backwards (a
/// lookbehind's body, and the reversed form the linear matcher uses to answer lookaheads).
struct RegexProgram: Sendable {
    private(set) var code: [RegexInstruction] = []
    private(set) var sets: [RegexCharacterClass] = []
    /// Each set's membership of ASCII scalars (the common case, checked without touching the set).
    private(set) var asciiSets: [(UInt64, UInt64)] = []
    /// Whether the program reads right to left.
    let backward: Bool
    private(set) var registers = 0

    /// The largest program compiled (counted repetitions are expanded: `(?:ab){1000}` is 2,000).
    static let maxInstructions = 50_000

    init(_ node: RegexNode, backward: Bool) throws(RegexSyntaxReason) {
        self.backward = backward
        try emit(node)
        code.append(.match)
    }

    /// Whether set `k` holds `c`.
    @inline(__always)
    func set(_ k: Int, contains c: UInt32) -> Bool {
        if c < 64 { return asciiSets[k].0 & (1 << UInt64(c)) != 0 }
        if c < 128 { return asciiSets[k].1 & (1 << UInt64(c - 64)) != 0 }
        return sets[k].contains(c)
    }

    private mutating func append(_ instruction: RegexInstruction) throws(RegexSyntaxReason) {
        guard code.count < RegexProgram.maxInstructions else { throw .tooLarge }
        code.append(instruction)
    }

    private mutating func emit(_ node: RegexNode) throws(RegexSyntaxReason) {
        switch node {
        case .scalar(let v): try append(.scalar(v))
        case .set(let set):
            sets.append(set)
            asciiSets.append(set.ascii)
            try append(.set(sets.count - 1))
        case .sequence(let items):
            for item in backward ? items.reversed() : items { try emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = code.count
                    try append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(code.count)
                    try append(.jump(-1))
                    code[split] = .split(split + 1, code.count)
                }
            }
            for j in jumps { code[j] = .jump(code.count) }
        case .capture(let inner, let index):
            try append(.save(backward ? 2 * index + 1 : 2 * index))
            try emit(inner)
            try append(.save(backward ? 2 * index : 2 * index + 1))
        case .assertion(let kind): try append(.assert(kind))
        case .lookaround(let index): try append(.look(index))
        case .backreference(let group): try append(.backreference(group))
        case .repetition(let inner, let low, let high, let greedy, let captures):
            try emitRepetition(inner, min: low, max: high, greedy: greedy, captures: captures)
        }
    }

    private mutating func emitRepetition(_ inner: RegexNode, min low: Int, max high: Int?, greedy: Bool, captures: Range<Int>) throws(RegexSyntaxReason) {
        if high == 0 { return }
        // One copy first, to know its size: a repetition of nothing is nothing, and a count
        // whose expansion cannot fit is refused before it is built.
        let before = code.count
        var scratch = self
        try scratch.emitIteration(inner, captures: captures)
        let size = scratch.code.count - before
        if size == 0 { return }
        let copies = (high ?? low) + (high == nil ? 1 : 0)
        guard copies <= RegexProgram.maxInstructions / size else { throw .tooLarge }
        for _ in 0..<low { try emitIteration(inner, captures: captures) }
        guard let high else {
            // loop: split body, exit; body: mark; inner; progress; jump loop
            let loop = code.count
            try append(.split(-1, -1))
            let register = newRegister()
            try append(.mark(register))
            try emitIteration(inner, captures: captures)
            try append(.progress(register))
            try append(.jump(loop))
            code[loop] = greedy ? .split(loop + 1, code.count) : .split(code.count, loop + 1)
            return
        }
        var splits: [Int] = []
        for _ in low..<high {
            splits.append(code.count)
            try append(.split(-1, -1))
            let register = newRegister()
            try append(.mark(register))
            try emitIteration(inner, captures: captures)
            try append(.progress(register))
        }
        for s in splits { code[s] = greedy ? .split(s + 1, code.count) : .split(code.count, s + 1) }
    }

    private mutating func emitIteration(_ inner: RegexNode, captures: Range<Int>) throws(RegexSyntaxReason) {
        if !captures.isEmpty { try append(.reset(captures)) }
        try emit(inner)
    }

    private mutating func newRegister() -> Int {
        registers += 1
        return registers - 1
    }
}

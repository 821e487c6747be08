/// The linear-time matcher: a breadth-first simulation of the program over the input (Thompson's
/// construction run as Pike's VM, without captures). Each position is visited once and each
/// instruction at most once per position, so a match costs at most input × program steps,
/// whatever the pattern: `(a*)*b` on forty `a`s is as cheap as `ab`.
///
/// Lookarounds hold or not at a position whatever was matched before, so each is answered for
/// every position at once, before the main scan, by one scan of its body (a lookahead's body
/// reversed, read right to left). Backreferences cannot be run this way (`RegexBacktracker`).
struct RegexNFA {
    let input: [UInt32]
    /// For each lookaround, whether it holds at each position (`input.count + 1` of them).
    private(set) var looks: [[Bool]] = []
    /// Steps left; the scan gives up (and reports so) when it runs out.
    var budget: Int

    init(input: [UInt32], budget: Int) {
        self.input = input
        self.budget = budget
    }

    /// Answers every lookaround at every position, innermost first.
    /// - Returns: `false` when the budget ran out.
    mutating func answer(_ lookarounds: [ECMARegex.CompiledLookaround]) -> Bool {
        for look in lookarounds {
            // A lookahead's body matches from i when its reversal, read leftwards from some j,
            // ends at i; a lookbehind's body matches up to i when, read rightwards, it ends at i.
            guard let ends = scan(look.ahead ? look.backward : look.forward, everywhere: true, firstOnly: false) else { return false }
            looks.append(look.negated ? ends.map { !$0 } : ends)
        }
        return true
    }

    /// Whether `program` (forward) matches somewhere; `nil` when the budget ran out.
    mutating func search(_ program: RegexProgram, anchored: Bool) -> Bool? {
        guard let ends = scan(program, everywhere: !anchored, firstOnly: true) else { return nil }
        return !ends.isEmpty
    }

    /// Runs `program` from every position (or only the first, in its direction) and returns
    /// where it reached `match`: one flag per position, or, with `firstOnly`, `[true]` at the
    /// first match and `[]` for none.
    private mutating func scan(_ program: RegexProgram, everywhere: Bool, firstOnly: Bool) -> [Bool]? {
        let n = input.count
        let code = program.code
        var ends = firstOnly ? [] : [Bool](repeating: false, count: n + 1)
        var seen = [Int32](repeating: -1, count: code.count)
        var current: [Int] = [], next: [Int] = [], stack: [Int] = []
        current.reserveCapacity(16)
        next.reserveCapacity(16)
        stack.reserveCapacity(16)
        var step: Int32 = 0
        var matched = false

        // Follows the instructions that consume nothing from `pc` at `pos`, adding those that
        // consume (and `match`) to `list` once per step.
        func follow(_ start: Int, at pos: Int, into list: inout [Int]) {
            stack.append(start)
            while let pc = stack.popLast() {
                guard seen[pc] != step else { continue }
                seen[pc] = step
                switch code[pc] {
                case .scalar, .set: list.append(pc)
                case .match: matched = true
                case .split(let a, let b):
                    stack.append(b)
                    stack.append(a)
                case .jump(let target): stack.append(target)
                case .assert(let kind): if RegexNFA.holds(kind, at: pos, in: input) { stack.append(pc + 1) }
                case .look(let k): if looks[k][pos] { stack.append(pc + 1) }
                case .save, .reset, .mark, .progress: stack.append(pc + 1)
                case .backreference: break  // never compiled for this matcher
                }
            }
        }

        var pos = program.backward ? n : 0
        let last = program.backward ? 0 : n
        while true {
            if everywhere || pos == (program.backward ? n : 0) { follow(0, at: pos, into: &current) }
            if matched {
                if firstOnly { return [true] }
                ends[pos] = true
                matched = false
            }
            budget -= current.count + 1
            if budget < 0 { return nil }
            if pos == last || (current.isEmpty && !everywhere) { break }
            let c = program.backward ? input[pos - 1] : input[pos]
            let to = program.backward ? pos - 1 : pos + 1
            step += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                let consumed: Bool
                switch code[pc] {
                case .scalar(let v): consumed = c == v
                case .set(let k): consumed = program.set(k, contains: c)
                default: consumed = false
                }
                if consumed { follow(pc + 1, at: to, into: &next) }
            }
            swap(&current, &next)
            pos = to
        }
        return ends
    }

    /// Whether a position assertion holds between `input[pos - 1]` and `input[pos]`.
    static func holds(_ kind: RegexAssertion, at pos: Int, in input: [UInt32]) -> Bool {
        switch kind {
        case .start: return pos == 0
        case .end: return pos == input.count
        case .wordBoundary, .notWordBoundary:
            let before = pos > 0 && RegexCharacterClass.isWord(input[pos - 1])
            let after = pos < input.count && RegexCharacterClass.isWord(input[pos])
            return (before != after) == (kind == .wordBoundary)
        }
    }
}

/// The matcher for patterns with backreferences (`(a+)\1`), which no linear-time method can
/// run: ECMA-262's backtracking, in priority order (greedy or lazy), with captures, atomic
/// lookarounds and the empty-iteration rule, on an explicit stack, within a step budget so a
/// hostile pattern or input costs a bounded time. When the budget runs out the search gives up.
struct RegexBacktracker {
    let input: [UInt32]
    let lookarounds: [ECMARegex.CompiledLookaround]
    /// Steps left.
    var budget: Int

    private enum Frame {
        case resume(pc: Int, pos: Int)
        case slot(Int, Int)
        case register(Int, Int)
    }

    private struct OutOfSteps: Error {}

    /// Whether `program` matches somewhere (only at 0 when `anchored`); `nil` when the budget ran out.
    mutating func search(_ program: RegexProgram, anchored: Bool, groups: Int) -> Bool? {
        do {
            for start in 0...(anchored ? 0 : input.count) {
                var captures = [Int](repeating: -1, count: 2 * (groups + 1))
                if try run(program, from: start, captures: &captures) { return true }
            }
            return false
        } catch {
            return nil
        }
    }

    /// Whether `program` matches from `start`; on success `captures` holds what it captured.
    private mutating func run(_ program: RegexProgram, from start: Int, captures: inout [Int]) throws(OutOfSteps) -> Bool {
        let code = program.code, n = input.count
        var registers = [Int](repeating: -1, count: program.registers)
        var stack: [Frame] = []
        var pc = 0, pos = start
        while true {
            budget -= 1
            if budget < 0 { throw OutOfSteps() }
            var ok = true
            switch code[pc] {
            case .scalar(let v):
                if program.backward { ok = pos > 0 && input[pos - 1] == v; pos -= ok ? 1 : 0 } else { ok = pos < n && input[pos] == v; pos += ok ? 1 : 0 }
                pc += 1
            case .set(let k):
                if program.backward {
                    ok = pos > 0 && program.set(k, contains: input[pos - 1]); pos -= ok ? 1 : 0
                } else {
                    ok = pos < n && program.set(k, contains: input[pos]); pos += ok ? 1 : 0
                }
                pc += 1
            case .split(let a, let b):
                stack.append(.resume(pc: b, pos: pos))
                pc = a
            case .jump(let target): pc = target
            case .assert(let kind):
                ok = RegexNFA.holds(kind, at: pos, in: input)
                pc += 1
            case .look(let k):
                let look = lookarounds[k]
                var inner = captures
                let found = try run(look.ahead ? look.forward : look.backward, from: pos, captures: &inner)
                ok = found != look.negated
                if ok, found {
                    // A positive lookaround keeps what it captured (and is not backtracked into).
                    for slot in inner.indices where inner[slot] != captures[slot] {
                        stack.append(.slot(slot, captures[slot]))
                        captures[slot] = inner[slot]
                    }
                }
                pc += 1
            case .save(let slot):
                stack.append(.slot(slot, captures[slot]))
                captures[slot] = pos
                pc += 1
            case .reset(let groups):
                for slot in (2 * groups.lowerBound)..<(2 * groups.upperBound) where captures[slot] != -1 {
                    stack.append(.slot(slot, captures[slot]))
                    captures[slot] = -1
                }
                pc += 1
            case .backreference(let group):
                let from = captures[2 * group], to = captures[2 * group + 1]
                if from >= 0, to >= from {
                    let length = to - from
                    if program.backward {
                        ok = pos - length >= 0 && input[from..<to].elementsEqual(input[(pos - length)..<pos])
                        pos -= ok ? length : 0
                    } else {
                        ok = pos + length <= n && input[from..<to].elementsEqual(input[pos..<(pos + length)])
                        pos += ok ? length : 0
                    }
                    budget -= length
                }
                pc += 1
            case .mark(let r):
                stack.append(.register(r, registers[r]))
                registers[r] = pos
                pc += 1
            case .progress(let r):
                ok = pos != registers[r]
                pc += 1
            case .match:
                return true
            }
            if ok { continue }
            // Backtrack: undo what was recorded since the last choice, then take it.
            var resumed = false
            while let frame = stack.popLast() {
                switch frame {
                case .slot(let slot, let old): captures[slot] = old
                case .register(let r, let old): registers[r] = old
                case .resume(let p, let q):
                    pc = p
                    pos = q
                    resumed = true
                }
                if resumed { break }
            }
            if !resumed { return false }
        }
    }
}

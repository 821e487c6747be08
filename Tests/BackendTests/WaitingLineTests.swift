@testable import BridgeShareNatives
import Testing

@Suite("The admission queue's waiting line: first in, first out, and leaving early")
struct WaitingLineTests {
    @Test("waiters are taken in the order they came")
    func order() {
        var line = WaitingLine<String>()
        for (ticket, name) in ["a", "b", "c"].enumerated() { line.append(name, ticket: UInt64(ticket)) }
        #expect(line.count == 3)
        #expect([line.removeFirst(), line.removeFirst(), line.removeFirst(), line.removeFirst()] == ["a", "b", "c", nil])
        #expect(line.isEmpty)
    }

    @Test("a waiter that leaves is never taken, and the others keep their order")
    func leaving() {
        var line = WaitingLine<Int>()
        for i in 0..<5 { line.append(i, ticket: UInt64(i)) }
        #expect(line.remove(ticket: 1) == 1)
        #expect(line.remove(ticket: 1) == nil)
        #expect(line.remove(ticket: 3) == 3)
        #expect(line.count == 3)
        #expect([line.removeFirst(), line.removeFirst(), line.removeFirst(), line.removeFirst()] == [0, 2, 4, nil])
    }

    /// 10,000 waiters, most leaving early, the rest taken in between: compaction must keep
    /// the order (seed printed in the failure).
    @Test("10,000 waiters joining, leaving and taken in random order come out as a FIFO would give them")
    func randomised() {
        var generator = SplitMix(seed: 24)
        var line = WaitingLine<UInt64>()
        var model: [UInt64] = []
        for ticket in UInt64(0)..<10_000 {
            line.append(ticket, ticket: ticket)
            model.append(ticket)
            switch generator.next() % 4 {
            case 0, 1:
                let leaving = model.remove(at: Int(generator.next() % UInt64(model.count)))
                #expect(line.remove(ticket: leaving) == leaving, "seed 24, ticket \(ticket)")
            case 2:
                #expect(line.removeFirst() == model.removeFirst(), "seed 24, ticket \(ticket)")
            default:
                break
            }
            #expect(line.count == model.count)
        }
        var rest: [UInt64] = []
        while let next = line.removeFirst() { rest.append(next) }
        #expect(rest == model)
    }
}

/// A small seeded generator, so a failure can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

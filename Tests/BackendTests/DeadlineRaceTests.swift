@testable import BridgeShareNatives
import BridgeSystem
import Synchronization
import Testing

/// The race a call's download runs against its deadline (the plugins' 2.0 s): it answers at the
/// deadline without waiting for the work, hands the late result to `whenLate`, and passes the
/// caller's cancellation to the work.
@Suite("DeadlineRace")
struct DeadlineRaceTests {
    final class Late: Sendable {
        let values = Mutex<[Int]>([])
    }

    /// Work that ignores cancellation and takes `seconds` (suspended, not spinning: a cancelled
    /// `Task.sleep` returns at once, and a loop of them would hold a thread of the pool).
    static func stubborn(_ seconds: Double, _ value: Int) -> @Sendable () async -> Int {
        { @Sendable in
            await withCheckedContinuation { continuation in
                DeadlineTimer.shared.schedule(after: seconds) { continuation.resume() }
            }
            return value
        }
    }

    func seconds(since start: UInt64) -> Double { Double(DeadlineTimer.now() - start) / 1e9 }

    @Test("work that beats the deadline is the answer; nothing is late")
    func workWins() async throws {
        let late = Late()
        let outcome = await DeadlineRace.run(seconds: 5, { 7 }, whenLate: { v in late.values.withLock { $0.append(v) } })
        guard case .finished(let value) = outcome else { Issue.record("timed out"); return }
        #expect(value == 7)
        #expect(late.values.withLock { $0 } == [])
    }

    @Test("the deadline answers at its time, not when the work ends; the work's result is handed over late")
    func deadlineWins() async throws {
        let late = Late()
        let start = DeadlineTimer.now()
        let outcome = await DeadlineRace.run(seconds: 0.2, Self.stubborn(2.0, 9), whenLate: { v in late.values.withLock { $0.append(v) } })
        let answered = seconds(since: start)
        guard case .timedOut = outcome else { Issue.record("the work won"); return }
        #expect(answered >= 0.2)
        // The work takes 2.0 s: answered before it ended, so it is not late yet (a bound in
        // seconds would fail whenever another test holds the pool's two threads).
        #expect(late.values.withLock { $0 } == [])
        let limit = DeadlineTimer.now() + 10_000_000_000
        while late.values.withLock({ $0.isEmpty }) && DeadlineTimer.now() < limit { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(late.values.withLock { $0 } == [9])
    }

    @Test("the work is cancelled when the deadline wins")
    func loserCancelled() async throws {
        let sawCancel = Mutex(false)
        let outcome = await DeadlineRace.run(seconds: 0.1, { @Sendable in
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 5_000_000) }
            sawCancel.withLock { $0 = true }
            return 0
        })
        guard case .timedOut = outcome else { Issue.record("the work won"); return }
        let limit = DeadlineTimer.now() + 10_000_000_000
        while !sawCancel.withLock({ $0 }) && DeadlineTimer.now() < limit { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(sawCancel.withLock { $0 })
    }

    @Test("cancelling the caller cancels the work, whose result is the answer")
    func callerCancelled() async throws {
        let task = Task {
            await DeadlineRace.run(seconds: 30, { @Sendable in
                while !Task.isCancelled { try? await Task.sleep(nanoseconds: 5_000_000) }
                return -1
            })
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        guard case .finished(let value) = await task.value else { Issue.record("timed out"); return }
        #expect(value == -1)
    }

    @Test("a caller cancelled before the race starts still gets the work's (cancelled) answer")
    func cancelledBefore() async throws {
        let task = Task {
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            return await DeadlineRace.run(seconds: 30, { @Sendable in Task.isCancelled ? -2 : 2 })
        }
        task.cancel()
        guard case .finished(let value) = await task.value else { Issue.record("timed out"); return }
        #expect(value == -2)
    }

    @Test("1,000 races at once each answer once, by work or by deadline, whichever came first")
    func many() async throws {
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for i in 0..<1000 {
                group.addTask {
                    // Even: instant work; odd: work that outlives a 0.1 s deadline.
                    let outcome = await DeadlineRace.run(seconds: i % 2 == 0 ? 5 : 0.1, i % 2 == 0 ? { i } : Self.stubborn(0.5, i))
                    if case .finished(let v) = outcome { return (i, v == i) }
                    return (i, false)
                }
            }
            var all: [Int: Bool] = [:]
            for await (i, finished) in group { all[i] = finished }
            return all
        }
        #expect(outcomes.count == 1000)
        #expect(outcomes.filter { $0.value }.map(\.key).sorted() == Array(stride(from: 0, to: 1000, by: 2)))
    }
}

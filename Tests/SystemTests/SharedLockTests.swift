import BridgeSystem
import Dispatch
import Glibc
import Testing

/// `SharedLock` keeps its value whole however many threads take it at once.
@Suite("SharedLock: a value many threads take")
struct SharedLockTests {
    private struct Tally {
        var count = 0
        /// Every taker's increments, in the order they landed: an interleaving breaks runs.
        var order: [Int] = []
    }

    /// Eight threads, each adding its own number 5,000 times in runs of five under one
    /// `withLock`: the count is exact and no run is cut by another thread's (as it would be
    /// without the lock, or with a lock that let two bodies overlap).
    @Test func bodiesNeverOverlap() {
        let lock = SharedLock(Tally())
        let threads = 8, rounds = 1_000, run = 5
        let finished = DispatchGroup()
        for thread in 0..<threads {
            finished.enter()
            Threads.detach {
                for _ in 0..<rounds {
                    lock.withLock { tally in
                        for _ in 0..<run {
                            tally.count += 1
                            tally.order.append(thread)
                            // A chance for another thread to run inside the body, were it let in.
                            if tally.count % 7 == 0 { sched_yield() }
                        }
                    }
                }
                finished.leave()
            }
        }
        finished.wait()
        let tally = lock.withLock { $0 }
        #expect(tally.count == threads * rounds * run)
        var cut = 0
        for start in stride(from: 0, to: tally.order.count, by: run) where Set(tally.order[start..<start + run]).count != 1 {
            cut += 1
        }
        #expect(cut == 0, "\(cut) runs of five were interleaved with another thread's")
    }

    private struct Refused: Error, Equatable {}

    /// An error thrown inside the body reaches the caller typed, and the lock is free again.
    @Test func aThrowingBodyReleasesTheLock() {
        let lock = SharedLock(1)
        #expect(throws: Refused.self) {
            try lock.withLock { (value: inout Int) throws(Refused) in
                value = 2
                throw Refused()
            }
        }
        #expect(lock.withLock { $0 } == 2)
    }
}

/// Taking the lock again inside its body stops the process with a message (in the debug build
/// the tests run), where a release build would wait forever.
@Suite("SharedLock: not recursive")
struct SharedLockRecursionTests {
    @Test func takingItAgainStops() async {
        await #expect(processExitsWith: .failure) {
            let lock = SharedLock(0)
            lock.withLock { _ in lock.withLock { $0 += 1 } }
        }
    }
}

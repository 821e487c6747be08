import BridgeSystem
import Synchronization

/// A resolve-once race between some work and a deadline: whichever comes first wins, exactly
/// once. When the deadline wins, the race answers then — as the plugins present their sheet at
/// their deadline — and the work is cancelled; it ends on its own, and `whenLate` gets what it
/// brings (a file to remove).
///
/// The deadline is an entry of `DeadlineTimer.shared`, the work one task: no task group, no
/// sleeping task, and the answer never waits for the loser (10,000 calls whose downloads the
/// engine was still cancelling answered late when it did).
public enum DeadlineRace {
    public enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case timedOut
    }

    /// Runs `work`, giving up after `seconds`; on timeout `work` is cancelled and its result,
    /// when it comes, goes to `whenLate`. Cancelling the calling task cancels `work`, whose
    /// result (a cancelled download) is then the answer.
    public static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async -> T,
                                        whenLate: @escaping @Sendable (T) -> Void = { _ in }) async -> Outcome<T> {
        let race = Race<T>()
        let priority = Task.currentPriority
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.begin(continuation)
                let worker = Task(priority: priority) {
                    // The clock starts as the work does, on the task pool: a pool kept busy
                    // (by other tests, say) delays both alike and never turns a result that
                    // came in time into a timeout. The timeout is decided there too, behind a
                    // result already handed to it.
                    race.armed(DeadlineTimer.shared.schedule(after: seconds) {
                        Task(priority: priority) {
                            if race.settle(.timedOut) { race.cancelWork() }
                        }
                    })
                    let result = await work()
                    if !race.settle(.finished(result)) { whenLate(result) }
                }
                race.started(worker)
            }
        } onCancel: {
            race.cancelWork()
        }
    }

    /// The state the work, the deadline and the caller's cancellation share.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome<T>, Never>?
            var settled = false
            var worker: Task<Void, Never>?
            var ticket: DeadlineTimer.Ticket?
            var cancelRequested = false
        }

        private let state = Mutex(State())

        func begin(_ continuation: CheckedContinuation<Outcome<T>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        /// The work's task: cancelled at once when cancellation came first.
        func started(_ worker: Task<Void, Never>) {
            let cancel = state.withLock { s -> Bool in
                s.worker = worker
                return s.cancelRequested
            }
            if cancel { worker.cancel() }
        }

        /// The deadline's ticket: dropped at once when the work already won.
        func armed(_ ticket: DeadlineTimer.Ticket) {
            let drop = state.withLock { s -> Bool in
                s.ticket = ticket
                return s.settled
            }
            if drop { ticket.cancel() }
        }

        /// Resolves the race with `outcome` unless it is already resolved; `true` when it won.
        func settle(_ outcome: Outcome<T>) -> Bool {
            let (continuation, ticket) = state.withLock { s -> (CheckedContinuation<Outcome<T>, Never>?, DeadlineTimer.Ticket?) in
                guard !s.settled else { return (nil, nil) }
                s.settled = true
                defer { s.continuation = nil; s.ticket = nil }
                return (s.continuation, s.ticket)
            }
            guard let continuation else { return false }
            if case .finished = outcome { ticket?.cancel() }
            continuation.resume(returning: outcome)
            return true
        }

        func cancelWork() {
            let worker = state.withLock { s -> Task<Void, Never>? in
                s.cancelRequested = true
                return s.worker
            }
            worker?.cancel()
        }
    }
}

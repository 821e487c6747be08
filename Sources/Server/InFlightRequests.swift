import BridgeProtocol
import Synchronization

/// The calls that are running, and the guarantee that each gets exactly one answer.
///
/// A call is registered with `begin` before its task starts. Whoever removes it first — the
/// task finishing (`finish`) or a cancellation (`cancel`) — receives its `Reply` and answers it;
/// the other finds nothing and sends nothing. That removal is the only way to a `Reply`, so a
/// second response cannot be sent.
final class InFlightRequests: Sendable {
    fileprivate struct Entry {
        var id: RequestID?
        var reply: Reply
        var task: Task<Void, Never>?
    }

    fileprivate struct State {
        var entries: [UInt64: Entry] = [:]
        var nextToken: UInt64 = 0
        var idleWaiters: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Registers a call; `id` is nil for notifications (which cannot be cancelled).
    func begin(id: RequestID?, reply: Reply) -> UInt64 {
        state.withLock { s in
            s.nextToken += 1
            let token = s.nextToken
            s.entries[token] = Entry(id: id, reply: reply, task: nil)
            return token
        }
    }

    /// Attaches the call's task, so a cancellation can stop it; cancels it at once if the call was
    /// cancelled before its task existed.
    func attach(_ token: UInt64, task: Task<Void, Never>) {
        let alreadyGone = state.withLock { s -> Bool in
            guard s.entries[token] != nil else { return true }
            s.entries[token]?.task = task
            return false
        }
        if alreadyGone { task.cancel() }
    }

    /// Removes a finished call and, if nobody answered it yet, passes its reply to `answer`.
    /// Idle waiters run only after `answer`, so a drain never overtakes the last response.
    func finish(_ token: UInt64, answer: (Reply) -> Void) {
        let (reply, waiters) = state.withLock { s -> (Reply?, [@Sendable () -> Void]) in
            guard let entry = s.removeEntry(token) else { return (nil, []) }
            return (entry.reply, s.takeWaitersIfIdle())
        }
        if let reply { answer(reply) }
        waiters.forEach { $0() }
    }

    /// Removes every running call with `id`, cancels its task, and passes each reply to
    /// `answer` (to be answered with `-32800`). Unknown or finished ids give nothing.
    func cancel(id: RequestID, answer: (Reply) -> Void) {
        let (removed, waiters) = state.withLock { s -> ([Entry], [@Sendable () -> Void]) in
            // A scan, not an index by id: cancellation is rare, and hashing every id on the
            // hot path of each request costs more than the occasional scan.
            let tokens = s.entries.filter { $0.value.id == id }.keys.sorted()
            let removed = tokens.compactMap { s.removeEntry($0) }
            return (removed, s.takeWaitersIfIdle())
        }
        for entry in removed {
            entry.task?.cancel()
            answer(entry.reply)
        }
        waiters.forEach { $0() }
    }

    /// Whether a call is still waiting for its answer (not finished, not cancelled).
    func isPending(_ token: UInt64) -> Bool {
        state.withLock { $0.entries[token] != nil }
    }

    /// The number of running calls.
    var count: Int { state.withLock { $0.entries.count } }

    /// Runs `callback` once no call is running (at once if none is).
    func whenIdle(_ callback: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { s -> Bool in
            if s.entries.isEmpty { return true }
            s.idleWaiters.append(callback)
            return false
        }
        if runNow { callback() }
    }
}

extension InFlightRequests.State {
    fileprivate mutating func removeEntry(_ token: UInt64) -> InFlightRequests.Entry? {
        entries.removeValue(forKey: token)
    }

    fileprivate mutating func takeWaitersIfIdle() -> [@Sendable () -> Void] {
        guard entries.isEmpty, !idleWaiters.isEmpty else { return [] }
        defer { idleWaiters = [] }
        return idleWaiters
    }
}

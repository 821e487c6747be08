import Dispatch
import Synchronization

/// The end of a session: the first `finish` fixes the exit status and wakes `wait`.
final class SessionEnd: Sendable {
    private let status = Mutex<Int32?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Ends the session with `exitStatus`, unless it already ended.
    func finish(_ exitStatus: Int32) {
        let first = status.withLock { value -> Bool in
            guard value == nil else { return false }
            value = exitStatus
            return true
        }
        if first { done.signal() }
    }

    /// Blocks until the session ends; returns its exit status.
    func wait() -> Int32 {
        done.wait()
        return status.withLock { $0 } ?? 0
    }
}

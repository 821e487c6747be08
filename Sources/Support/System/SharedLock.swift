import Glibc

/// A value behind a lock that many threads take often (a page's event stream, which every
/// connection of the page writes to): `Mutex`'s interface, on a glibc adaptive mutex.
///
/// Why not `Mutex`: on Linux it is a priority-inheriting futex, whose unlock hands the lock to a
/// thread that waits, asleep. Once two threads met on it, every later taker found it owned by a
/// thread not yet running and slept too: in browser mode 16 connections writing to one page's
/// stream made one `FUTEX_LOCK_PI` and one `FUTEX_UNLOCK_PI` a request (29,040 of each for
/// 30,000 requests, `perf record -e syscalls:sys_enter_futex`), each a switch of threads. This
/// lock hands nothing over: the thread that unlocks wakes a sleeper, and whoever runs first
/// takes it; a taker spins a little before it sleeps.
///
/// - Important: the lock is not recursive: `body` must not take it again.
public final class SharedLock<Value>: @unchecked Sendable {
    // Sendable proof: `value` is read and written only inside `withLock`, with `mutex` held
    // (which is also why its accesses skip the run-time exclusivity check: ~70 instructions each).
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline @exclusivity(unchecked) var value: Value

    public init(_ value: Value) {
        self.value = value
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held. Inlinable, so that each caller's body is
    /// specialised and inlined, not run through a generic thunk.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

import Glibc

/// A value behind a lock that concurrent calls share: `Mutex`'s interface, on a glibc adaptive
/// mutex. Every lock of state that outlives a call (a page's event stream, the ACL's decisions,
/// the registry, a plugin's store or sandbox) is one; `Mutex` stays inside one call's own
/// objects (an exchange, a call's observer, a session's engine), which no two calls take.
///
/// Why not `Mutex`: on Linux it is a priority-inheriting futex, whose unlock hands the lock to a
/// thread that waits, asleep. Once two threads met on it, every later taker found it owned by a
/// thread not yet running and slept too: in browser mode 16 connections writing to one page's
/// stream made one `FUTEX_LOCK_PI` and one `FUTEX_UNLOCK_PI` a request (29,040 of each for
/// 30,000 requests, `perf record -e syscalls:sys_enter_futex`), each a switch of threads; moved
/// off it, the convoy formed on the next lock every request takes (the ACL's, then a store's
/// sandbox). This lock hands nothing over: the thread that unlocks wakes a sleeper, and whoever
/// runs first takes it; a taker spins a little before it sleeps.
///
/// - Important: the lock is not recursive: `body` must not take it again (a debug build stops
///   with a message where a release build would wait forever).
public final class SharedLock<Value> {
    // `value` is read and written only inside `withLock`, with `mutex` held (which is also why
    // its accesses skip the run-time exclusivity check: ~70 instructions each).
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline @exclusivity(unchecked) var value: Value

    public init(_ value: Value) {
        self.value = value
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if DEBUG
        // Debug builds (the tests) check the owner: taking the lock again on the thread that
        // holds it stops with a message instead of hanging.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        #else
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
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
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "SharedLock taken again by the thread that holds it: it is not recursive")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Sendable proof: every access to `value` holds `mutex`, so a Sendable value is never reached by
// two threads at once (unlike `Mutex`, which `sending` lets hold any value, this asks that the
// value itself be Sendable).
extension SharedLock: @unchecked Sendable where Value: Sendable {}

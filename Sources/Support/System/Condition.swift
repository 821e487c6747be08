import Glibc

/// A lock with a condition (`NSCondition`): `lock`, `unlock`, `wait` (with the lock held) and
/// `signal` or `broadcast`.
public final class Condition: @unchecked Sendable {
    // Sendable proof: the pthread objects are used only through their own locking calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// - Parameter monotonic: `wait(untilMonotonic:)` reads `CLOCK_MONOTONIC` (not the wall
    ///   clock, which can jump).
    public init(monotonic: Bool = false) {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        if monotonic { pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC) }
        pthread_cond_init(cond, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a signal, the lock released meanwhile and held again on return.
    public func wait() { pthread_cond_wait(cond, mutex) }
    /// Waits for a signal or until `CLOCK_MONOTONIC` reads `nanoseconds` (a condition made with
    /// `monotonic: true`), the lock released meanwhile and held again on return.
    public func wait(untilMonotonic nanoseconds: UInt64) {
        var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        pthread_cond_timedwait(cond, mutex, &time)
    }
    public func signal() { pthread_cond_signal(cond) }
    public func broadcast() { pthread_cond_broadcast(cond) }
}

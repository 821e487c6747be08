import Glibc

/// A lock with a condition (`NSCondition`): `lock`, `unlock`, `wait` (with the lock held) and
/// `signal` or `broadcast`.
public final class Condition: @unchecked Sendable {
    // Sendable proof: the pthread objects are used only through their own locking calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
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
    public func signal() { pthread_cond_signal(cond) }
    public func broadcast() { pthread_cond_broadcast(cond) }
}

import Glibc

/// A detached thread running a closure (`Thread.detachNewThread`, `Thread { }.start()`).
public enum Threads {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (the system's
    /// default when `nil`), for a thread the process cannot run without (a session's reader and
    /// writer): one the system cannot start is a crash that says so.
    public static func detach(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        let status = start(stackSize: stackSize, body)
        precondition(status == 0, "cannot start a thread: \(String(cString: strerror(status)))")
    }

    /// Starts `body` on a new detached thread, as `detach`; `false` when the system refuses one
    /// (too many threads, no memory), so that the caller refuses its work instead of crashing.
    public static func tryDetach(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        start(stackSize: stackSize, body) == 0
    }

    /// `pthread_create`'s status.
    private static func start(stackSize: Int?, _ body: @escaping @Sendable () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if status != 0 { Unmanaged<Box>.fromOpaque(box).release() }
        return status
    }
}

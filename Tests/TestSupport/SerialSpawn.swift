import Foundation

/// Starts processes one at a time across the whole test run (see `ChildProcess`): the pipes of
/// one start cannot leak into a child another thread starts at the same instant. The processes
/// still run concurrently once started.
public enum SerialSpawn {
    private static let lock = NSLock()

    /// Runs `body` while holding the spawn lock (descriptors made in it cannot leak into a child
    /// another thread starts meanwhile).
    public static func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

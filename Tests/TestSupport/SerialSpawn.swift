import Foundation

/// Starts processes one at a time across the whole test run.
///
/// Foundation's `Process.run` on Linux crashed the test runner (SIGSEGV) when several suites
/// started processes at the same instant from different threads; the processes still run
/// concurrently once started, only their start is serialised.
public enum SerialSpawn {
    private static let lock = NSLock()

    /// Runs `process` (as `Process.run`) while holding the spawn lock.
    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}

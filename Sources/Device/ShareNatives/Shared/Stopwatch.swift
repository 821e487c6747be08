import BridgeSystem

/// Elapsed time since creation, on the monotonic clock, in whole milliseconds, for presentation
/// records (the clock read directly: `ContinuousClock`'s `Duration` arithmetic cost a raced call
/// more than the reading).
struct Stopwatch: Sendable {
    /// The monotonic clock's reading it counts from (now by default).
    let start: UInt64

    init(from start: UInt64 = DeadlineTimer.now()) { self.start = start }

    var elapsedMs: Int { Int((DeadlineTimer.now() - start) / 1_000_000) }
}

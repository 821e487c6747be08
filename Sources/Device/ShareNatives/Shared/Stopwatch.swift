import BridgeSystem

/// Elapsed time since creation, on the monotonic clock, in whole milliseconds, for presentation
/// records (the clock read directly: `ContinuousClock`'s `Duration` arithmetic cost a raced call
/// more than the reading).
struct Stopwatch: Sendable {
    private let start = DeadlineTimer.now()

    var elapsedMs: Int { Int((DeadlineTimer.now() - start) / 1_000_000) }
}

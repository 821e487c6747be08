/// Elapsed wall time since creation, in whole milliseconds, for presentation records.
struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    var elapsedMs: Int {
        let d = ContinuousClock.now - start
        return Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }
}

import Testing

/// Polls `condition` every 50 ms until it holds; fails the test after `seconds` (generous: in
/// the whole suite, a task may wait minutes for a thread of the pool).
public func waitUntil(_ what: String, seconds: Double = 300, _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("not within \(Int(seconds)) s: \(what)")
            return
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

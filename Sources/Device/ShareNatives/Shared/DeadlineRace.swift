/// A resolve-once race between some work and a deadline: whichever comes first wins, exactly
/// once; the loser is cancelled and its result ignored.
public enum DeadlineRace {
    public enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case timedOut
    }

    /// Runs `work`, giving up after `seconds`; on timeout `work` is cancelled.
    public static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async -> T) async -> Outcome<T> {
        await withTaskGroup(of: Outcome<T>?.self) { group in
            group.addTask { .finished(await work()) }
            group.addTask {
                do {
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                    return .timedOut
                } catch {
                    return nil
                }
            }
            // The first child to finish decides; cancelling the group stops the other one.
            var winner: Outcome<T>? = nil
            while winner == nil, let next = await group.next() {
                winner = next
            }
            group.cancelAll()
            return winner ?? .timedOut
        }
    }
}

/// A call that waits for a user who will never act — a sheet that never completes, a second
/// present UIKit refused — stays pending until it is cancelled or the session ends.
///
/// The session learns that a call is waiting on nobody through `CallObserver.current` (set
/// around each call it runs), so that at the end of its input, or at `shutdown`, it answers
/// such calls instead of waiting for them forever. `bridge invoke`'s observer does nothing
/// then: the call waits until interrupted.

public enum UserWait {
    /// Tells the session, then suspends until the task is cancelled.
    public static func untilCancelled() async {
        CallObserver.current?.waitsOnNobody()
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(86_400))
        }
    }
}

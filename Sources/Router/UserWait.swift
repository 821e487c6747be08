/// A call that waits for a user who will never act — a sheet that never completes, a second
/// present UIKit refused — stays pending until it is cancelled or the session ends.
///
/// The session learns that a call is waiting on nobody through `onWait` (set around each call
/// it runs), so that at the end of its input, or at `shutdown`, it answers such calls instead
/// of waiting for them forever. `bridge invoke` sets none: the call waits until interrupted.
public enum UserWait {
    /// What the session does when the current call starts waiting on nobody.
    ///
    /// - Important: a class, not an optional closure: with `-O` on Swift 6.3.1, binding a
    ///   task-local of type `(@Sendable () -> Void)?` inside `Task.immediate` crashed in
    ///   `swift_task_localValuePush` (the release `bridge serve` died on its first call; debug
    ///   builds were fine). A class reference binds safely.
    public final class Observer: Sendable {
        let notify: @Sendable () -> Void

        /// An observer that runs `notify` when the call starts waiting on nobody.
        public init(_ notify: @escaping @Sendable () -> Void) { self.notify = notify }
    }

    /// The observer of the current call, if its session set one.
    @TaskLocal public static var onWait: Observer?

    /// Tells the session, then suspends until the task is cancelled.
    public static func untilCancelled() async {
        onWait?.notify()
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(86_400))
        }
    }
}

import BridgeProtocol

/// What the caller of a running call wants to hear from it while it runs: that it now waits on
/// a user who will never act (`UserWait`), and the warnings it learns (`LiveWarnings`). One
/// task-local, bound once around each call a session or `bridge invoke` runs.
///
/// - Important: a class, not an optional closure: with `-O` on Swift 6.3.1, binding a
///   task-local of type `(@Sendable () -> Void)?` inside `Task.immediate` crashed in
///   `swift_task_localValuePush` (the release `bridge serve` died on its first call; debug
///   builds were fine). A class reference binds safely.
public final class CallObserver: Sendable {
    let waitsOnNobody: @Sendable () -> Void
    let warned: @Sendable ([CallWarning]) -> Void

    /// An observer that runs `waitsOnNobody` when the call starts waiting on nobody, and
    /// `warned` with each batch of warnings it reports.
    public init(waitsOnNobody: @escaping @Sendable () -> Void = {}, warned: @escaping @Sendable ([CallWarning]) -> Void) {
        self.waitsOnNobody = waitsOnNobody
        self.warned = warned
    }

    /// The observer of the current call, if its caller set one.
    @TaskLocal public static var current: CallObserver?
}

import BridgeProtocol

/// What the caller of a running call wants to hear from it while it runs: that it now waits on
/// a user who will never act (`UserWait`), and the warnings it learns (`LiveWarnings`). One
/// task-local, bound once around each call a session or `bridge invoke` runs.
///
/// A caller passes closures, or subclasses it (one object per call: a session's observer holds
/// the session, the call's token and its request id) and overrides what it wants to hear.
///
/// - Important: a class, not an optional closure: with `-O` on Swift 6.3.1, binding a
///   task-local of type `(@Sendable () -> Void)?` inside `Task.immediate` crashed in
///   `swift_task_localValuePush` (the release `bridge serve` died on its first call; debug
///   builds were fine). A class reference binds safely.
/// - Important: Sendable by contract: a subclass keeps only immutable, Sendable state.
open class CallObserver: @unchecked Sendable {
    // Sendable proof: immutable; the closures are Sendable.
    private let onWait: (@Sendable () -> Void)?
    private let onWarnings: (@Sendable ([CallWarning]) -> Void)?

    /// An observer that hears nothing until a subclass overrides what it wants to hear.
    public init() {
        onWait = nil
        onWarnings = nil
    }

    /// An observer that runs `waitsOnNobody` when the call starts waiting on nobody, and
    /// `warned` with each batch of warnings it reports.
    public init(waitsOnNobody: @escaping @Sendable () -> Void = {}, warned: @escaping @Sendable ([CallWarning]) -> Void) {
        onWait = waitsOnNobody
        onWarnings = warned
    }

    /// The call started waiting on a user who will never act.
    open func waitsOnNobody() { onWait?() }

    /// The call reports `warnings` learnt while it runs.
    open func warned(_ warnings: [CallWarning]) { onWarnings?(warnings) }

    /// The observer of the current call, if its caller set one.
    @TaskLocal public static var current: CallObserver?
}

import BridgeJSON
import BridgeProtocol

/// What the caller of a running call wants to hear from it while it runs: that it now waits on
/// a user who will never act (`UserWait`), the warnings it learns (`LiveWarnings`), and what it
/// presented before it failed (`presented`: a dismissed share rejects, so no `CommandOutput`
/// carries its record). One task-local, bound once around each call a session or `bridge
/// invoke` runs.
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
    private let onPresented: (@Sendable (@escaping @Sendable () -> JSON) -> Void)?

    /// An observer that hears nothing until a subclass overrides what it wants to hear.
    public init() {
        onWait = nil
        onWarnings = nil
        onPresented = nil
    }

    /// An observer that runs `waitsOnNobody` when the call starts waiting on nobody, `warned`
    /// with each batch of warnings it reports, and `presented` with the record of what it
    /// presented before failing.
    public init(waitsOnNobody: @escaping @Sendable () -> Void = {}, presented: (@Sendable (@escaping @Sendable () -> JSON) -> Void)? = nil,
                warned: @escaping @Sendable ([CallWarning]) -> Void) {
        onWait = waitsOnNobody
        onWarnings = warned
        onPresented = presented
    }

    /// The call started waiting on a user who will never act.
    open func waitsOnNobody() { onWait?() }

    /// The call reports `warnings` learnt while it runs.
    open func warned(_ warnings: [CallWarning]) { onWarnings?(warnings) }

    /// The call presented what `record` builds (built only if the caller shows it) and is about
    /// to fail: a sheet the user dismissed, an activity that was not offered. A call that
    /// succeeds hands its record over in its `CommandOutput` instead, so each call reports its
    /// record at most once, one way or the other.
    open func presented(_ record: @escaping @Sendable () -> JSON) { onPresented?(record) }

    /// Runs `action` once the call's successful answer has been written whole to its reader
    /// (a stdio session's output, `bridge invoke`'s stdout); never when the answer was not
    /// written, was an error, or the caller cannot tell (the default: a caller that knows
    /// overrides it). What a command may treat as received, such as a share inbox's lease
    /// (`ReadCommand` of share-extension), waits for this.
    open func whenAnswerWritten(_ action: @escaping @Sendable () -> Void) {}

    /// Reports `record` to the current call's observer, then returns `error` for the call to
    /// throw: `throw CallObserver.rejecting(.rejected(…), presented: record)`.
    public static func rejecting(_ error: ResponseError, presented record: @escaping @Sendable () -> JSON) -> ResponseError {
        current?.presented(record)
        return error
    }

    /// The observer of the current call, if its caller set one.
    @TaskLocal public static var current: CallObserver?
}

import Synchronization

/// The part of a call that waits without a task: on one thing that reports on a thread of its
/// own (a download's end, its deadline: `DownloadCall`), after which the call's next step is
/// worked out at once.
///
/// `begin(ended)` starts the wait on the caller's thread and returns how to stop it. When the
/// wait is over the command calls `ended` once, from whatever thread, with the work that makes
/// the next step (`.done` mostly; `.waiting` when it must wait again, a sheet that stays up). The
/// router runs that work with the call's observer bound and answers the call from there, so a
/// session waits on nothing: a task per waiting call (its creation, the frames of its awaits,
/// its switches) cost a share_text call with an `imageUrl` more than the rest of its start.
/// A task that awaits one (`CallStep.output()`) waits on one continuation.
public struct CallResumption: Sendable {
    /// The work that makes the call's next step, run once the wait is over.
    public typealias Next = @Sendable () throws -> CallStep
    /// Called once by the command, from any thread, when the wait is over.
    public typealias Ended = @Sendable (@escaping Next) -> Void

    let begin: @Sendable (_ ended: @escaping Ended) -> @Sendable () -> Void

    /// - Parameter begin: starts the wait and returns what stops it (safe at any time, more than
    ///   once; a stopped wait still ends, and calls `ended` with what being stopped makes).
    public init(_ begin: @escaping @Sendable (_ ended: @escaping Ended) -> @Sendable () -> Void) {
        self.begin = begin
    }

    /// Starts the wait; `ended` gets the work of the next step once. What stops it is handed to
    /// `cancellation` (stage 0).
    public func start(tracking cancellation: CallCancellation, _ ended: @escaping Ended) {
        cancellation.track(stage: 0, begin(ended))
    }

    /// The wait awaited by a task (cancelling the task stops it); returns the next step's work,
    /// to run in the task.
    func awaited() async -> Next {
        let cancellation = CallCancellation()
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                start(tracking: cancellation) { next in continuation.resume(returning: next) }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

/// Stops a call that waits without a task, whichever stage it is in: its wait (stage 0), then
/// the task that runs what waits after it (stage 1). Safe from any thread, at any time, more than
/// once; a stage tracked after the call was cancelled is stopped at once, and an earlier stage
/// tracked late never replaces a later one.
public final class CallCancellation: Sendable {
    private struct State {
        var stop: (@Sendable () -> Void)?
        var stage = -1
        var cancelled = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Stops the stage the call is in (and any stage tracked later).
    public func cancel() {
        let stop = state.withLock { s -> (@Sendable () -> Void)? in
            s.cancelled = true
            defer { s.stop = nil }
            return s.stop
        }
        stop?()
    }

    /// What stops the call from `stage` on.
    public func track(stage: Int, _ stop: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            guard stage > s.stage else { return false }
            s.stage = stage
            if s.cancelled { return true }
            s.stop = stop
            return false
        }
        if now { stop() }
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }
}

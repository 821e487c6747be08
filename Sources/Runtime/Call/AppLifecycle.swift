import BridgeSystem

/// How the simulated app ends or starts again: plugin-process's `exit(code)` (`AppHandle::exit`)
/// and `restart()` (`AppHandle::restart`). The command asks; the transport that runs the app
/// does it — `bridge serve` ends its session with the code (or starts itself again), a page is
/// told, `bridge invoke` exits with the code.
public final class AppLifecycle: Sendable {
    public enum Ending: Sendable, Equatable {
        case exit(Int32)
        case restart
    }

    /// The app of this process, which the CLI's transports end.
    public static let process = AppLifecycle()

    private let handler = SharedLock<(@Sendable (Ending, CallContext) -> Void)?>(nil)
    private let requested = SharedLock<Ending?>(nil)

    public init() {}

    /// Who ends the app from now on (the transport running it).
    public func onEnd(_ handler: @escaping @Sendable (Ending, CallContext) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// Ends the app as `ending` says; `false` when no transport runs it (nothing ends).
    public func end(_ ending: Ending, context: CallContext) -> Bool {
        guard let handler = handler.withLock({ $0 }) else { return false }
        requested.withLock { if $0 == nil { $0 = ending } }
        handler(ending, context)
        return true
    }

    /// The first ending asked for, if any.
    public var ending: Ending? { requested.withLock { $0 } }
}

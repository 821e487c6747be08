import BridgeCall
import BridgeJSON
import BridgeProtocol

/// What answers the calls that no registered command does: the app's own commands (`greet`)
/// and plugins the bridge does not host, each answered by a handler or a fixture, or named as
/// unanswered. The router asks it after its registry, and tells it of every call it could not
/// route, so nothing a front end calls goes unseen.
public protocol CommandFallback: Sendable {
    /// The entry that serves `method`, which `registry` does not have, or `nil` (the router's
    /// not-found answer stands).
    func resolve(_ method: String, registry: CommandRegistry) -> FallbackEntry?
    /// The commands the process's clients answer (`bridge/handle`).
    var clients: ClientHandlers { get }
    /// A call that found no command in `registry`, or that its fallback entry refused before running.
    func missed(_ method: String, params: JSON?, context: CallContext, error: ResponseError, registry: CommandRegistry)
}

/// A fallback's command for one method, and how the ACL treats it.
public struct FallbackEntry: Sendable {
    public let entry: CommandRegistry.Entry
    /// Whether the ACL is skipped: an app command when the app has no ACL manifest (Tauri
    /// allows those everywhere), or a plugin whose permission files the bridge does not have.
    public let skipsACL: Bool
    /// Said beside the answer (a warning; `--strict` refuses) when the ACL could not check the call.
    public let unchecked: CallWarning?

    public init(entry: CommandRegistry.Entry, skipsACL: Bool, unchecked: CallWarning? = nil) {
        self.entry = entry
        self.skipsACL = skipsACL
        self.unchecked = unchecked
    }
}

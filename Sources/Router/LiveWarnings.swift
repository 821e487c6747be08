import BridgeProtocol

/// Warnings a running call learns while it runs, reported at once rather than with its answer —
/// a present UIKit refused is never answered, so its warning cannot wait for the response.
///
/// They take the same path as the warnings of `Router.prepare`: `bridge/warning` `{"id",
/// "warnings"}` on a session (sent when reported; `onWarn` is set around each call the session
/// runs), `bridge: warning: …` on `bridge invoke`'s stderr, and a `-32602` refusal under `--strict`.
public enum LiveWarnings {
    /// Where a call's warnings go.
    ///
    /// - Important: a class, not an optional closure, as `UserWait.Observer`: binding a
    ///   task-local optional closure inside `Task.immediate` crashes under `-O` on Swift 6.3.1.
    public final class Sink: Sendable {
        let report: @Sendable ([CallWarning]) -> Void

        /// A sink that runs `report` with each batch of warnings.
        public init(_ report: @escaping @Sendable ([CallWarning]) -> Void) { self.report = report }
    }

    /// Where the current call's warnings go.
    @TaskLocal public static var onWarn: Sink?

    /// Reports `warning` for the current call, or refuses the call with it under `--strict`.
    /// - Throws: `ResponseError.strict(warning)` when `context.strict`.
    public static func warn(_ warning: CallWarning, context: CallContext) throws(ResponseError) {
        if context.strict { throw .strict(warning, details: ["layer": .string(context.platform == .android ? "android" : "ios")]) }
        onWarn?.report([warning])
    }
}

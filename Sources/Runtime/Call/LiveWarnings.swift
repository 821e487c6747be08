import BridgeProtocol

/// Warnings a running call learns while it runs, reported at once rather than with its answer —
/// a present UIKit refused is never answered, so its warning cannot wait for the response.
///
/// They take the same path as the warnings of `Router.prepare`: `bridge/warning` `{"id",
/// "warnings"}` on a session (sent when reported, through the `CallObserver` set around each
/// call the session runs), `bridge: warning: …` on `bridge invoke`'s stderr, and a `-32602`
/// refusal under `--strict`.
public enum LiveWarnings {
    /// Reports `warning` for the current call, or refuses the call with it under `--strict`.
    /// - Parameter layer: the layer the refusal names (`command`); the platform's by default.
    /// - Throws: `ResponseError.strict(warning)` when `context.strict`.
    public static func warn(_ warning: CallWarning, context: CallContext, layer: String? = nil) throws(ResponseError) {
        if context.strict { throw .strict(warning, details: ["layer": .string(layer ?? (context.platform == .android ? "android" : "ios"))]) }
        CallObserver.current?.warned([warning])
    }
}

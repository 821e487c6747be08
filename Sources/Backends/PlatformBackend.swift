import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// A platform's native side of the plugins: what Tauri's mobile bridge calls with
/// `run_mobile_plugin(method, payload)`.
///
/// A backend receives the native method name (`shareText`) and the camelCase payload the
/// command layer re-serialised, and validates that payload itself — it never relies on the
/// command layer having done so.
public protocol PlatformBackend: Sendable {
    /// `ios`, `android` or `desktop`: the `data.layer` of the backend's own refusals.
    var layer: String { get }

    /// Runs a native method.
    /// - Throws: `ResponseError`: `-32602` for a payload the backend refuses, `-32002` where the
    ///   platform has no implementation, `-32601` for a method the backend does not have.
    func run(method: String, payload: JSON, context: CallContext) async throws(ResponseError) -> CommandOutput
}

extension PlatformBackend {
    /// The error for a native method this backend does not implement.
    func unknownMethod(_ method: String) -> ResponseError {
        .notFound("Command \(method) not found", details: ["layer": .string(layer)])
    }
}

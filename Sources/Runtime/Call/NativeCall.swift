import BridgeJSON

/// One call as a native plugin method receives it: what Tauri's mobile bridge hands
/// `run_mobile_plugin(method, payload)` — the JSON payload (`invoke.getArgs()`) — and the
/// call's context (device, simulated user).
public struct NativeCall: Sendable {
    public let payload: JSON
    public let context: CallContext

    public init(payload: JSON, context: CallContext) {
        self.payload = payload
        self.context = context
    }
}

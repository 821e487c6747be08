import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// The `share` plugin on the Android-like backend (layer 3). Files are not modelled on Android
/// yet: after its own check of the call, the backend refuses clearly rather than pretend.
extension AndroidBackend: ShareNative {
    /// Why `share` is refused on Android for now.
    public static let shareNotModelled = "share is not modelled on the Android backend yet (files through a FileProvider); use --platform ios"

    public func share(_ call: ShareCall) async throws(ResponseError) -> CommandOutput {
        _ = try ShareRequest(call, layer: layer)
        throw .rejected(AndroidBackend.shareNotModelled, details: ["layer": .string(layer)])
    }

    public func canShare(_ call: ShareCall) async throws(ResponseError) -> CommandOutput {
        _ = try? ShareRequest(call, layer: layer)
        return CommandOutput(result: ["value": false], presentation: [
            "platform": "android", "nativeMethod": "canShare", "value": false, "reason": .string(AndroidBackend.shareNotModelled),
        ])
    }
}

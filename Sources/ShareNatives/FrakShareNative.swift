import BridgeJSON
import BridgeProtocol
import BridgeRouter

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

/// The native side of the frak-share plugin on one platform: its `@objc` / `@Command` methods.
///
/// A backend validates the payload itself (layers 2 and 3) — it never relies on the command
/// layer having done so.
public protocol FrakShareNative: Sendable {
    /// `ios` or `android`: the `data.layer` of the backend's own refusals.
    var layer: String { get }

    /// `shareText`: presents the share sheet for `{url?, text?, title?, imageUrl?}`.
    /// - Throws: `ResponseError` `-32602` for a payload the native method refuses.
    func shareText(_ call: NativeCall) async throws(ResponseError) -> CommandOutput
}

/// The frak-share backend of each mobile platform; desktop builds have none.
public struct FrakShareBackends: Sendable {
    public let ios: any FrakShareNative
    public let android: any FrakShareNative

    public init(ios: any FrakShareNative = IOSBackend(), android: any FrakShareNative = AndroidBackend()) {
        self.ios = ios
        self.android = android
    }

    /// The backend of `platform`, or `nil` on desktop targets.
    public func backend(for platform: Platform) -> (any FrakShareNative)? {
        switch platform {
        case .ios: return ios
        case .android: return android
        case .linux, .macos, .windows: return nil
        }
    }
}

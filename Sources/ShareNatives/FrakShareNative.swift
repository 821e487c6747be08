// Generated from the command declarations of the frak-share plugin by `swift run bridge-generate`.
// DO NOT EDIT: declare the command (a `CommandLayer` in its plugin's module) and regenerate,
// then implement its method on each backend.
import BridgeCall
import BridgeProtocol

/// The native side of the frak-share plugin on one platform: one method per declared command,
/// as the plugin's Swift (`@objc`) and Kotlin (`@Command`) code has it.
///
/// A backend checks the call itself (layers 2 and 3): it never relies on the command layer
/// having done so.
public protocol FrakShareNative: Sendable {
    /// `ios` or `android`: the `data.layer` of the backend's own refusals.
    var layer: String { get }

    /// `shareText`, for `plugin:frak-share|share_text`: Opens the platform share sheet with a link, a text, a title and a thumbnail.
    /// iOS: whether the user completed an activity (false when dismissed). Android: true as soon as the chooser opens.
    func shareText(_ call: NativeCall) async throws(ResponseError) -> CommandOutput
    /// `shareText` on this thread when it needs no waiting; `nil` when it would wait, before doing anything observable.
    func shareTextNow(_ call: NativeCall) throws(ResponseError) -> CommandOutput?
}

extension FrakShareNative {
    /// Every call waits: `shareText` runs it.
    public func shareTextNow(_ call: NativeCall) throws(ResponseError) -> CommandOutput? { nil }
}

extension NativePlugin where Call == NativeCall {
    /// The frak-share plugin's native side as `native` implements it: each declared method by its name.
    public init(frakShare native: any FrakShareNative) {
        self.init(layer: native.layer, immediate: { (method: String, call: NativeCall) throws(ResponseError) -> CommandOutput? in
            switch method {
            case "shareText": return try native.shareTextNow(call)
            default: return nil
            }
        }) { (method: String, call: NativeCall) async throws(ResponseError) -> CommandOutput in
            switch method {
            case "shareText": return try await native.shareText(call)
            default: throw NativePlugin.noMethod(method, plugin: "frak-share", layer: native.layer)
            }
        }
    }
}

/// The frak-share plugin's native side on each mobile platform; desktop builds have none.
public typealias FrakShareBackends = PlatformBackends<NativeCall>

extension PlatformBackends where Call == NativeCall {
    /// Each platform's backend (the bridge's own unless given).
    public init(ios: any FrakShareNative = IOSBackend(), android: any FrakShareNative = AndroidBackend()) {
        self.init(ios: NativePlugin(frakShare: ios), android: NativePlugin(frakShare: android))
    }
}

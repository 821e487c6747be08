// Generated from the command declarations of the share plugin by `swift run bridge-generate`.
// DO NOT EDIT: declare the command (a `CommandLayer` in its plugin's module) and regenerate,
// then implement its method on each backend.
import BridgeCall
import BridgeProtocol

/// The native side of the share plugin on one platform: one method per declared command,
/// as the plugin's Swift (`@objc`) and Kotlin (`@Command`) code has it.
///
/// A backend checks the call itself (layers 2 and 3): it never relies on the command layer
/// having done so.
public protocol ShareNative: Sendable {
    /// `ios` or `android`: the `data.layer` of the backend's own refusals.
    var layer: String { get }

    /// `canShare`, for `plugin:share|can_share`: Says whether share would present a sheet for the same arguments.
    /// Never rejects for the data itself: what share would refuse is false.
    func canShare(_ call: ShareCall) async throws(ResponseError) -> CommandOutput
    /// `canShare` on this thread when it needs no waiting; `nil` when it would wait, before doing anything observable.
    func canShareNow(_ call: ShareCall) throws(ResponseError) -> CommandOutput?

    /// `share`, for `plugin:share|share`: Opens the platform share sheet with files (images, PDFs, movies…), a link, a text and a rich preview.
    /// Resolves when the user picked a target; a dismissal rejects with `Share canceled`, a share while another is presented with `Can't share while sharing is in progress`.
    func share(_ call: ShareCall) async throws(ResponseError) -> CommandOutput
    /// `share` on this thread when it needs no waiting; `nil` when it would wait, before doing anything observable.
    func shareNow(_ call: ShareCall) throws(ResponseError) -> CommandOutput?
}

extension ShareNative {
    /// Every call waits: `canShare` runs it.
    public func canShareNow(_ call: ShareCall) throws(ResponseError) -> CommandOutput? { nil }
    /// Every call waits: `share` runs it.
    public func shareNow(_ call: ShareCall) throws(ResponseError) -> CommandOutput? { nil }
}

extension NativePlugin where Call == ShareCall {
    /// The share plugin's native side as `native` implements it: each declared method by its name.
    public init(share native: any ShareNative) {
        self.init(layer: native.layer, immediate: { (method: String, call: ShareCall) throws(ResponseError) -> CommandOutput? in
            switch method {
            case "canShare": return try native.canShareNow(call)
            case "share": return try native.shareNow(call)
            default: return nil
            }
        }) { (method: String, call: ShareCall) async throws(ResponseError) -> CommandOutput in
            switch method {
            case "canShare": return try await native.canShare(call)
            case "share": return try await native.share(call)
            default: throw NativePlugin.noMethod(method, plugin: "share", layer: native.layer)
            }
        }
    }
}

/// The share plugin's native side on each mobile platform; desktop builds have none.
public typealias ShareBackends = PlatformBackends<ShareCall>

extension PlatformBackends where Call == ShareCall {
    /// Each platform's backend (the bridge's own unless given).
    public init(ios: any ShareNative = IOSBackend(), android: any ShareNative = AndroidBackend()) {
        self.init(ios: NativePlugin(share: ios), android: NativePlugin(share: android))
    }
}

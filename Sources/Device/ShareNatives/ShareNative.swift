// Generated from the command declarations of the share plugin by `swift run bridge-generate`.
// DO NOT EDIT: declare the command (a `KitCommand` in its plugin's declaration) and regenerate,
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
    /// Runs on the caller's thread: its checks once, then the answer, or what waits (`CallStep`).
    func canShare(_ call: ShareCall) throws(ResponseError) -> CallStep

    /// `share`, for `plugin:share|share`: Opens the platform share sheet with files (images, PDFs, movies…), a link, a text and a rich preview.
    /// Resolves when the user picked a target; a dismissal rejects with `Share canceled`, a share while another is presented with `Can't share while sharing is in progress`.
    /// Runs on the caller's thread: its checks once, then the answer, or what waits (`CallStep`).
    func share(_ call: ShareCall) throws(ResponseError) -> CallStep
}

extension NativePlugin where Call == ShareCall {
    /// The share plugin's native side as `native` implements it: each declared method by its name.
    public init(share native: any ShareNative) {
        self.init(layer: native.layer) { (method: String, call: ShareCall) throws(ResponseError) -> CallStep in
            switch method {
            case "canShare": return try native.canShare(call)
            case "share": return try native.share(call)
            default: throw NativePlugin.noMethod(method, plugin: "share", layer: native.layer)
            }
        }
    }
}

/// The share plugin's native side on each mobile platform; desktop builds have none.
public typealias ShareBackends = PlatformBackends<ShareCall>

extension PlatformBackends where Call == ShareCall {
    /// The share plugin's backends on iOS and Android (named for the plugin: plugins whose
    /// calls share a type each have their own).
    public static func share(ios: any ShareNative, android: any ShareNative) -> PlatformBackends {
        PlatformBackends(ios: NativePlugin(share: ios), android: NativePlugin(share: android))
    }
}

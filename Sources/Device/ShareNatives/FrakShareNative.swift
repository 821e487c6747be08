// Generated from the command declarations of the frak-share plugin by `swift run bridge-generate`.
// DO NOT EDIT: declare the command (a `KitCommand` in its plugin's declaration) and regenerate,
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
    /// Runs on the caller's thread: its checks once, then the answer, or what waits (`CallStep`).
    func shareText(_ call: NativeCall) throws(ResponseError) -> CallStep
}

extension NativePlugin where Call == NativeCall {
    /// The frak-share plugin's native side as `native` implements it: each declared method by its name.
    public init(frakShare native: any FrakShareNative) {
        self.init(layer: native.layer) { (method: String, call: NativeCall) throws(ResponseError) -> CallStep in
            switch method {
            case "shareText": return try native.shareText(call)
            default: throw NativePlugin.noMethod(method, plugin: "frak-share", layer: native.layer)
            }
        }
    }
}

/// The frak-share plugin's native side on each mobile platform; desktop builds have none.
public typealias FrakShareBackends = PlatformBackends<NativeCall>

extension PlatformBackends where Call == NativeCall {
    /// The frak-share plugin's backends on iOS and Android (named for the plugin: plugins whose
    /// calls share a type each have their own).
    public static func frakShare(ios: any FrakShareNative, android: any FrakShareNative) -> PlatformBackends {
        PlatformBackends(ios: NativePlugin(frakShare: ios), android: NativePlugin(frakShare: android))
    }
}

import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// One call of the `share` plugin as a native method receives it: the camelCase payload, the
/// call's context, and the files layer 1 resolved (`files` in order, and `preview.image`).
public struct ShareCall: Sendable {
    public let payload: JSON
    public let context: CallContext
    /// The resolved `files`, in the payload's order.
    public let files: [ShareFile]
    /// The resolved `preview.image`, when the payload has one.
    public let previewImage: ShareFile?

    public init(payload: JSON, context: CallContext, files: [ShareFile] = [], previewImage: ShareFile? = nil) {
        self.payload = payload
        self.context = context
        self.files = files
        self.previewImage = previewImage
    }
}

/// The native side of the `share` plugin on one platform.
///
/// A backend checks the call itself (`ShareRequest`) — it never relies on layer 1 having done
/// so: no platform ever presents an empty sheet.
public protocol ShareNative: Sendable {
    /// `ios` or `android`: the `data.layer` of the backend's own refusals.
    var layer: String { get }

    /// `share`: presents the sheet for `{title?, text?, url?, files?, dialogTitle?, preview?}`;
    /// the result is `{"activityType": string | null}`.
    /// - Throws: `-32602` for a call the native method refuses, `-32003` `Share canceled` on a
    ///   dismissal, `-32003` `Can't share while sharing is in progress` while a sheet is up.
    func share(_ call: ShareCall) async throws(ResponseError) -> CommandOutput

    /// `canShare`: `{"value": bool}`, whether `share` would present a sheet for these arguments.
    func canShare(_ call: ShareCall) async throws(ResponseError) -> CommandOutput
}

/// The `share` backend of each mobile platform; desktop builds have none.
public struct ShareBackends: Sendable {
    public let ios: any ShareNative
    public let android: any ShareNative

    public init(ios: any ShareNative = IOSBackend(), android: any ShareNative = AndroidBackend()) {
        self.ios = ios
        self.android = android
    }

    /// The backend of `platform`, or `nil` on desktop targets.
    public func backend(for platform: Platform) -> (any ShareNative)? {
        switch platform {
        case .ios: return ios
        case .android: return android
        case .linux, .macos, .windows: return nil
        }
    }
}

import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// Linux, macOS and Windows: a Tauri desktop build of the plugin, which refuses every call.
public struct DesktopBackend: PlatformBackend {
    public let layer = "desktop"

    /// The refusal of the frak-share plugin on desktop targets.
    public static let unavailable = "frak-share is only available on iOS and Android"

    public init() {}

    public func run(method: String, payload: JSON, context: CallContext) async throws(ResponseError) -> CommandOutput {
        throw ResponseError.unsupportedPlatform(DesktopBackend.unavailable, details: [
            "layer": .string(layer), "platform": .string(context.platform.rawValue),
        ])
    }
}

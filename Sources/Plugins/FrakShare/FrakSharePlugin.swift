import BridgeBackends
import BridgeRouter

/// The frak-share plugin: `plugin:frak-share|share_text`, forwarded to the platform backends.
public struct FrakSharePlugin: Plugin {
    public let name = "frak-share"
    public let backends: PlatformBackends

    public init(backends: PlatformBackends = PlatformBackends()) {
        self.backends = backends
    }

    public var commands: [Command] {
        [ShareTextCommand.command(backends: backends)]
    }
}

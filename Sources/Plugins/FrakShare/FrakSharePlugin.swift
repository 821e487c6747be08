import BridgeCall
import BridgeJSON
import BridgeShareNatives

/// The frak-share plugin: `plugin:frak-share|share_text`, forwarded to the platform backends.
/// Its `commands` are its module's `CommandLayer` types (listed at build time).
public struct FrakSharePlugin: Plugin {
    public let name = "frak-share"
    /// Its commands' names without building them (a start registers names only):
    /// `ProductPluginsTests` checks they are the `CommandLayer` types' names, in their order.
    public var commandNames: [String] { ["share_text"] }
    public let backends: FrakShareBackends

    public init(backends: FrakShareBackends = .frakShare(ios: IOSBackend(), android: AndroidBackend())) {
        self.backends = backends
    }


    public func scopeProblem(_ entry: JSON) -> String? { ShareScope.problem(entry) }
}

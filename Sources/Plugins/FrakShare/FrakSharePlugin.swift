import BridgeCall
import BridgeJSON
import BridgeShareNatives

/// The frak-share plugin: `plugin:frak-share|share_text`, forwarded to the platform backends.
/// Its `commands` are its module's `CommandLayer` types (listed at build time).
public struct FrakSharePlugin: Plugin {
    public let name = "frak-share"
    public let backends: FrakShareBackends

    public init(backends: FrakShareBackends = .frakShare(ios: IOSBackend(), android: AndroidBackend())) {
        self.backends = backends
    }


    public func scopeProblem(_ entry: JSON) -> String? { ShareScope.problem(entry) }
}

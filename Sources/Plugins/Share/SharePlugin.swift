import BridgeCall
import BridgeShareNatives

/// The `share` plugin: `plugin:share|share` and `plugin:share|can_share` — images, files, a
/// link and a text with a rich preview (seeds 002 and 003), forwarded to the platform backends.
/// Its `commands` are its module's `CommandLayer` types (listed at build time).
public struct SharePlugin: Plugin {
    public let name = "share"
    /// Its commands' names without building them (a start registers names only):
    /// `ProductPluginsTests` checks they are the `CommandLayer` types' names, in their order.
    public var commandNames: [String] { ["can_share", "share"] }
    public let backends: ShareBackends
    /// Where files may come from, and the caps (`--files-root`).
    public let files: ShareFileResolver

    public init(backends: ShareBackends = .share(ios: IOSBackend(), android: AndroidBackend()), files: ShareFileRules = ShareFileRules()) {
        self.backends = backends
        self.files = ShareFileResolver(rules: files)
    }

}

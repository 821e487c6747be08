import BridgeACL
import BridgeApp
import BridgeCall
import BridgeStreams

/// The options that choose the capabilities in force and how refusals read.
struct ACLOptions {
    static let names: Set<String> = ["capabilities", "acl-messages"]
    static let flagNames: Set<String> = ["release-build"]

    static let help = """
      --capabilities PATH     a capability file or folder (e.g. src-tauri/capabilities); a
                              tauri.conf.json beside or above it selects the active ones
                              [built-in: every hosted plugin's default, window main, local]
      --acl-messages verbose|terse
                              refusals explained as Tauri's debug builds do (what `tauri dev`
                              shows), or its release build's one-liner [verbose]
      --release-build         refusals as a release build words them: --acl-messages terse
    """

    let capabilities: String?
    let messages: ACLMessages
    /// The windows of the built-in capability: an `--app` project's, else `main`.
    let windows: [String]
    /// The `--app` project's ACL manifest, checked with its capabilities.
    let app: AppManifest?

    /// - Parameter app: the `--app` project, whose `capabilities` folder is the default.
    init(_ args: ArgumentList, app: AppOptions? = nil) throws(UsageError) {
        capabilities = try args.nonEmpty("capabilities") ?? app?.config?.capabilities
        windows = app?.config?.startupWindows.map(\.label) ?? ["main"]
        self.app = app?.manifest
        let chosen = try args.choice("acl-messages", ACLMessages.self)
        if args.flag("release-build") {
            guard chosen != .verbose else {
                throw UsageError("--release-build words refusals as a release build does (terse); it cannot go with --acl-messages verbose", subcommand: args.subcommand)
            }
            messages = .terse
        } else {
            messages = chosen ?? .verbose
        }
    }

    /// The authority for `plugins`; a problem in any file is a start-up error naming it.
    func authority(plugins: [any Plugin], subcommand: String, versions: ModelledVersions = .newest) throws(UsageError) -> Authority {
        do {
            return try ACLSetup.authority(plugins: plugins, capabilitiesPath: capabilities, messages: messages, windows: windows, versions: versions,
                                          app: app.map { ($0.commands, $0.permissionFiles) }) { warning in
                Log.error(warning)
            }
        } catch {
            throw UsageError("ACL: \(error)", subcommand: subcommand, pointsToHelp: false)
        }
    }
}

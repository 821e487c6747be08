import BridgeACL
import BridgeApp
import BridgeCall
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge capabilities check PATH`: validates capability files against the hosted plugins.
struct CapabilitiesCommand {
    static let help = """
    Usage: bridge capabilities check [PATH] [--app DIR] [--plugin-dir DIR]…

    Validates a capability file or a folder of them (JSON or TOML, one capability, an array,
    or {"capabilities": [...]}), with the selection of a tauri.conf.json beside or above it:
    syntax, identifiers, duplicate capability identifiers, unknown permissions of hosted
    plugins, and scope entries, on every platform. Permissions of plugins the bridge does not
    host are reported and skipped.

    Options:
      --app DIR               a Tauri project (or its src-tauri): PATH defaults to its
                              capabilities folder, and the versions its lockfiles pin are
                              the ones checked against
      --plugin-dir DIR        a Tauri plugin the bridge does not simulate, read from its own
                              folder: the capabilities' grants of it are checked against its
                              own permission ids instead of skipped; repeatable
      -h, --help              show this help

    Exit status: 0 valid (a summary on stdout), 1 invalid (file:line:column: message on
    stderr), 2 usage error or unusable input (no such PATH), as 'bridge doctor'.
    """

    static let optionNames: Set<String> = ["app", "plugin-dir"]

    /// Checks the capabilities `args` name against the product's plugins, `extraPlugins` and the
    /// `--plugin-dir` ones.
    static func run(_ args: ArgumentList, extraPlugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        guard let verb = args.positionals.first else {
            throw UsageError("expected 'bridge capabilities check PATH'", subcommand: "capabilities")
        }
        guard verb == "check" else {
            throw UsageError("unknown capabilities subcommand '\(verb)'\(UsageError.didYouMean(verb, among: ["check"])); expected 'bridge capabilities check PATH'",
                             subcommand: "capabilities")
        }
        let app = try AppOptions(args)
        guard args.positionals.count == 2 || (args.positionals.count == 1 && app.config != nil) else {
            throw UsageError(args.positionals.count == 1
                             ? "check needs a PATH (a capability file or folder), or --app DIR to check the app's capabilities"
                             : "check takes exactly one PATH (a capability file or folder)", subcommand: "capabilities")
        }
        let given = args.positionals.count == 2 ? args.positionals[1] : nil
        guard let path = given ?? app.config?.capabilities else {
            throw UsageError("--app \(app.config?.root ?? ""): no capabilities folder: a Tauri app keeps its capability files in src-tauri/capabilities",
                             subcommand: "capabilities", pointsToHelp: false)
        }
        // Nothing to check is unusable input (2), as for `bridge doctor`; 1 is for files found invalid.
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path): no such file or directory: name a capability file or a folder of them (a Tauri app's src-tauri/capabilities)",
                             subcommand: "capabilities", pointsToHelp: false)
        }
        let backend = try BackendOptions(args)
        let versions = backend.modelledVersions(appRoot: app.config?.root)
        let hosted = backend.plugins(versions: versions) + extraPlugins
        let plugins = hosted + app.folderPlugins(besides: hosted, surface: AppSurface())
        return check(path, plugins: plugins, versions: versions, app: app.manifest, streams: streams)
    }

    /// Checks the capabilities at `path` against `plugins`; returns the exit status.
    private static func check(_ path: String, plugins: [any Plugin], versions: ModelledVersions, app: AppManifest?,
                              streams: StandardStreams) -> Int32 {
        var warnings: [String] = []
        do {
            let authority = try ACLSetup.authority(plugins: plugins, capabilitiesPath: path, messages: .verbose, versions: versions,
                                                   app: app.map { ($0.commands, $0.permissionFiles) }) { warnings.append($0) }
            for warning in warnings { streams.error("bridge: \(warning)") }
            let ids = authority.capabilities.map(\.identifier).sorted()
            let listed = ids.isEmpty ? " (no .json or .toml capability file: the app would grant nothing)" : ": " + ids.joined(separator: ", ")
            streams.write("ok: \(ids.count) capabilit\(ids.count == 1 ? "y" : "ies") in \(path)\(listed)\n")
            return 0
        } catch {
            for warning in warnings { streams.error("bridge: \(warning)") }
            streams.error(error.description)
            return 1
        }
    }
}

import BridgeACL
import BridgeCall
import Foundation

/// `bridge capabilities check PATH`: validates capability files against the hosted plugins.
struct CapabilitiesCommand {
    static let help = """
    Usage: bridge capabilities check PATH

    Validates a capability file or a folder of them (JSON or TOML, one capability, an array,
    or {"capabilities": [...]}), with the selection of a tauri.conf.json beside or above it:
    syntax, identifiers, duplicate capability identifiers, unknown permissions of hosted
    plugins, and scope entries, on every platform. Permissions of plugins the bridge does not
    host are reported and skipped.

    Exit status: 0 valid (a summary on stdout), 1 invalid (file:line:column: message on
    stderr), 2 usage error or unusable input (no such PATH), as 'bridge doctor'.
    """

    static func run(_ args: ArgumentList, plugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        guard let verb = args.positionals.first else {
            throw UsageError("expected 'bridge capabilities check PATH'", subcommand: "capabilities")
        }
        guard verb == "check" else {
            throw UsageError("unknown capabilities subcommand '\(verb)'\(UsageError.didYouMean(verb, among: ["check"])); expected 'bridge capabilities check PATH'",
                             subcommand: "capabilities")
        }
        guard args.positionals.count == 2 else {
            throw UsageError("check takes exactly one PATH (a capability file or folder)", subcommand: "capabilities")
        }
        let path = args.positionals[1]
        // Nothing to check is unusable input (2), as for `bridge doctor`; 1 is for files found invalid.
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path): no such file or directory: name a capability file or a folder of them (a Tauri app's src-tauri/capabilities)",
                             subcommand: "capabilities", pointsToHelp: false)
        }
        var warnings: [String] = []
        do {
            let authority = try ACLSetup.authority(plugins: plugins, capabilitiesPath: path, messages: .verbose) { warnings.append($0) }
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

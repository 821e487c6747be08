import BridgeACL
import BridgeRouter

/// `bridge permissions [explain <command>]`: the permission reference, or why a call is
/// allowed or refused.
struct PermissionsCommand {
    static let help = """
    Usage: bridge permissions [--plugin NAME]
           bridge permissions explain <command> [options]

    Without a subcommand, prints every permission and permission set of the hosted plugins,
    with their descriptions (Markdown, as Tauri's generated reference).

    explain <command> says whether <command> may run in the call context the options
    describe, which capability and permission allow or deny it, and why. Exit status: 0
    allowed, 1 refused, 2 usage error.

    Options:
      --plugin NAME           only this plugin's reference
    \(ContextOptions.placeHelp)
    \(ACLOptions.help)
      -h, --help              show this help
    """

    static let optionNames = ContextOptions.placeNames.union(ACLOptions.names).union(["plugin"])
    static let flagNames: Set<String> = []

    static func run(_ args: ArgumentList, plugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        switch args.positionals.first {
        case nil:
            let manifests: [String: PluginManifest]
            do {
                manifests = try ACLSetup.manifests(plugins)
            } catch {
                throw UsageError("ACL: \(error)", pointsToHelp: false)
            }
            let wanted = args.value("plugin")
            if let wanted, manifests[wanted] == nil {
                throw UsageError("unknown plugin '\(wanted)'; plugins: \(manifests.keys.sorted().joined(separator: ", "))", subcommand: "permissions")
            }
            let shown = manifests.values.filter { wanted == nil || $0.plugin == wanted }.sorted { $0.plugin < $1.plugin }
            streams.write(shown.map(PermissionReference.markdown).joined(separator: "\n"))
            return 0
        case "explain":
            guard args.positionals.count == 2 else {
                throw UsageError("explain takes exactly one <command>, e.g. 'bridge permissions explain share_text'", subcommand: "permissions")
            }
            let entry = try CommandLookup.entry(args.positionals[1], in: CommandLookup.registry(plugins), subcommand: "permissions")
            let authority = try ACLOptions(args).authority(plugins: plugins, subcommand: "permissions")
            let explanation = Explanation(entry.name, context: try ContextOptions.context(from: args), authority: authority)
            streams.write(explanation.lines.joined(separator: "\n") + "\n")
            return explanation.allowed ? 0 : 1
        case let other?:
            throw UsageError("unknown permissions subcommand '\(other)'\(UsageError.didYouMean(other, among: ["explain"])); expected explain",
                             subcommand: "permissions")
        }
    }
}

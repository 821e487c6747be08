import BridgeACL
import BridgeCall

/// `bridge permissions [explain <command>]`: the permission reference, or why a call is
/// allowed or refused.
struct PermissionsCommand {
    static let help = """
    Usage: bridge permissions [--plugin NAME]
           bridge permissions explain <command> [options]

    Without a subcommand, prints every permission and permission set of the hosted plugins
    and of the core permissions the bridge hosts (core:default, core:event), with their
    descriptions (Markdown, as Tauri's generated reference).

    explain <command> says whether <command> may run in the call context the options
    describe, which capability and permission allow or deny it, and why. <command> is a
    plugin command, or an event command browser mode serves (plugin:event|listen, unlisten,
    emit, emit_to). Exit status: 0 allowed, 1 refused, 2 usage error.

    Options:
      --plugin NAME           only this plugin's reference
    \(ContextOptions.placeHelp)
    \(ACLOptions.help)
      -h, --help              show this help
    """

    static let optionNames = ContextOptions.placeNames.union(ACLOptions.names).union(AppOptions.names).union(["plugin"])
    static let flagNames: Set<String> = ACLOptions.flagNames

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
            let shown = manifests.values.filter { wanted == nil || $0.plugin == wanted }.sorted { a, b in
                // The core permissions first (core, then core:…), then the plugins by name.
                let coreA = a.plugin == "core" || a.plugin.hasPrefix("core:"), coreB = b.plugin == "core" || b.plugin.hasPrefix("core:")
                return coreA != coreB ? coreA : a.plugin < b.plugin
            }
            streams.write(shown.map(PermissionReference.markdown).joined(separator: "\n"))
            return 0
        case "explain":
            guard args.positionals.count == 2 else {
                throw UsageError("explain takes exactly one <command>, e.g. 'bridge permissions explain share_text'", subcommand: "permissions")
            }
            let name: CommandName
            if let event = try eventCommand(args.positionals[1]) {
                name = event
            } else {
                name = try CommandLookup.entry(args.positionals[1], in: CommandLookup.registry(plugins), subcommand: "permissions").name
            }
            let authority = try ACLOptions(args, app: try AppOptions(args)).authority(plugins: plugins, subcommand: "permissions")
            let explanation = Explanation(name, context: try ContextOptions.context(from: args), authority: authority)
            streams.write(explanation.lines.joined(separator: "\n") + "\n")
            return explanation.allowed ? 0 : 1
        case let other?:
            throw UsageError("unknown permissions subcommand '\(other)'\(UsageError.didYouMean(other, among: ["explain"])); expected explain",
                             subcommand: "permissions")
        }
    }

    /// `plugin:event|<command>`, one of the event commands browser mode serves (checked against
    /// `core:event`), or `nil` for any other name.
    /// - Throws: `UsageError` for another `plugin:event|…` command, naming the four.
    static func eventCommand(_ text: String) throws(UsageError) -> CommandName? {
        guard let (plugin, command) = CommandName.split(method: text), plugin == "event" else { return nil }
        let commands = CorePermissions.commandNames("core:event")
        guard commands.contains(command), let name = CommandName(plugin: plugin, command: command) else {
            throw UsageError("unknown event command '\(text)'\(UsageError.didYouMean(command, among: commands)); the event commands are \(commands.map { "plugin:event|\($0)" }.joined(separator: ", "))",
                             subcommand: "permissions")
        }
        return name
    }
}

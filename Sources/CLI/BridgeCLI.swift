import BridgeACL
import BridgeApp
import BridgeContract
import BridgeCorePlugins
import BridgeEvents
import BridgeRouter

/// The `bridge` command line: parses the arguments, runs a subcommand, returns the exit status.
public enum BridgeCLI {
    static let help = """
    bridge \(BridgeVersion.current): the native plugin surface of a Tauri mobile app, headless.

    Usage:
      bridge invoke <command> [<args-json> | -] [options]   one call; prints its result
      bridge serve [options]                                 JSON-RPC 2.0 on stdin/stdout
      bridge permissions [explain <command>] [options]       the ACL: reference, or why a call is refused
      bridge capabilities check PATH                         validate capability files
      bridge extension receive --app-group DIR [share]       what a share extension stores
      bridge extension receive --platform android …          what an Android share activity stores
      bridge doctor PATH                                     check a Tauri mobile project's share setup
      bridge validate <schema> <instance|->                  check JSON against a schema
      bridge schema <command> | --list                       the contract's schemas
      bridge render <record.json | -> [-o FILE.html]         draw a presentation record as the sheet
      bridge --help | --version

    Run 'bridge <subcommand> --help' for the options of each.
    """

    /// Runs the command line `arguments` (without the program name) with the product's plugins
    /// and `extraPlugins` registered.
    /// - Returns: the process exit status: 0 success, 1 command failure, 2 usage error.
    public static func main(arguments: [String], extraPlugins: [any Plugin] = []) -> Int32 {
        let streams = StandardStreams.protectingStdout()
        do {
            return try run(arguments, extraPlugins: extraPlugins, streams: streams)
        } catch {
            streams.error("bridge: \(error)")
            return 2
        }
    }

    /// The router for the plugins that `args`' backend options configure, under the ACL that
    /// `args`' ACL options choose.
    private static func router(_ args: ArgumentList, app: AppOptions, extraPlugins: [any Plugin], events: EventHub? = nil) throws(UsageError) -> Router {
        let backend = try BackendOptions(args)
        let plugins = try backend.plugins(events: events) + extraPlugins
        let acl = try ACLOptions(args, app: app)
        let authority = try acl.authority(plugins: plugins, subcommand: args.subcommand)
        // Plugins the bridge does not host that the capabilities grant: answered, unchecked.
        let surface = AppSurface(commands: app.commands, fixtures: app.fixtures, foreign: ACLSetup.unhostedPlugins(authority))
        let info = app.config.map(AppInfo.init) ?? AppInfo(identifier: backend.android.appID)
        let registry = CommandLookup.registry(plugins + CorePlugins.plugins(info, events: events, surface: surface))
        return Router(registry: registry, authority: authority, fallback: surface)
    }

    /// A subcommand: the options it takes, its help, and what it does with its parsed arguments.
    private struct Subcommand: Sendable {
        let options: Set<String>
        let flags: Set<String>
        var aliases: [String: String] = [:]
        let help: String
        let run: @Sendable (ArgumentList, [any Plugin], StandardStreams) throws(UsageError) -> Int32
    }

    private static let subcommands: [String: Subcommand] = [
        "invoke": Subcommand(options: InvokeCommand.optionNames, flags: InvokeCommand.flagNames, help: InvokeCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            let command = try InvokeCommand(args, app: app)
            return try command.run(router: router(args, app: app, extraPlugins: extra), streams: streams)
        },
        "serve": Subcommand(options: ServeCommand.optionNames, flags: ServeCommand.flagNames, help: ServeCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            let command = try ServeCommand(args, app: app)
            let hub = EventHub()
            return try command.run(router: try router(args, app: app, extraPlugins: extra, events: hub), hub: hub, streams: streams)
        },
        "permissions": Subcommand(options: PermissionsCommand.optionNames, flags: PermissionsCommand.flagNames, help: PermissionsCommand.help) {
            (args, extra, streams) throws(UsageError) in
            try PermissionsCommand.run(args, plugins: try BackendOptions(args).plugins() + extra, streams: streams)
        },
        "capabilities": Subcommand(options: [], flags: [], help: CapabilitiesCommand.help) {
            (args, extra, streams) throws(UsageError) in
            try CapabilitiesCommand.run(args, plugins: try BackendOptions(args).plugins() + extra, streams: streams)
        },
        "extension": Subcommand(options: ExtensionCommand.optionNames, flags: [], help: ExtensionCommand.help) {
            (args, _, streams) throws(UsageError) in
            try ExtensionCommand.run(args, streams: streams)
        },
        "doctor": Subcommand(options: DoctorCommand.optionNames, flags: [], help: DoctorCommand.help) {
            (args, _, streams) throws(UsageError) in
            try DoctorCommand.run(args, streams: streams)
        },
        "validate": Subcommand(options: [], flags: [], help: SchemaCommands.validateHelp) {
            (args, extra, streams) throws(UsageError) in
            try SchemaCommands.validate(args, plugins: try BackendOptions(args).plugins() + extra, streams: streams)
        },
        "schema": Subcommand(options: [], flags: ["list"], help: SchemaCommands.schemaHelp) {
            (args, extra, streams) throws(UsageError) in
            try SchemaCommands.schema(args, plugins: try BackendOptions(args).plugins() + extra, streams: streams)
        },
        "render": Subcommand(options: RenderCommand.optionNames, flags: [], aliases: RenderCommand.aliases, help: RenderCommand.help) {
            (args, _, streams) throws(UsageError) in
            try RenderCommand.run(args, streams: streams)
        },
    ]

    /// "capabilities, extension, … or validate".
    private static var subcommandList: String {
        let names = subcommands.keys.sorted()
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    private static func run(_ arguments: [String], extraPlugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        guard let first = arguments.first else {
            streams.error(help)
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            streams.write(help + "\n")
            return 0
        case "--version", "-V":
            streams.write("bridge \(BridgeVersion.current)\n")
            return 0
        default:
            guard let subcommand = subcommands[first] else {
                if first.hasPrefix("-") {
                    throw UsageError("unknown option '\(first)'\(UsageError.didYouMean(first, among: ["--help", "--version"])); "
                                     + "the options come after a subcommand (\(subcommandList))")
                }
                throw UsageError("unknown subcommand '\(first)'\(UsageError.didYouMean(first, among: subcommands.keys.sorted())); expected \(subcommandList)")
            }
            let args = try ArgumentList(Array(arguments.dropFirst()), subcommand: first, options: subcommand.options,
                                        flags: subcommand.flags, aliases: subcommand.aliases)
            if args.wantsHelp {
                streams.write(subcommand.help + "\n")
                return 0
            }
            return try subcommand.run(args, extraPlugins, streams)
        }
    }
}

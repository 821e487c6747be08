import BridgeRouter
import BridgeServer

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
    private static func router(_ args: ArgumentList, extraPlugins: [any Plugin]) throws(UsageError) -> Router {
        let plugins = try BackendOptions(args).plugins() + extraPlugins
        let registry: CommandRegistry
        do {
            registry = try CommandRegistry(plugins: plugins)
        } catch {
            // Only a programming error can get here: plugin names are fixed in code.
            fatalError("plugin registration failed: \(error)")
        }
        let authority = try ACLOptions(args).authority(plugins: plugins, subcommand: args.subcommand)
        return Router(registry: registry, authority: authority)
    }

    private static func run(_ arguments: [String], extraPlugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        guard let first = arguments.first else {
            streams.error(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            streams.write(help + "\n")
            return 0
        case "--version", "-V":
            streams.write("bridge \(BridgeVersion.current)\n")
            return 0
        case "invoke":
            let args = try ArgumentList(rest, subcommand: "invoke", options: InvokeCommand.optionNames,
                                        flags: InvokeCommand.flagNames)
            if args.wantsHelp {
                streams.write(InvokeCommand.help + "\n")
                return 0
            }
            let command = try InvokeCommand(args)
            return try command.run(router: router(args, extraPlugins: extraPlugins), streams: streams)
        case "serve":
            let args = try ArgumentList(rest, subcommand: "serve", options: ServeCommand.optionNames,
                                        flags: ServeCommand.flagNames)
            if args.wantsHelp {
                streams.write(ServeCommand.help + "\n")
                return 0
            }
            let command = try ServeCommand(args)
            return command.run(router: try router(args, extraPlugins: extraPlugins), streams: streams)
        case "permissions":
            let args = try ArgumentList(rest, subcommand: "permissions", options: PermissionsCommand.optionNames,
                                        flags: PermissionsCommand.flagNames)
            if args.wantsHelp {
                streams.write(PermissionsCommand.help + "\n")
                return 0
            }
            return try PermissionsCommand.run(args, plugins: try BackendOptions(args).plugins() + extraPlugins, streams: streams)
        case "capabilities":
            let args = try ArgumentList(rest, subcommand: "capabilities", options: [], flags: [])
            if args.wantsHelp {
                streams.write(CapabilitiesCommand.help + "\n")
                return 0
            }
            return try CapabilitiesCommand.run(args, plugins: try BackendOptions(args).plugins() + extraPlugins, streams: streams)
        case "extension":
            let args = try ArgumentList(rest, subcommand: "extension", options: ExtensionCommand.optionNames, flags: [])
            if args.wantsHelp {
                streams.write(ExtensionCommand.help + "\n")
                return 0
            }
            return try ExtensionCommand.run(args, streams: streams)
        default:
            throw UsageError("unknown subcommand '\(first)'; expected invoke, serve, permissions, capabilities or extension")
        }
    }
}

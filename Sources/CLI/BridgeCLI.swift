import BridgeRouter
import BridgeServer

/// The `bridge` command line: parses the arguments, runs a subcommand, returns the exit status.
public enum BridgeCLI {
    static let help = """
    bridge \(BridgeVersion.current): the native plugin surface of a Tauri mobile app, headless.

    Usage:
      bridge invoke <command> [<args-json> | -] [options]   one call; prints its result
      bridge serve [options]                                 JSON-RPC 2.0 on stdin/stdout
      bridge --help | --version

    Run 'bridge <subcommand> --help' for the options of each.
    """

    /// Runs the command line `arguments` (without the program name) with `plugins` registered.
    /// - Returns: the process exit status: 0 success, 1 command failure, 2 usage error.
    public static func main(arguments: [String], plugins: [any Plugin]) -> Int32 {
        let streams = StandardStreams.protectingStdout()
        let registry: CommandRegistry
        do {
            registry = try CommandRegistry(plugins: plugins)
        } catch {
            streams.error("bridge: internal error: \(error)")
            return 70
        }
        let router = Router(registry: registry)
        do {
            return try run(arguments, router: router, streams: streams)
        } catch {
            streams.error("bridge: \(error)")
            return 2
        }
    }

    private static func run(_ arguments: [String], router: Router, streams: StandardStreams) throws(UsageError) -> Int32 {
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
            let args = try ArgumentList(rest, subcommand: "invoke", options: InvokeCommand.optionNames, flags: [])
            if args.wantsHelp {
                streams.write(InvokeCommand.help + "\n")
                return 0
            }
            return try InvokeCommand(args).run(router: router, streams: streams)
        case "serve":
            let args = try ArgumentList(rest, subcommand: "serve", options: ServeCommand.optionNames, flags: [])
            if args.wantsHelp {
                streams.write(ServeCommand.help + "\n")
                return 0
            }
            return try ServeCommand(args).run(router: router, streams: streams)
        default:
            throw UsageError("unknown subcommand '\(first)'; expected invoke or serve")
        }
    }
}

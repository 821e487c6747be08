import BridgeRouter
import BridgeServer

/// `bridge serve [options]`: JSON-RPC 2.0 on stdin/stdout until EOF or `exit`.
struct ServeCommand {
    static let help = """
    Usage: bridge serve [options]

    Serves JSON-RPC 2.0 on stdin/stdout: one request per line (NDJSON), or LSP-style
    Content-Length framing when the input starts with a Content-Length header.
    Methods: plugin commands (plugin:<plugin>|<command>), initialize, shutdown, exit,
    $/cancelRequest. Logs go to stderr. Ends at EOF (after answering every request),
    or on exit.

    Options:
    \(ContextOptions.help)
    \(BackendOptions.help)
    \(ACLOptions.help)
      --max-message-bytes N   the largest message accepted; larger ones are answered
                              with -32600 and skipped [16777216]
      -h, --help              show this help
    """

    static let optionNames = ContextOptions.names.union(BackendOptions.names).union(ACLOptions.names).union(["max-message-bytes"])
    static let flagNames = ContextOptions.flagNames

    let context: CallContext
    let maxMessageBytes: Int
    /// Options given that change nothing on the chosen platform.
    let ignoredOptions: [String]

    init(_ args: ArgumentList) throws(UsageError) {
        if let extra = args.positionals.first {
            throw UsageError("unexpected argument '\(extra)': serve reads its requests from stdin", subcommand: "serve")
        }
        context = try ContextOptions.context(from: args)
        maxMessageBytes = try args.positiveInt("max-message-bytes") ?? 16 * 1024 * 1024
        ignoredOptions = ContextOptions.ignored(args, platform: context.platform)
    }

    func run(router: Router, streams: StandardStreams) -> Int32 {
        for line in ignoredOptions { streams.error("bridge: warning: \(line)") }
        let configuration = ServerConfiguration(maxMessageBytes: maxMessageBytes, serverVersion: BridgeVersion.current)
        let server = Server(router: router, configuration: configuration, context: context,
                            input: 0, output: streams.output)
        return server.run()
    }
}

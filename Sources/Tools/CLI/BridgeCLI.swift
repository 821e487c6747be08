import BridgeACL
import BridgeApp
import BridgeCall
import BridgeContract
import BridgeCorePlugins
import BridgeKit
import BridgeDevice
import BridgeEvents
import BridgeOfficialPlugins
import BridgePlugins
import BridgeRouter
import BridgeSandbox
import BridgeStreams

/// The `bridge` command line: parses the arguments, runs a subcommand, returns the exit status.
public enum BridgeCLI {
    static let help = """
    bridge \(BridgeVersion.current): the native plugin surface of a Tauri mobile app, headless.

    Usage:
      bridge invoke <command> [<args-json> | -] [options]   one call; prints its result
      bridge serve [options]                                 JSON-RPC 2.0 on stdin/stdout
      bridge dev [options] -- <command>                      run a dev server, serve its pages with the script
      bridge permissions [explain <command>] [options]       the ACL: reference, or why a call is refused
      bridge capabilities check [PATH] [--app DIR]           validate capability files
      bridge extension receive --app-group DIR [share]       what a share extension stores
      bridge extension receive --platform android …          what an Android share activity stores
      bridge doctor PATH                                     check a Tauri mobile project's share setup
      bridge validate <schema> <instance|->                  check JSON against a schema
      bridge schema <command> | --list                       the contract's schemas
      bridge render <record.json | -> [-o FILE.html]         draw a presentation record as the sheet
      bridge replay FILE [options]                           send a --record FILE's calls again, print what differs
      bridge types --app DIR [-o FILE]                       TypeScript for the app's own commands
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
    /// - Parameter files: told where the device's files are (the fs sandbox) and the app's
    ///   identity, for what serves them besides the plugins (the asset protocol).
    private static func router(_ args: ArgumentList, app: AppOptions, extraPlugins: [any Plugin], events: EventHub? = nil,
                               files: (SandboxHolder, AppInfo) -> Void = { _, _ in }) throws(UsageError) -> Router {
        let backend = try BackendOptions(args)
        let surface = AppSurface(commands: app.commands, fixtures: app.fixtures, autoAnswers: app.autoAnswers)
        var official = backend.official
        let platform = try args.choice("platform", Platform.self) ?? .ios
        do throws(PluginOptionError) {
            try OfficialPlugins.configure(app: PluginAppSetup(plugins: app.config?.json["plugins"], root: app.config?.root, platform: platform,
                                                              warn: { Log.error("warning: \($0)") }), &official)
        } catch {
            throw UsageError(error.message, subcommand: args.subcommand, pointsToHelp: error.pointsToHelp)
        }
        var info = app.config.map(AppInfo.init) ?? AppInfo(identifier: backend.android.appID)
        let versions = backend.modelledVersions(appRoot: app.config?.root)
        // getTauriVersion() answers the Tauri modelled: the lockfile's, the flag's, else the newest.
        info.tauriVersion = versions.tauri.description
        if app.config != nil { VersionReport.announce(versions) }
        files(official.sandbox, info)
        let resources = ResourceTable()
        let hosted = backend.plugins(events: events, official: official, app: info, resources: resources, versions: versions) + extraPlugins
        let plugins = hosted + app.folderPlugins(besides: hosted, surface: surface)
        let acl = try ACLOptions(args, app: app)
        let authority = try acl.authority(plugins: plugins, subcommand: args.subcommand, versions: versions)
        // Plugins the bridge does not host that the capabilities grant: answered, unchecked.
        surface.foreign = ACLSetup.unhostedPlugins(authority)
        surface.foreignApplies = { plugin, context in ACLSetup.grants(unhosted: plugin, authority, context: context) }
        surface.checksAppCommands = authority.checksAppCommands
        let registry = CommandLookup.registry(plugins + CorePlugins.plugins(info, events: events, surface: surface, resources: resources, versions: versions))
        // Without a session (invoke, replay) the listeners are kept for the call's lifetime only.
        return Router(registry: registry, authority: authority, fallback: surface, recorder: app.recorder, listeners: events ?? EventHub())
    }

    /// `serve` and `dev`: the router, the files the asset protocol serves (the fs sandbox), then the session.
    private static func serve(_ command: ServeCommand, _ args: ArgumentList, app: AppOptions, extra: [any Plugin],
                              streams: StandardStreams) throws(UsageError) -> Int32 {
        let hub = EventHub()
        var assets: (any AssetFiles)? = nil
        var files: SandboxHolder? = nil
        let router = try router(args, app: app, extraPlugins: extra, events: hub) { sandbox, info in
            assets = ServeCommand.assets(app: app, platform: command.context.platform, sandbox: sandbox, info: info)
            files = sandbox
        }
        return try command.run(router: router, hub: hub, streams: streams, assets: assets, sandbox: files)
    }

    /// A subcommand: the options it takes, its help, and what it does with its parsed arguments.
    /// One subcommand: its option names, flags and help are built only for the subcommand that
    /// runs (building all of them at every start cost 1.5M instructions of a cold invoke).
    private struct Subcommand: Sendable {
        private let optionNames: @Sendable () -> Set<String>
        private let flagNames: @Sendable () -> Set<String>
        private let aliasNames: @Sendable () -> [String: String]
        private let helpText: @Sendable () -> String
        let run: @Sendable (ArgumentList, [any Plugin], StandardStreams) throws(UsageError) -> Int32

        init(options: @autoclosure @escaping @Sendable () -> Set<String>, flags: @autoclosure @escaping @Sendable () -> Set<String>,
             aliases: @autoclosure @escaping @Sendable () -> [String: String] = [:], help: @autoclosure @escaping @Sendable () -> String,
             run: @escaping @Sendable (ArgumentList, [any Plugin], StandardStreams) throws(UsageError) -> Int32) {
            optionNames = options
            flagNames = flags
            aliasNames = aliases
            helpText = help
            self.run = run
        }

        var options: Set<String> { optionNames() }
        var flags: Set<String> { flagNames() }
        var aliases: [String: String] { aliasNames() }
        var help: String { helpText() }
    }

    private static let subcommands: [String: Subcommand] = [
        "invoke": Subcommand(options: InvokeCommand.optionNames, flags: InvokeCommand.flagNames, help: InvokeCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            let command = try InvokeCommand(args, app: app)
            let router = try router(args, app: app, extraPlugins: extra)
            // The process ends with this call: its registry and ACL are left for the OS to
            // reclaim (freeing them one by one cost 7% of a cold invoke).
            _ = Unmanaged.passRetained(Lifetime(router))
            return try command.run(router: router, streams: streams)
        },
        "serve": Subcommand(options: ServeCommand.optionNames, flags: ServeCommand.flagNames, help: ServeCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            return try serve(try ServeCommand(args, app: app), args, app: app, extra: extra, streams: streams)
        },
        "dev": Subcommand(options: ServeCommand.optionNames, flags: ServeCommand.flagNames, help: DevCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            var command = try ServeCommand(args, app: app)
            command.dev = try DevCommand(command: args.devCommand, args: args, app: app, platform: command.context.platform)
            return try serve(command, args, app: app, extra: extra, streams: streams)
        },
        "permissions": Subcommand(options: PermissionsCommand.optionNames, flags: PermissionsCommand.flagNames, help: PermissionsCommand.help) {
            (args, extra, streams) throws(UsageError) in
            try PermissionsCommand.run(args, plugins: try BackendOptions(args).plugins() + extra, streams: streams)
        },
        "capabilities": Subcommand(options: CapabilitiesCommand.optionNames, flags: [], help: CapabilitiesCommand.help) {
            (args, extra, streams) throws(UsageError) in
            try CapabilitiesCommand.run(args, extraPlugins: extra, streams: streams)
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
        "replay": Subcommand(options: ReplayCommand.optionNames, flags: ReplayCommand.flagNames, help: ReplayCommand.help) {
            (args, extra, streams) throws(UsageError) in
            let app = try AppOptions(args)
            let command = try ReplayCommand(args, app: app)
            return command.run(router: try router(args, app: app, extraPlugins: extra), streams: streams)
        },
        "types": Subcommand(options: TypesCommand.optionNames, flags: [], aliases: TypesCommand.aliases, help: TypesCommand.help) {
            (args, _, streams) throws(UsageError) in
            try TypesCommand.run(args, streams: streams)
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
            // `bridge help invoke`: that subcommand's help.
            if first == "help", arguments.count > 1 {
                guard let named = subcommands[arguments[1]] else {
                    throw UsageError("no help for '\(arguments[1])'\(UsageError.didYouMean(arguments[1], among: subcommands.keys.sorted())); expected \(subcommandList)")
                }
                streams.write(named.help + "\n")
                return 0
            }
            streams.write(help + "\n")
            return 0
        case "--version", "-V":
            // The first line is the version alone (what scripts read); then what each simulated
            // behaviour is pinned to.
            // `--version --app DIR`: what the app pins and how the bridge models it.
            if arguments.count == 3, arguments[1] == "--app" {
                let root: String
                do {
                    root = try AppConfig.load(arguments[2], platform: "linux").root
                } catch {
                    throw UsageError(error.message, pointsToHelp: false)
                }
                streams.write((["bridge \(BridgeVersion.current)"] + VersionReport.lines(AppVersions.read(root: root))).joined(separator: "\n") + "\n")
                return 0
            }
            streams.write((["bridge \(BridgeVersion.current)"] + UpstreamPins.lines).joined(separator: "\n") + "\n")
            return 0
        default:
            guard let subcommand = subcommands[first] else {
                if first.hasPrefix("-") {
                    throw UsageError("unknown option '\(first)'\(UsageError.didYouMean(first, among: ["--help", "--version"])); "
                                     + "the options come after a subcommand (\(subcommandList))")
                }
                throw UsageError("unknown subcommand '\(first)'\(UsageError.didYouMean(first, among: subcommands.keys.sorted())); expected \(subcommandList)")
            }
            var rest = Array(arguments.dropFirst()), devCommand: [String] = []
            if first == "dev" { (rest, devCommand) = try DevCommand.split(rest) }
            var args = try ArgumentList(rest, subcommand: first, options: subcommand.options,
                                        flags: subcommand.flags, aliases: subcommand.aliases)
            args.devCommand = devCommand
            if args.wantsHelp {
                streams.write(subcommand.help + "\n")
                return 0
            }
            return try subcommand.run(args, extraPlugins, streams)
        }
    }
}

/// Keeps a value alive to the end of the process (see `invoke`).
private final class Lifetime<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

import BridgeApp
import BridgeDevice
import BridgeStreams

/// `--app DIR` and `--fixtures FILE`: the Tauri project a front end belongs to (its
/// configuration, capabilities, windows and own commands) and the answers for what the bridge
/// does not simulate.
struct AppOptions {
    static let names: Set<String> = ["app", "fixtures", "plugin-dir", "record"]
    static let flagNames: Set<String> = ["global-tauri"]

    static let help = """
      --app DIR               a Tauri project (or its src-tauri): tauri.conf.json with
                              tauri.<platform>.conf.json merged (or .json5, Tauri.toml), its
                              capabilities, windows, identifier, version, frontendDist and
                              devUrl, and the app's own commands from its Rust sources
      --fixtures FILE         answers for the commands the bridge does not simulate (the
                              app's own, plugins it does not host): {"greet": {"result": …}}
      --plugin-dir DIR        a Tauri plugin the bridge does not simulate, read from its own
                              build.rs, permissions/ and Rust commands: its calls pass the
                              ACL under its own ids, then a handler or fixture answers them;
                              repeatable
      --record FILE           write every call and its answer to FILE, one JSON object per
                              line, for 'bridge replay FILE'
    """

    /// `--global-tauri`'s help, for `serve`.
    static let globalHelp = """
      --global-tauri          with --http: define window.__TAURI__ (as app.withGlobalTauri
                              does; the default when the --app config sets it)
    """

    let config: AppConfig?
    let commands: AppCommands
    let fixtures: Fixtures?
    let pluginFolders: [PluginFolder]
    /// `--record FILE`.
    let recorder: CallRecorder?

    init(_ args: ArgumentList) throws(UsageError) {
        let platform = (try args.choice("platform", Platform.self) ?? .ios).rawValue
        let app = try args.nonEmpty("app"), fixturesFile = try args.nonEmpty("fixtures"), folders = args.values("plugin-dir")
        let record = args.subcommand == "replay" ? nil : try args.nonEmpty("record")
        do throws(AppSetupError) {
            if let dir = app {
                let config = try AppConfig.load(dir, platform: platform)
                self.config = config
                commands = AppCommands.scan(root: config.root)
                // A signature the reader refused costs its command the argument checks, not the session.
                for problem in commands.problems { Log.error("warning: --app \(config.root): \(problem)") }
            } else {
                config = nil
                commands = AppCommands(commands: [:])
            }
            fixtures = try fixturesFile.map { (file) throws(AppSetupError) in try Fixtures.load(file) }
            var loaded: [PluginFolder] = []
            for folder in folders { loaded.append(try PluginFolder.load(folder)) }
            pluginFolders = loaded
            recorder = try record.map { (path) throws(AppSetupError) in try CallRecorder(path: path) }
        } catch {
            throw UsageError(error.message, subcommand: args.subcommand, pointsToHelp: false)
        }
    }

    /// The window label calls come from by default: the config's first window, else `main`.
    var defaultWindow: String { config?.startupWindows.first?.label ?? "main" }
}

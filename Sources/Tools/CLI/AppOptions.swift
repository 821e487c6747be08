import BridgeACL
import BridgeApp
import BridgeCall
import BridgeDevice
import BridgeKit
import BridgeStreams

/// `--app DIR` and `--fixtures FILE`: the Tauri project a front end belongs to (its
/// configuration, capabilities, windows and own commands) and the answers for what the bridge
/// does not simulate.
struct AppOptions {
    static let names: Set<String> = ["app", "fixtures", "plugin-dir", "record", "auto-answer-seed"]
    static let flagNames: Set<String> = ["global-tauri"]
    /// `--auto-answer`, for every subcommand that answers calls (`invoke`, `serve`, `replay`).
    static let answerFlags: Set<String> = ["auto-answer"]

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
                              line, for 'bridge replay FILE' (or --fixtures FILE)
      --auto-answer           answer an app command nothing else answers with a value of
                              its declared return type, read from --app's Rust sources
                              (deterministic; an auto_answer warning says so)
      --auto-answer-seed N    --auto-answer, with seed N instead of 1
    """

    /// `--global-tauri`'s help, for `serve`.
    static let globalHelp = """
      --global-tauri          with --http: define window.__TAURI__ (as app.withGlobalTauri
                              does; the default when the --app config sets it)
    """

    let config: AppConfig?
    let commands: AppCommands
    /// The app's own ACL manifest (`build.rs`'s `AppManifest`, `src-tauri/permissions/`).
    let manifest: AppManifest?
    let fixtures: Fixtures?
    let pluginFolders: [PluginFolder]
    /// `--record FILE`.
    let recorder: CallRecorder?
    /// `--auto-answer`, `--auto-answer-seed N`.
    let autoAnswers: AutoAnswers?

    init(_ args: ArgumentList) throws(UsageError) {
        let platform = (try args.choice("platform", Platform.self) ?? .ios).rawValue
        let app = try args.nonEmpty("app"), fixturesFile = try args.nonEmpty("fixtures"), folders = args.values("plugin-dir")
        let record = args.subcommand == "replay" ? nil : try args.nonEmpty("record")
        var seed: UInt64? = nil
        if let text = args.value("auto-answer-seed") {
            guard let n = UInt64(text) else {
                throw UsageError("option '--auto-answer-seed' takes a whole number from 0, got '\(text)'", subcommand: args.subcommand)
            }
            seed = n
        }
        if seed != nil || args.flag("auto-answer"), app == nil {
            throw UsageError("--auto-answer needs --app DIR: it answers the app's commands from their Rust return types", subcommand: args.subcommand)
        }
        do throws(AppSetupError) {
            if let dir = app {
                let config = try AppConfig.load(dir, platform: platform)
                self.config = config
                commands = AppCommands.scan(root: config.root)
                manifest = AppManifest.read(root: config.root)
                // A signature the reader refused costs its command the argument checks, not the session.
                for problem in commands.problems { Log.error("warning: --app \(config.root): \(problem)") }
            } else {
                config = nil
                commands = AppCommands(commands: [:])
                manifest = nil
            }
            autoAnswers = seed != nil || args.flag("auto-answer") ? AutoAnswers(commands, seed: seed ?? 1) : nil
            fixtures = try fixturesFile.map { (file) throws(AppSetupError) in try Fixtures.load(file) }
            var loaded: [PluginFolder] = []
            for folder in folders { loaded.append(try PluginFolder.load(folder)) }
            pluginFolders = loaded
            recorder = try record.map { (path) throws(AppSetupError) in try CallRecorder(path: path) }
        } catch {
            throw UsageError(error.message, subcommand: args.subcommand, pointsToHelp: false)
        }
    }

    /// The `--plugin-dir` plugins, answering through `surface`, but for those `hosted` already
    /// serves (a plugin the bridge simulates, a core plugin) or an earlier folder names: each is
    /// skipped with a warning, as are a folder's unread signatures.
    func folderPlugins(besides hosted: [any Plugin], surface: AppSurface) -> [any Plugin] {
        // Neither --plugin-dir nor an app: nothing to read, nothing to compare.
        guard !pluginFolders.isEmpty || config != nil else { return [] }
        let taken = Set(hosted.map(\.name)).union(CorePermissions.plugins.map { String($0.dropFirst("core:".count)) })
        var folders: [any Plugin] = []
        for folder in pluginFolders {
            if taken.contains(folder.name) || folders.contains(where: { $0.name == folder.name }) {
                Log.error("warning: --plugin-dir \(folder.folder): plugin \(folder.name) is already served (the bridge simulates it, or another --plugin-dir names it); this folder is not read")
                continue
            }
            if folder.commands.isEmpty {
                Log.error("warning: --plugin-dir \(folder.folder): plugin \(folder.name) declares no commands (no COMMANDS in build.rs, no permissions/autogenerated/commands/): a front end has nothing of it to call")
            }
            for problem in folder.problems { Log.error("warning: --plugin-dir \(folder.folder): \(problem)") }
            folders.append(KitPlugin(folder: folder, surface: surface))
        }
        // The app's generated ACL manifests: the plugins neither served nor named by a folder.
        if let root = config?.root {
            let named = taken.union(folders.map(\.name))
            folders += GeneratedACLManifests.folders(appRoot: root, skipping: named).map { KitPlugin(folder: $0, surface: surface) }
        }
        return folders
    }

    /// The window label calls come from by default: the config's first window, else `main`.
    var defaultWindow: String { config?.startupWindows.first?.label ?? "main" }
}

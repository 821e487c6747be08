import BridgeACL
import BridgeApp
import BridgeBrowser
import BridgeDevice
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// `serve`'s browser-mode options: `--http [HOST:]PORT`, `--static DIR`, `--dev-url URL`,
/// `--allow-origin URL` (repeatable), `--no-stdio` and `--user scripted|interactive`.
struct BrowserOptions {
    static let names: Set<String> = ["http", "static", "dev-url", "allow-origin", "user"]
    static let flagNames: Set<String> = ["no-stdio"]

    static let help = """
      --http [HOST:]PORT      browser mode: also serve HTTP on loopback (HOST 127.0.0.1, ::1
                              or localhost [127.0.0.1]; PORT 0 picks a free one): the script
                              /__bridge/tauri.js, Tauri's IPC protocol, /__bridge/events
      --static DIR            with --http: serve a built front end from DIR, the script
                              injected into every HTML page; unknown paths answer index.html
      --dev-url URL           with --http: a dev server whose pages are local content
                              [build.devUrl of the --capabilities app's tauri.conf.json]
      --allow-origin URL      with --http: an origin allowed to call, as remote content
                              (the capabilities' remote.urls decide); repeatable
      --no-stdio              with --http: serve HTTP only, until SIGINT or SIGTERM
      --user scripted|interactive
                              with --http: who answers a share sheet: the scripted user
                              (--activity, --cancel, __bridge), or a person clicking an
                              activity or Cancel in the sheet the page shows [scripted]
    """

    /// `--user`: who answers the sheets of the process's screen.
    /// - Throws: a usage error for `interactive` without `--http` (no page could show the sheet).
    static func user(_ args: ArgumentList) throws(UsageError) -> Screen.User {
        let user = try args.choice("user", Screen.User.self) ?? .scripted
        if user == .interactive, args.value("http") == nil {
            throw UsageError("option '--user interactive' needs --http [HOST:]PORT: the sheet is shown in a browser page, where a person clicks it",
                             subcommand: args.subcommand)
        }
        return user
    }

    /// The browser configuration, or `nil` without `--http`.
    /// - Parameter app: the `--app` project: its `frontendDist` is the default `--static`, its
    ///   `devUrl` the default `--dev-url`, its `withGlobalTauri` the default `--global-tauri`.
    static func configuration(_ args: ArgumentList, maxBodyBytes: Int, app: AppOptions) throws(UsageError) -> BrowserConfiguration? {
        guard let http = try args.nonEmpty("http") else {
            for name in ["static", "dev-url", "allow-origin"] where args.value(name) != nil {
                throw UsageError("option '--\(name)' needs --http [HOST:]PORT", subcommand: args.subcommand)
            }
            for flag in ["no-stdio", "global-tauri"] where args.flag(flag) {
                throw UsageError("option '--\(flag)' needs --http [HOST:]PORT", subcommand: args.subcommand)
            }
            return nil
        }
        do {
            let config = app.config
            var staticDirectory = try args.nonEmpty("static")
            if staticDirectory == nil, let dist = config?.frontendDist, FileManager.default.fileExists(atPath: dist) {
                staticDirectory = dist
            }
            if staticDirectory == nil, let files = config?.frontendFiles, !files.isEmpty {
                staticDirectory = try BrowserOptions.folder(of: files, subcommand: args.subcommand)
            }
            var browser = BrowserConfiguration(address: try ListenAddress(parsing: http), staticDirectory: staticDirectory,
                                               devURL: try args.nonEmpty("dev-url") ?? config?.devURL ?? devURL(capabilities: args.value("capabilities")),
                                               allowOrigins: args.values("allow-origin"), maxBodyBytes: maxBodyBytes)
            browser.globalTauri = args.flag("global-tauri") || config?.withGlobalTauri == true
            return browser
        } catch let error as BrowserSetupError {
            throw UsageError(error.message, subcommand: args.subcommand)
        } catch {
            throw UsageError("\(error)", subcommand: args.subcommand)
        }
    }

    /// A temporary folder holding copies of `files` (a `frontendDist` list): Tauri serves these
    /// files and nothing else beside them (the config, the Rust sources).
    static func folder(of files: [String], subcommand: String) throws(UsageError) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-dist-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(atPath: file, toPath: Paths.appending(folder, Paths.lastComponent(file)))
            }
        } catch {
            throw UsageError("build.frontendDist lists \(files.joined(separator: ", ")), which cannot be read: \(describe(error))",
                             subcommand: subcommand, pointsToHelp: false)
        }
        return folder
    }

    /// `build.devUrl` of the `tauri.conf.json` of the app whose capabilities are loaded.
    static func devURL(capabilities: String?) -> String? {
        guard let capabilities else { return nil }
        var isFolder = false
        _ = FileManager.default.fileExists(atPath: capabilities, isDirectory: &isFolder)
        let folder = isFolder ? capabilities : Paths.deletingLastComponent(capabilities)
        guard let file = CapabilitySource.findConfiguration(above: folder),
              let data = FileManager.default.contents(atPath: file),
              let conf = try? JSONParser.parse([UInt8](data)) else { return nil }
        return conf["build"]?["devUrl"]?.stringValue
    }
}

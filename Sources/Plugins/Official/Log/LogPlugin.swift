import BridgeApp
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol
import BridgeSandbox
import FoundationEssentials
import Glibc
import BridgeSystem

/// `plugin:log|log` (`@tauri-apps/plugin-log`) as plugins-workspace@77149dc4 `plugins/log`
/// (2.0.1) answers: level 1–5 (Trace…Error, `serde_repr`), the record's target the call's
/// `location` (`webview` without one; guest-js sends `webview::unknown` from Chromium), written
/// to the app's targets in the plugin's default format — on desktop
/// `[YYYY-MM-DD][HH:MM:SS][target][LEVEL] message` (UTC), on a phone `[target] message` —
/// `Stdout` (here stderr: stdout is the protocol's; on iOS os_log, on Android logcat), `LogDir`
/// (`<appLogDir>/<productName>.log` in the sandbox, desktop only) and, when the app adds it,
/// `Webview`: `log://log {message, level}`, what `attachLogger` and `attachConsole` listen to.
public enum LogPlugin {
    /// Where the app's `tauri_plugin_log::Builder` sends records.
    public struct Targets: Sendable, Equatable {
        public var stdout: Bool
        public var logDir: Bool
        public var webview: Bool

        /// The builder's default: `[Stdout, LogDir]`.
        public init(stdout: Bool = true, logDir: Bool = true, webview: Bool = false) {
            self.stdout = stdout
            self.logDir = logDir
            self.webview = webview
        }

        /// What the app's Rust sources (`src-tauri/src`) set: a `TargetKind::Webview` adds the
        /// webview; a `.clear_targets()` drops the defaults unless a kind names them again.
        public static func reading(sources root: String) -> Targets {
            var text = ""
            let folder = Paths.appending(root, "src")
            var read = 0
            for file in Disk.walk(folder) where file.hasSuffix(".rs") && read < 200 {
                read += 1
                text += (try? String(contentsOfFile: Paths.appending(folder, file), encoding: .utf8)) ?? ""
            }
            guard text.contains("tauri_plugin_log") else { return Targets() }
            var t = Targets()
            if text.contains("clear_targets()") { t = Targets(stdout: false, logDir: false, webview: false) }
            if text.contains("TargetKind::Stdout") || text.contains("TargetKind::Stderr") { t.stdout = true }
            if text.contains("TargetKind::LogDir") { t.logDir = true }
            if text.contains("TargetKind::Webview") { t.webview = true }
            return t
        }
    }

    static let levels = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR"]

    public static func plugin(targets: Targets, sandbox: SandboxHolder, app: AppInfo, emit: (@Sendable (String, JSON) -> Void)?,
                              write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date = Date.init) -> KitPlugin {
        KitPlugin(name: "log", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: ["log"], defaultSet: ("Allows the log command", ["allow-log"]), commands: [
            KitCommand("log", [("level", .integer("u16")), ("message", .string), ("location", .option(.string)), ("file", .option(.string)),
                                ("line", .option(.integer("u32"))), ("key_values", .option(.map))], recording: { (payload, context) throws(ResponseError) in
                let number = payload["level"]?.numberValue?.intValue ?? 0
                guard (1...5).contains(number) else {
                    throw .invalidParams("invalid args `level` for command `log`: invalid value: \(payload["level"]?.serialized() ?? "null"), expected one of: 1, 2, 3, 4, 5",
                                         details: ["command": "plugin:log|log", "field": "level"])
                }
                let level = levels[number - 1]
                let target = payload["location"]?.stringValue ?? "webview"
                let message = payload["message"]?.stringValue ?? ""
                let phone = !context.platform.isDesktop
                let line = phone ? "[\(target)] \(message)" : "\(stamp(now()))[\(target)][\(level)] \(message)"
                var record: JSONObject = ["line": .string(line), "level": .string(level), "target": .string(target)]
                if targets.stdout {
                    let sink = switch context.platform {
                    // Trace/Debug → Logger.debug, Info → info, Warn/Error → error (tauri_log); os_log, subsystem the bundle id.
                    case .ios: "os_log (subsystem \(app.identifier), category app, \(number <= 2 ? "debug" : number == 3 ? "info" : "error"))"
                    case .android: "logcat (android_logger; no tag for a webview record, priority \(level))"
                    default: "stdout"
                    }
                    record["stdout"] = .string(sink)
                    write("log: \(line)")
                }
                if targets.logDir, !phone {
                    let paths = PlatformPaths(platform: context.platform, app: app)
                    if let dir = paths.resolve(.appLog) {
                        let file = paths.syntax.push(dir, app.name + ".log")
                        try append(line + "\n", to: file, paths: paths, sandbox: sandbox)
                        record["logFile"] = .string(file)
                    }
                }
                if targets.webview {
                    emit?("log://log", .object(["message": .string(line), "level": .number(JSONNumber(number))]))
                    record["event"] = "log://log"
                }
                let done = officialRecord("log", context, "log", record)
                return CommandOutput(result: .null, presentation: { .object(done) })
            }),
        ])
    }

    /// `[YYYY-MM-DD][HH:MM:SS]`, UTC (`TimezoneStrategy::UseUtc`).
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "[\(c.year ?? 1970)-\(two(c.month))-\(two(c.day))][\(two(c.hour)):\(two(c.minute)):\(two(c.second))]"
    }

    private static func append(_ text: String, to file: String, paths: PlatformPaths, sandbox: SandboxHolder) throws(ResponseError) {
        let box = try sandbox.sandbox(installed: paths)
        let location = paths.sandboxPath(file)
        do {
            try box.makeFolder(location.folder, recursive: true)
            try box.open(location, Sandbox.OpenOptions(append: true, create: true)).write(Array(text.utf8))
        } catch {
            throw .native(error.display(platform: location.platform), layer: "log")
        }
    }
}

extension LogPlugin.Targets: OfficialSetting {
    public static var standard: LogPlugin.Targets { LogPlugin.Targets() }
}

extension OfficialSettings {
    /// The app's log targets (`tauri_plugin_log::Builder`), read from its Rust sources.
    public var logTargets: LogPlugin.Targets {
        get { self[LogPlugin.Targets.self] }
        set { self[LogPlugin.Targets.self] = newValue }
    }
}

extension LogPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// The targets the app's Rust sources give its `tauri_plugin_log::Builder`.
    public static func configure(app: PluginAppSetup, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        settings.logTargets = app.root.map(Targets.reading(sources:)) ?? Targets()
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(targets: s.logTargets, sandbox: s.sandbox, app: s.app, emit: s.emit, write: s.write)
    }
}

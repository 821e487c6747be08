import BridgeApp
import BridgeCorePlugins
import BridgeKit
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization
import Testing

final class Seen: Sendable {
    let lines = Mutex<[String]>([])
    let events = Mutex<[(String, JSON)]>([])
}

@Suite("log as plugins-workspace@77149dc4 (2.0.1) formats and routes a webview's records")
struct LogPluginTests {
    func router(_ targets: LogPlugin.Targets, sandbox: String? = nil) throws -> (Router, Seen) {
        let seen = Seen()
        let plugin = LogPlugin.plugin(targets: targets, sandbox: SandboxHolder(root: sandbox ?? NSTemporaryDirectory() + "log-\(UUID().uuidString)"), app: AppInfo(name: "notes"),
                                      emit: { name, payload in seen.events.withLock { $0.append((name, payload)) } },
                                      write: { line in seen.lines.withLock { $0.append(line) } },
                                      now: { Date(timeIntervalSince1970: 1_729_585_057) })
        return (Router(registry: try CommandRegistry(plugins: [plugin])), seen)
    }

    @Test("desktop: [date][time][target][LEVEL] message, UTC, to stdout and <appLogDir>/<productName>.log")
    func desktop() async throws {
        let root = NSTemporaryDirectory() + "log-\(UUID().uuidString)"
        let (r, seen) = try router(LogPlugin.Targets(), sandbox: root)
        _ = try await call("plugin:log|log", ["level": 4, "message": "disk almost full", "location": "webview::unknown"], on: .linux, router: r).0.get()
        #expect(seen.lines.withLock { $0 } == ["log: [2024-10-22][08:17:37][webview::unknown][WARN] disk almost full"])
        let file = root + "/linux/home/user/.local/share/com.example.app/logs/notes.log"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[2024-10-22][08:17:37][webview::unknown][WARN] disk almost full\n")
        #expect(seen.events.withLock { $0.isEmpty }, "the Webview target is not a default one")
    }

    @Test("a phone: [target] message, no log file; the Webview target emits log://log {message, level}")
    func phone() async throws {
        let (r, seen) = try router(LogPlugin.Targets(webview: true))
        let (_, record) = await call("plugin:log|log", ["level": 1, "message": "tick"], on: .ios, router: r)
        #expect(seen.lines.withLock { $0 } == ["log: [webview] tick"], "no location: the target is webview")
        #expect(record?["stdout"]?.stringValue?.hasPrefix("os_log (subsystem com.example.app") == true)
        #expect(record?["logFile"] == nil)
        let events = seen.events.withLock { $0 }
        #expect(events.count == 1 && events[0].0 == "log://log" && events[0].1 == ["message": "[webview] tick", "level": 1])
        let bad = await call("plugin:log|log", ["level": 0, "message": "x"], on: .ios, router: r).0
        #expect(bad.failure?.message == "invalid args `level` for command `log`: invalid value: 0, expected one of: 1, 2, 3, 4, 5")
    }

    @Test("the app's targets are read from its Rust sources")
    func targetsFromSources() throws {
        let root = NSTemporaryDirectory() + "app-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try """
            .plugin(tauri_plugin_log::Builder::new().clear_targets()
                .target(Target::new(TargetKind::Webview)).build())
            """.write(toFile: root + "/src/lib.rs", atomically: true, encoding: .utf8)
        #expect(LogPlugin.Targets.reading(sources: root) == LogPlugin.Targets(stdout: false, logDir: false, webview: true))
        #expect(LogPlugin.Targets.reading(sources: root + "/none") == LogPlugin.Targets())
    }
}

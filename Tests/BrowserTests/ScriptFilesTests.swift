@testable import BridgeBrowser
import Foundation
import Testing

/// The scripts browser mode serves are `.js` files (Sources/Transports/Browser/Scripts), compiled in by the
/// generator: JavaScript a linter and `node --check` read, and what the bridge serves.
@Suite("Browser mode's scripts are JavaScript files")
struct ScriptFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Transports/Browser/Scripts")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".js") }.sorted()

    static var node: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/node"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @Test("every script is in the folder and compiled in, as the file says")
    func compiledIn() throws {
        #expect(Self.files == ["global-tauri.js", "native-ipc.js", "notification.js", "tauri.js", "web-share.js"])
        let embedded = ["global-tauri.js": EmbeddedScripts.globalTauri, "native-ipc.js": EmbeddedScripts.nativeIPC,
                        "notification.js": EmbeddedScripts.notification, "tauri.js": EmbeddedScripts.tauri, "web-share.js": EmbeddedScripts.webShare]
        for file in Self.files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(embedded[file].map { $0 + "\n" } == text, "\(file): run swift run bridge-generate")
        }
    }

    @Test("node --check reads each script as JavaScript", arguments: files)
    func nodeReads(_ file: String) throws {
        guard let node = Self.node else {
            // CI has node (the Node client's tests need it); a machine without it says so.
            #expect(ProcessInfo.processInfo.environment["CI"] != "true", "node is not on PATH under CI=true")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--check", Self.folder.appendingPathComponent(file).path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(file): \(said)")
    }

    /// Tauri ≥ 2.6's callbacks (tauri b5c549d18 #13325, `UpstreamChanges.callbacksMap`): kept in
    /// `__TAURI_INTERNALS__.callbacks`, run by `runCallback`, dropped by `unregisterCallback`,
    /// while `window['_' + id]` (what older apis and Rust's eval call) reaches the same callback.
    @Test("tauri.js keeps callbacks as Tauri 2.6 does: callbacks, runCallback, unregisterCallback, window['_' + id]")
    func callbacksMap() throws {
        guard let node = Self.node else {
            #expect(ProcessInfo.processInfo.environment["CI"] != "true", "node is not on PATH under CI=true")
            return
        }
        let script = EmbeddedScripts.tauri.replacingOccurrences(of: "__BRIDGE_CONFIG__", with: #"{"key": "k", "url": "http://127.0.0.1:1/", "platform": "android"}"#)
        let harness = """
            const window = globalThis; globalThis.window = window;
            \(script)
            const i = window.__TAURI_INTERNALS__, heard = [];
            const once = i.transformCallback(v => heard.push(['once', v]), true);
            const kept = i.transformCallback(v => heard.push(['kept', v]));
            const inMap = i.callbacks.has(once) && i.callbacks.has(kept);
            i.runCallback(once, 1); i.runCallback(once, 2);
            window['_' + kept](3); i.runCallback(kept, 4);
            i.unregisterCallback(kept);
            const gone = !i.callbacks.has(kept) && !i.callbacks.has(once) && window['_' + kept] === undefined;
            process.stdout.write(JSON.stringify({inMap, heard, gone}));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", harness]
        let out = Pipe(), errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == #"{"inMap":true,"heard":[["once",1],["kept",3],["kept",4]],"gone":true}"#, "\(said) \(complaint)")
    }
}

@testable import BridgeBrowser
import Foundation
import Testing

/// The scripts browser mode serves are `.js` files (Sources/Browser/Scripts), compiled in by the
/// generator: JavaScript a linter and `node --check` read, and what the bridge serves.
@Suite("Browser mode's scripts are JavaScript files")
struct ScriptFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Browser/Scripts")
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
}

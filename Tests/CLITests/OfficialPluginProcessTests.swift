import BridgeJSON
import Foundation
import Testing

@Suite("clipboard-manager and haptics in a spawned session, under the app's capabilities")
struct OfficialPluginProcessTests {
    static func capabilities(_ permissions: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("official-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let list = permissions.map { "\"\($0)\"" }.joined(separator: ",")
        try #"{"identifier":"main","windows":["main"],"permissions":[\#(list)]}"#.write(toFile: dir + "/main.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test("one clipboard per session: what write_text puts there read_text reads; --clipboard starts it, --paste answers iOS's prompt")
    func session() throws {
        let caps = try Self.capabilities(["clipboard-manager:allow-read-text", "clipboard-manager:allow-write-text", "haptics:allow-selection-feedback"])
        let p = try BridgeProcess(["serve", "--capabilities", caps, "--clipboard", "copied in Safari", "--paste", "deny"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:clipboard-manager|read_text"))
        let denied = try p.nextJSON()
        #expect(denied["error"]?["message"] == "Clipboard is empty", "\(denied)")
        p.sendLine(request("2", "plugin:clipboard-manager|write_text", #"{"text":"Join me"}"#))
        #expect(try p.nextJSON()["result"] == .null)
        p.sendLine(request("3", "plugin:clipboard-manager|read_text"))
        #expect(try p.nextJSON()["result"] == "Join me")
        p.sendLine(request("4", "plugin:clipboard-manager|clear"))
        let refused = try p.nextJSON()
        #expect(refused["error"]?["code"] == -32001, "clear is not granted: \(refused)")
        #expect(refused["error"]?["message"]?.stringValue?.contains("clipboard-manager:allow-clear") == true)
        p.sendLine(request("5", "plugin:haptics|selection_feedback"))
        #expect(try p.nextJSON()["result"] == .null)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a store's pending auto-save is written when the session ends, as the app's exit saves every store")
    func storeSavedAtExit() throws {
        let caps = try Self.capabilities(["store:default"])
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("store-exit-\(UUID().uuidString)").path
        let p = try BridgeProcess(["serve", "--capabilities", caps, "--sandbox", sandbox, "--platform", "android"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:store|load", #"{"path":"prefs.json","autoSave":600000}"#))
        var rid: JSON?
        while rid == nil {
            let message = try p.nextJSON()
            if message["id"] == 1 { rid = message["result"] }
        }
        p.sendLine(request("2", "plugin:store|set", #"{"rid":\#(rid!.serialized()),"key":"lang","value":"fr"}"#))
        p.closeInput()
        #expect(p.waitForExit() == 0)
        let file = sandbox + "/android/data/user/0/com.example.app/prefs.json"
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "{\n  \"lang\": \"fr\"\n}")
    }

    @Test("--http-fixtures: a file that is not an array of responses stops the bridge at start, naming the file and the entry")
    func httpFixturesRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("http-\(UUID().uuidString).json").path
        try #"[{"url": "https://api.frak.id/*", "status": 999}]"#.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runBridge(["invoke", "plugin:http|fetch", "{}", "--http-fixtures", file], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(file): response 1: status 999 is not an HTTP status (100–599)"), "\(r.stderr)")
        let missing = try runBridge(["invoke", "plugin:http|fetch", "{}", "--http-fixtures", file + ".absent"], executable: Products.bridge)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"), "\(missing.stderr)")
    }

    @Test("without --sandbox, fs makes a temporary folder and names it on stderr once")
    func temporarySandbox() throws {
        let caps = try Self.capabilities(["fs:allow-appdata-write-recursive"])
        let r = try runBridge(["invoke", "plugin:fs|mkdir", #"{"path":"","options":{"baseDir":14,"recursive":true}}"#, "--capabilities", caps],
                              executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("bridge: fs: the device's files are in ") })
        let folder = String(line.dropFirst("bridge: fs: the device's files are in ".count).prefix { $0 != " " })
        #expect(FileManager.default.fileExists(atPath: folder + "/ios/var/mobile/Containers/Data/Application"))
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test("--paste takes allow or deny")
    func badPaste() throws {
        let r = try runBridge(["invoke", "plugin:clipboard-manager|read_text", "--paste", "maybe"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: option '--paste' must be allow or deny, got 'maybe'"))
    }
}

import BridgeJSON
import Foundation
import Testing

/// The folders of `Tests/Fixtures/apps` and `Tests/Fixtures/plugins`.
private let fixtureRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path
private let vanilla = fixtureRoot + "/apps/vanilla"
private let wallet = fixtureRoot + "/apps/wallet"
private let passkey = fixtureRoot + "/plugins/tauri-plugin-passkey"
private let passkeyCapabilities = fixtureRoot + "/plugins/passkey-app/capabilities"

private func fixtureFile(_ json: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-fixtures-\(UUID().uuidString).json").path
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite("bridge invoke with --app, --fixtures and --plugin-dir")
struct AppCommandTests {
    @Test("an app command: bound from its Rust signature, answered by its fixture")
    func appCommand() throws {
        let fixtures = try fixtureFile(#"{"greet": {"result": "Hello, {{name}}! You've been greeted from Rust!"}}"#)
        let ok = try runBridge(["invoke", "greet", #"{"name":"Ada"}"#, "--app", vanilla, "--fixtures", fixtures], executable: Products.bridge)
        #expect(ok.status == 0)
        #expect(ok.stdout == "\"Hello, Ada! You've been greeted from Rust!\"\n")
        let missing = try runBridge(["invoke", "greet", "{}", "--app", vanilla, "--fixtures", fixtures], executable: Products.bridge)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("invalid args `name` for command `greet`: command greet missing required key name"))
    }

    @Test("a name neither the app nor a plugin has: Tauri's `Command … not found`, exit 1, the did-you-mean kept")
    func unknownAppCommand() throws {
        let unknown = try runBridge(["invoke", "not_a_command", "--app", vanilla], executable: Products.bridge)
        #expect(unknown.status == 1)
        let error = try JSONParser.parse(unknown.stdout)
        #expect(error["code"] == -32601)
        #expect(error["message"] == "Command not_a_command not found")
        #expect(error["data"]?["kind"] == "not_found")
        #expect(unknown.stderr.contains("bridge: not_a_command failed: Command not_a_command not found (-32601 not_found)"))
        let typo = try runBridge(["invoke", "gret", #"{"name":"Ada"}"#, "--app", vanilla], executable: Products.bridge)
        #expect(typo.status == 1)
        #expect(try JSONParser.parse(typo.stdout)["data"]?["suggestion"] == "greet")
        #expect(typo.stderr.contains("(did you mean 'greet'?)"))
        // Without --app a bare name is the CLI's shorthand for a plugin command: still a usage error.
        let bare = try runBridge(["invoke", "not_a_command"], executable: Products.bridge)
        #expect(bare.status == 2)
    }

    @Test("an in-house plugin no --plugin-dir names meets the ACL from the app's gen/schemas/acl-manifests.json")
    func generatedManifests() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-manifests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/src-tauri/gen/schemas", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/src-tauri/capabilities", withIntermediateDirectories: true)
        try #"{"identifier": "com.example.insets", "productName": "Insets"}"#.write(toFile: root + "/src-tauri/tauri.conf.json", atomically: true, encoding: .utf8)
        try #"{"identifier": "main", "windows": ["main"], "permissions": ["core:default", "insets:default"]}"#
            .write(toFile: root + "/src-tauri/capabilities/default.json", atomically: true, encoding: .utf8)
        // As tauri-build writes it: a camelCase command's permission, a set naming what is not declared.
        try #"""
            {"insets": {"default_permission": {"identifier": "default", "description": "d", "permissions": ["allow-get-top-inset", "allow-registerListener", "allow-missing"]},
                        "permissions": {"allow-get-top-inset": {"identifier": "allow-get-top-inset", "commands": {"allow": ["get_top_inset"], "deny": []}},
                                        "allow-registerListener": {"identifier": "allow-registerListener", "commands": {"allow": ["registerListener"], "deny": []}},
                                        "allow-ping": {"identifier": "allow-ping", "commands": {"allow": ["ping"], "deny": []}}},
                        "permission_sets": {}, "global_scope_schema": null},
             "core:app": {"default_permission": null, "permissions": {}, "permission_sets": {}}}
            """#.write(toFile: root + "/src-tauri/gen/schemas/acl-manifests.json", atomically: true, encoding: .utf8)
        let fixtures = try fixtureFile(#"{"plugin:insets|get_top_inset": {"result": 47}, "plugin:insets|ping": {"result": "pong"}, "plugin:insets|set_style": {"result": null}}"#)
        func call(_ command: String) throws -> RunResult {
            try runBridge(["invoke", command, "{}", "--app", root, "--fixtures", fixtures, "--platform", "ios"], executable: Products.bridge)
        }
        let granted = try call("plugin:insets|get_top_inset")
        #expect(granted.status == 0 && granted.stdout == "47\n", "\(granted.stdout)\(granted.stderr)")
        #expect(!granted.stderr.contains("acl_unchecked"), "the manifest checks it: no unchecked warning")
        // Declared but not in the default set: Tauri's refusal, the permissions named.
        let ping = try call("plugin:insets|ping")
        #expect(ping.status == 1 && ping.stdout.contains("insets.ping not allowed"), "\(ping.stdout)")
        // No permission names it: `Command not found`, fixture or not.
        let unknown = try call("plugin:insets|set_style")
        #expect(unknown.status == 1 && unknown.stdout.contains("insets.set_style not allowed. Command not found"), "\(unknown.stdout)")
    }

    @Test("an app manifest in build.rs: every app command passes the ACL, granted by bare ids, refused in Tauri's words")
    func appManifest() throws {
        let fixtures = fixtureRoot + "/apps/wallet-fixtures.json"
        func call(_ command: String, _ args: String, _ extra: [String] = []) throws -> RunResult {
            try runBridge(["invoke", command, args, "--app", wallet, "--fixtures", fixtures] + extra, executable: Products.bridge)
        }
        // `greet` through the app's default set, in window main.
        let greet = try call("greet", #"{"name":"Ada"}"#)
        #expect(greet.status == 0)
        #expect(greet.stdout == "\"Hello, Ada!\"\n")
        // `sign` through the `signing` set, granted to the signer window only.
        let sign = try call("sign", #"{"message":"m"}"#)
        #expect(sign.status == 1)
        let refusal = try JSONParser.parse(sign.stdout)
        #expect(refusal["code"] == -32001)
        #expect(refusal["message"]?.stringValue?.hasPrefix("sign not allowed on window \"main\", webview \"main\", URL: local") == true)
        #expect(refusal["data"]?["permissions"] == ["allow-sign", "signing"])
        #expect(try call("sign", #"{"message":"m"}"#, ["--window", "signer"]).stdout == "\"signed\"\n")
        #expect(try JSONParser.parse(try call("sign", "{}", ["--acl-messages", "terse"]).stdout)["message"] == "Command sign not allowed by ACL")
        // Registered but not listed: Tauri checks it too once the app has a manifest.
        let version = try call("version", "{}")
        #expect(try JSONParser.parse(version.stdout)["message"] == "version not allowed. Command not found")
        let unknown = try call("not_a_command", "{}")
        #expect(try JSONParser.parse(unknown.stdout)["message"] == "not_a_command not allowed. Command not found")
        // Without a manifest, a bare id in a capability is Tauri's build error.
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-app-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: app + "/src-tauri/capabilities", withIntermediateDirectories: true)
        try #"{"identifier": "id.example.app"}"#.write(toFile: app + "/src-tauri/tauri.conf.json", atomically: true, encoding: .utf8)
        try #"{"identifier": "default", "windows": ["main"], "permissions": ["allow-greet"]}"#
            .write(toFile: app + "/src-tauri/capabilities/default.json", atomically: true, encoding: .utf8)
        let bare = try runBridge(["capabilities", "check", "--app", app], executable: Products.bridge)
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("default.json:1:64: Permission allow-greet not found: the app has no ACL manifest"))
        #expect(!bare.stderr.contains("(app commands)"))
    }

    @Test("the core plugins answer from the project's configuration, per platform")
    func corePlugins() throws {
        func run(_ command: String, _ args: String = "{}", _ platform: String) throws -> String {
            try runBridge(["invoke", command, args, "--app", vanilla, "--platform", platform], executable: Products.bridge).stdout
        }
        #expect(try run("plugin:app|name", "{}", "ios") == "\"Vanilla iOS\"\n", "tauri.ios.conf.json merged")
        #expect(try run("plugin:app|name", "{}", "android") == "\"vanilla\"\n")
        #expect(try run("plugin:app|identifier", "{}", "android") == "\"com.vanilla.app\"\n")
        #expect(try run("plugin:path|resolve_directory", #"{"directory":16}"#, "android") == "\"/data/user/0/com.vanilla.app/cache\"\n")
        #expect(try run("plugin:path|resolve_directory", #"{"directory":14}"#, "linux") == "\"/home/user/.local/share/com.vanilla.app\"\n")
        #expect(try run("plugin:path|resolve_directory", #"{"directory":17}"#, "macos") == "\"/Users/user/Library/Logs/com.vanilla.app\"\n")
        #expect(try run("plugin:path|resolve_directory", #"{"directory":14}"#, "windows") == "\"C:\\\\Users\\\\user\\\\AppData\\\\Roaming\\\\com.vanilla.app\"\n")
        #expect(try run("plugin:window|title", "{}", "macos") == "\"vanilla\"\n")
        #expect(try run("plugin:window|inner_size", "{}", "macos") == #"{"width":1600,"height":1200}"# + "\n", "physical pixels on a Retina Mac")
        #expect(try run("plugin:window|title", "{}", "ios").contains("Window API not available on mobile"))
    }

    @Test("a plugin from its folder: its own permission ids decide, then its fixture answers")
    func pluginFolder() throws {
        let fixtures = try fixtureFile(#"{"plugin:passkey|register": {"result": {"credentialId": "c-{{userName}}"}}}"#)
        let common = ["--plugin-dir", passkey, "--capabilities", passkeyCapabilities, "--fixtures", fixtures]
        let ok = try runBridge(["invoke", "plugin:passkey|register", #"{"userName":"ada"}"#] + common, executable: Products.bridge)
        #expect(ok.stdout == #"{"credentialId":"c-ada"}"# + "\n")
        let refused = try runBridge(["invoke", "plugin:passkey|forget_all", #"{"userName":"ada"}"#] + common, executable: Products.bridge)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("passkey.forget_all not allowed. Permissions associated with this command: passkey:allow-forget-all"))
        let unanswered = try runBridge(["invoke", "plugin:passkey|authenticate", "{}"] + common, executable: Products.bridge)
        #expect(unanswered.stdout.contains("plugin:passkey|authenticate (plugin passkey, from --plugin-dir) has no answer"))
        // Without the folder, the capability's passkey:default cannot be checked: refused as Tauri refuses an unknown plugin.
        let without = try runBridge(["invoke", "plugin:passkey|register", "{}", "--capabilities", passkeyCapabilities], executable: Products.bridge)
        #expect(without.status == 1)
    }

    /// The passkey plugin's folder copied, with its default set's members and its name changed.
    private func alteredPasskey(defaultMembers: String, name: String = "passkey") throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-altered-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: passkey, toPath: root)
        try "[default]\ndescription = \"altered\"\npermissions = [\(defaultMembers)]\n"
            .write(toFile: root + "/permissions/default.toml", atomically: true, encoding: .utf8)
        let lib = try String(contentsOfFile: root + "/src/lib.rs", encoding: .utf8)
        try lib.replacingOccurrences(of: #"Builder::new("passkey")"#, with: "Builder::new(\"\(name)\")")
            .write(toFile: root + "/src/lib.rs", atomically: true, encoding: .utf8)
        return root
    }

    @Test("without --capabilities, a --plugin-dir plugin's default set is checked at start as a capability naming it is")
    func builtInCapabilityChecksPluginFolders() throws {
        // A permission no plugin declares stops the start, naming it (it did not silently empty the ACL).
        let unknown = try alteredPasskey(defaultMembers: #""allow-register", "fs:allow-nonexistent""#)
        let stopped = try runBridge(["invoke", "plugin:os|arch", "{}", "--plugin-dir", unknown], executable: Products.bridge)
        #expect(stopped.status != 0 && stopped.stderr.contains("fs:allow-nonexistent not found"), "\(stopped.stderr)")
        // A plugin the bridge does not host is said, and its calls go to what answers the unhosted.
        let other = try alteredPasskey(defaultMembers: #""allow-register", "other:allow-x""#)
        let passed = try runBridge(["invoke", "plugin:other|x", "{}", "--plugin-dir", other], executable: Products.bridge)
        #expect(passed.stderr.contains("skipping permissions of plugins the bridge does not host: other"), "\(passed.stderr)")
        #expect(passed.stdout.contains("has no answer") && !passed.stdout.contains("not allowed"), "\(passed.stdout)")
        // A plugin name no identifier can carry gets nothing from the built-in capability.
        let badName = try alteredPasskey(defaultMembers: #""allow-register""#, name: "pong-")
        let refused = try runBridge(["invoke", "plugin:pong-|register", "{}", "--plugin-dir", badName], executable: Products.bridge)
        #expect(refused.status == 1 && refused.stdout.contains("not allowed"), "\(refused.stdout)")
    }

    @Test("a signature nested 100,000 deep is a warning naming file:line; the session answers every command")
    func pathologicalSignature() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-deep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try #"{"identifier": "com.deep.app"}"#.write(toFile: root + "/tauri.conf.json", atomically: true, encoding: .utf8)
        let deep = String(repeating: "Vec<", count: 100_000) + "u8" + String(repeating: ">", count: 100_000)
        try """
        #[tauri::command]
        fn greet(name: String) -> String { name }

        #[tauri::command]
        fn deep(items: \(deep)) {}

        fn main() { tauri::generate_handler![greet, deep]; }
        """.write(toFile: root + "/src/lib.rs", atomically: true, encoding: .utf8)
        let fixtures = try fixtureFile(#"{"greet": {"result": "Hello, {{name}}!"}, "deep": {"result": "read"}}"#)
        let p = try BridgeProcess(["serve", "--app", root, "--fixtures", fixtures], executable: Products.bridge)
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"greet","params":{"name":"Ada"}}"#)
        p.sendLine(#"{"jsonrpc":"2.0","id":2,"method":"greet","params":{}}"#)
        p.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"deep","params":{"items":"not checked"}}"#)
        p.closeInput()
        let out = p.remainingOutput()
        #expect(p.waitForExit() == 0)
        #expect(out.contains(#"{"jsonrpc":"2.0","id":1,"result":"Hello, Ada!"}"#))
        #expect(out.contains("invalid args `name` for command `greet`"), "the readable command keeps its checks")
        #expect(out.contains(#"{"jsonrpc":"2.0","id":3,"result":"read"}"#))
        #expect(p.stderr.contains("bridge: warning: --app \(root): src/lib.rs:5: command `deep`, argument `items`: its type is nested more than 64 brackets deep"))
    }

    @Test("serve ends with a summary of what nothing answered, and a fixture file that would")
    func summary() throws {
        let p = try BridgeProcess(["serve", "--app", vanilla], executable: Products.bridge)
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"greet","params":{"name":"Ada"}}"#)
        // A PNG: the image plugin does not decode it, so nothing answers.
        p.sendLine(#"{"jsonrpc":"2.0","id":2,"method":"plugin:image|from_bytes","params":{"bytes":[137,80,78,71,13,10,26,10]}}"#)
        // opener is simulated: its call is answered (nothing opened), so it is not in the summary.
        p.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"plugin:opener|open_url","params":{"url":"https://tauri.app"}}"#)
        p.closeInput()
        let out = p.remainingOutput()
        #expect(out.contains(#""method":"bridge/unhandled","params":{"command":"greet""#))
        #expect(out.contains(#""method":"bridge/unhandled","params":{"command":"plugin:image|from_bytes""#))
        #expect(out.contains(#"{"jsonrpc":"2.0","id":3,"result":null}"#))
        #expect(p.waitForExit() == 0)
        let err = p.stderr
        #expect(err.contains("bridge: 2 calls of 2 commands had no answer:"))
        #expect(err.contains(#"{"greet":{"result":null},"plugin:image|from_bytes":{"result":null}}"#))
    }
}

@Suite("--record and bridge replay")
struct RecordReplayTests {
    @Test("a session's calls are recorded; replaying them says which answers changed")
    func roundTrip() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rec-\(UUID().uuidString).ndjson").path
        let hello = try fixtureFile(#"{"greet": {"result": "Hello, {{name}}!"}}"#)
        let p = try BridgeProcess(["serve", "--app", vanilla, "--fixtures", hello, "--record", recording], executable: Products.bridge)
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"greet","params":{"name":"Ada"}}"#)
        p.sendLine(#"{"jsonrpc":"2.0","id":2,"method":"plugin:app|version"}"#)
        p.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"greet","params":{}}"#)
        p.closeInput()
        _ = p.remainingOutput()
        #expect(p.waitForExit() == 0)
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(lines.map { $0["command"] } == ["greet", "plugin:app|version", "greet"])
        #expect(lines[0]["result"] == "Hello, Ada!" && lines[0]["args"] == ["name": "Ada"] && lines[0]["context"]?["platform"] == "ios")
        #expect(lines[2]["error"]?["code"] == -32602)
        let same = try runBridge(["replay", recording, "--app", vanilla, "--fixtures", hello], executable: Products.bridge)
        #expect(same.status == 0 && same.stdout.isEmpty)
        #expect(same.stderr.contains("replayed 3 calls of \(recording): every answer is the recorded one"))
        let hi = try fixtureFile(#"{"greet": {"result": "Hi, {{name}}!"}}"#)
        let changed = try runBridge(["replay", recording, "--app", vanilla, "--fixtures", hi], executable: Products.bridge)
        #expect(changed.status == 1)
        #expect(changed.stdout == #"{"line":1,"command":"greet","recorded":{"result":"Hello, Ada!"},"now":{"result":"Hi, Ada!"}}"# + "\n")
        #expect(changed.stderr.contains("1 answer differs"))
        let bad = try fixtureFile("{\"command\": 1}\n")
        let unusable = try runBridge(["replay", bad], executable: Products.bridge)
        #expect(unusable.status == 2 && unusable.stderr.contains(":1: a recorded call needs \"command\""))
    }

    /// The permission bits of `path`.
    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// Records one call (the clipboard's text would be as private) into `path`.
    private func recordOneCall(_ path: String) throws {
        let p = try BridgeProcess(["serve", "--record", path], executable: Products.bridge)
        p.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"plugin:app|version"}"#)
        p.closeInput()
        _ = p.remainingOutput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a new recording is readable by its owner alone (0600), whatever the umask")
    func privateMode() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rec-\(UUID().uuidString).ndjson").path
        try recordOneCall(recording)
        #expect(try String(contentsOfFile: recording, encoding: .utf8).contains("plugin:app|version"))
        #expect(try mode(recording) == 0o600)
    }

    @Test("an existing recording is truncated in place: its mode is neither widened nor tightened")
    func existingMode() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rec-\(UUID().uuidString).ndjson").path
        try String(repeating: "old line\n", count: 100).write(toFile: recording, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: recording)
        try recordOneCall(recording)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(!text.contains("old line") && text.contains("plugin:app|version"))
        #expect(try mode(recording) == 0o640)
    }
}

@Suite("--global-tauri")
struct GlobalTauriOptionTests {
    @Test("without --http it is a usage error naming what it needs")
    func needsHTTP() throws {
        let r = try runBridge(["serve", "--global-tauri"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("option '--global-tauri' needs --http [HOST:]PORT"))
    }
}

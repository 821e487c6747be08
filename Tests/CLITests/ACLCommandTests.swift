import BridgeJSON
import Foundation
import Testing

/// A fresh folder holding `files` (name → text); returns its path.
func folder(_ files: [String: String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-acl-\(UUID().uuidString)")
    for (name, text) in files {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return dir.path
}

@Suite("ACL from the command line (spawned bridge)")
struct ACLCommandTests {
    let share = #"{"text":"Join me","url":"https://wallet.frak.id/i"}"#

    @Test("the built-in capability allows window main only; refusals exit 1 with -32001")
    func builtIn() throws {
        #expect(try runBridge(["invoke", "share_text", share], executable: Products.bridge).status == 0)
        let refused = try runBridge(["invoke", "share_text", share, "--window", "settings"], executable: Products.bridge)
        #expect(refused.status == 1)
        let error = try JSONParser.parse(refused.stdout)
        #expect(error["code"] == -32001)
        #expect(error["message"]?.stringValue?.hasPrefix("frak-share.share_text not allowed on window \"settings\"") == true)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let terse = try runBridge(["invoke", "share_text", share, "--window", "settings", "--acl-messages", "terse"], executable: Products.bridge)
        #expect(try JSONParser.parse(terse.stdout)["message"] == "Command plugin:frak-share|share_text not allowed by ACL")
        // The release build's wording, named as such: what `tauri build` apps say.
        let release = try runBridge(["invoke", "share_text", share, "--window", "settings", "--release-build"], executable: Products.bridge)
        #expect(release.stdout == terse.stdout)
        let both = try runBridge(["invoke", "share_text", share, "--release-build", "--acl-messages", "verbose"], executable: Products.bridge)
        #expect(both.status == 2 && both.stderr.contains("--release-build"))
    }

    @Test("a plugin the bridge does not host, granted by a desktop-only capability, is refused on phones, fixture or not", arguments: [
        ("ios", "main", false), ("android", "main", false), ("linux", "main", true), ("macos", "main", true), ("linux", "settings", false),
    ])
    func unhostedPlatforms(platform: String, window: String, answered: Bool) throws {
        let caps = try folder([
            "desktop.json": #"{"identifier": "desktop", "windows": ["main"], "platforms": ["linux", "macOS", "windows"], "permissions": ["updater:default", "cli:default"]}"#,
            "mobile.json": #"{"identifier": "mobile", "windows": ["main"], "platforms": ["iOS", "android"], "permissions": ["core:default"]}"#,
        ])
        let fixtures = try folder(["fx.json": #"{"plugin:updater|check": {"result": null}}"#]) + "/fx.json"
        let r = try runBridge(["invoke", "plugin:updater|check", "{}", "--capabilities", caps, "--fixtures", fixtures,
                               "--platform", platform, "--window", window], executable: Products.bridge)
        if answered {
            #expect(r.status == 0 && r.stdout == "null\n", "\(platform) \(window): \(r.stdout)")
        } else {
            #expect(r.status == 1, "\(platform) \(window): \(r.stdout)")
            #expect(try JSONParser.parse(r.stdout)["message"] == "updater.check not allowed. Plugin not found")
        }
    }

    @Test("a Tauri app's capabilities folder, selected by its tauri.conf.json, with scopes and denies")
    func appFolder() throws {
        let app = try folder([
            "src-tauri/tauri.conf.json": #"{"app": {"security": {"capabilities": ["main-capability", "admin"]}}}"#,
            "src-tauri/capabilities/main.json": #"{"identifier": "main-capability", "windows": ["main"], "permissions": ["core:default", "sql:allow-load", {"identifier": "frak-share:allow-share-text", "allow": [{"url": "https://*.frak.id/*"}]}]}"#,
            "src-tauri/capabilities/admin.toml": "identifier = \"admin\"\nwindows = [\"admin\"]\npermissions = [\"frak-share:default\"]\n",
            "src-tauri/capabilities/unused.json": #"{"identifier": "unused", "windows": ["*"], "permissions": ["frak-share:default"]}"#,
        ])
        let caps = ["--capabilities", app + "/src-tauri/capabilities"]
        let ok = try runBridge(["invoke", "share_text", share] + caps, executable: Products.bridge)
        #expect(ok.status == 0)
        // Every core set core:default names is hosted; sql is not.
        #expect(ok.stderr == "bridge: skipping permissions of plugins the bridge does not host: sql\n")
        // The real plugin reads no scope: shared, with a warning; --strict refuses it.
        let scopeMessage = "frak-share.share_text: url \"https://evil.example/\" is outside the scope; allowed url patterns: https://*.frak.id/* (the real plugin reads no scope, so the device shares it anyway)"
        let outOfScope = try runBridge(["invoke", "share_text", #"{"url":"https://evil.example/"}"#] + caps, executable: Products.bridge)
        #expect(outOfScope.status == 0)
        #expect(outOfScope.stderr.contains("bridge: warning: " + scopeMessage + "\n"))
        let strictScope = try runBridge(["invoke", "share_text", #"{"url":"https://evil.example/"}"#, "--strict"] + caps, executable: Products.bridge)
        #expect(strictScope.status == 1)
        #expect(try JSONParser.parse(strictScope.stdout)["message"] == .string(scopeMessage))
        #expect(try JSONParser.parse(strictScope.stdout)["data"]?["warning"] == "scope")
        #expect(try runBridge(["invoke", "share_text", share, "--window", "admin"] + caps, executable: Products.bridge).status == 0)
        let unselected = try runBridge(["invoke", "share_text", share, "--window", "other"] + caps, executable: Products.bridge)
        #expect(unselected.status == 1)
    }

    @Test("a deny entry denies the command on every window and origin, as Tauri 2 does")
    func denyEverywhere() throws {
        let app = try folder([
            "main.json": #"{"identifier": "main", "windows": ["main"], "permissions": ["frak-share:default"]}"#,
            "admin.toml": "identifier = \"admin\"\nwindows = [\"admin\"]\npermissions = [\"frak-share:deny-share-text\"]\n",
        ])
        for window in ["main", "admin"] {
            let denied = try runBridge(["invoke", "share_text", share, "--window", window, "--capabilities", app], executable: Products.bridge)
            #expect(denied.status == 1)
            #expect(try JSONParser.parse(denied.stdout)["message"] == "frak-share.share_text explicitly denied on origin local\n\nreferenced by: capability: admin, permission: deny-share-text")
        }
    }

    @Test("broken ACL files stop start-up with exit 2 and a message naming the file", arguments: [
        (["caps.json": #"{"identifier": "x", "windows": ["main"], "permissions": ["frak-share:allow-share-txt"]}"#],
         "caps.json:1:58: Permission frak-share:allow-share-txt not found, expected one of frak-share:allow-https-links, frak-share:allow-share-text, frak-share:default, frak-share:deny-share-text"),
        (["caps.toml": "identifier = \"x\"\nwindows = [\"main\"\n"], "caps.toml:3:1: invalid TOML: unterminated array"),
        (["a.json": #"{"identifier": "x", "windows": ["main"]}"#, "b.json": #"{"identifier": "x", "windows": ["w"]}"#],
         "b.json:1:16: capability identifier 'x' is also defined in"),
        (["caps.json": #"{"identifier": "x", "windows": ["main"], "permissions": [{"identifier": "frak-share:default", "deny": [{"host": "x"}]}]}"#],
         "ACL: scope of frak-share (from capability 'x', permission 'default'): a frak-share scope entry is {\"url\": PATTERN} or {\"imageUrl\": PATTERN}, found {\"host\":\"x\"}"),
    ])
    func startupErrors(files: [String: String], message: String) throws {
        let dir = try folder(files)
        for subcommand in [["invoke", "share_text", share], ["serve"]] {
            let r = try runBridge(subcommand + ["--capabilities", dir], executable: Products.bridge)
            #expect(r.status == 2)
            #expect(r.stdout == "")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
    }

    @Test("a missing capabilities path is a start-up error")
    func missingPath() throws {
        let r = try runBridge(["invoke", "share_text", share, "--capabilities", "/nonexistent/caps"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr == "bridge: ACL: /nonexistent/caps: no such file or directory\n")
    }

    @Test("bridge permissions prints the reference of every hosted plugin")
    func reference() throws {
        let r = try runBridge(["permissions"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout.contains("# frak-share\n\n## Default Permission\n\nDefault permissions for the frak-share plugin\n"))
        // The core permissions the bridge hosts come first (core:default, then core:event).
        #expect(r.stdout.hasPrefix("# core\n\n## Default Permission\n\nDefault core plugins set which includes: core:path:default, core:event:default,"))
        #expect(r.stdout.contains("| `core:event:allow-listen` | Enables the listen command without any pre-configured scope. |"))
        #expect(r.stdout.contains("| `frak-share:allow-share-text` | Enables the share_text command without any pre-configured scope. |"))
        #expect(r.stdout.contains("| `frak-share:deny-share-text` | Denies the share_text command without any pre-configured scope. |"))
        #expect(try runBridge(["permissions", "--plugin", "nope"], executable: Products.bridge).status == 2)
    }

    @Test("bridge permissions explain: the verdict, its reasons, exit 0 or 1")
    func explain() throws {
        let allowed = try runBridge(["permissions", "explain", "share_text"], executable: Products.bridge)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains("ALLOWED by capability/permission default/allow-share-text"))
        let refused = try runBridge(["permissions", "explain", "share_text", "--window", "settings"], executable: Products.bridge)
        #expect(refused.status == 1)
        // The event commands browser mode serves, checked against core:event.
        let listen = try runBridge(["permissions", "explain", "plugin:event|listen"], executable: Products.bridge)
        #expect(listen.status == 0)
        #expect(listen.stdout.contains("ALLOWED by capability/permission default/allow-listen"))
        #expect(listen.stdout.contains("permissions that allow it: core:event:allow-listen, core:event:default"))
        let caps = try folder(["caps/main.json": #"{"identifier": "main", "windows": ["main"], "permissions": ["frak-share:default"]}"#])
        let emit = try runBridge(["permissions", "explain", "plugin:event|emit_to", "--capabilities", caps + "/caps"], executable: Products.bridge)
        #expect(emit.status == 1)
        #expect(emit.stdout.contains("REFUSED (-32001): event.emit_to not allowed. Permissions associated with this command: event:allow-emit-to, event:default"))
        let typo = try runBridge(["permissions", "explain", "plugin:event|listn"], executable: Products.bridge)
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("bridge: unknown event command 'plugin:event|listn' (did you mean 'listen'?)"))
        #expect(refused.stdout.contains("REFUSED (-32001): frak-share.share_text not allowed on window \"settings\""))
        #expect(refused.stdout.contains("- capability \"default\" allows it through \"default\" (permission \"allow-share-text\") for window \"main\", local"))
    }

    @Test("bridge capabilities check: 0 with a summary, 1 with file:line:column")
    func check() throws {
        let good = try folder(["main.json": #"{"identifier": "main", "windows": ["main"], "permissions": ["frak-share:default"]}"#])
        let ok = try runBridge(["capabilities", "check", good], executable: Products.bridge)
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok: 1 capability in \(good): main\n")
        let bad = try folder(["main.json": "{\n  \"identifier\": \"main\",\n  \"windows\": [\"main\"],\n  \"permissions\": [\"frak-share:nope\"]\n}"])
        let r = try runBridge(["capabilities", "check", bad], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(bad)/main.json:4:19: Permission frak-share:nope not found"))
    }

    @Test("bridge capabilities check --app --plugin-dir: the app's capabilities, a folder plugin's ids checked, not skipped")
    func checkApp() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
        let passkey = fixtures + "/plugins/tauri-plugin-passkey"
        let app = try folder([
            "src-tauri/tauri.conf.json": #"{"identifier": "id.example.wallet"}"#,
            "src-tauri/capabilities/default.json": "{\n  \"identifier\": \"default\",\n  \"windows\": [\"main\"],\n  \"permissions\": [\"core:default\", \"passkey:default\"]\n}",
        ])
        let ok = try runBridge(["capabilities", "check", "--app", app, "--plugin-dir", passkey], executable: Products.bridge)
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok: 1 capability in \(app)/src-tauri/capabilities: default\n")
        #expect(!ok.stderr.contains("skipping permissions"), "passkey is checked from its folder: \(ok.stderr)")
        try "{\"identifier\": \"default\", \"windows\": [\"main\"], \"permissions\": [\"passkey:allow-nope\"]}"
            .write(toFile: app + "/src-tauri/capabilities/default.json", atomically: true, encoding: .utf8)
        let bad = try runBridge(["capabilities", "check", "--app", app, "--plugin-dir", passkey], executable: Products.bridge)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("default.json:1:64: Permission passkey:allow-nope not found, expected one of passkey:allow-authenticate"))
        // Without the folder the plugin is one the bridge does not host: reported and skipped.
        let skipped = try runBridge(["capabilities", "check", "--app", app], executable: Products.bridge)
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("skipping permissions of plugins the bridge does not host: passkey"))
        let neither = try runBridge(["capabilities", "check"], executable: Products.bridge)
        #expect(neither.status == 2)
    }

    @Test("a .json5 capability file is not read, as Tauri's build skips it, and the check says so")
    func json5() throws {
        let dir = try folder(["default.json5": "{\n  // JSON5\n  \"identifier\": \"main\", \"windows\": [\"main\"], \"permissions\": [\"frak-share:default\"],\n}"])
        let r = try runBridge(["capabilities", "check", dir], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "ok: 0 capabilities in \(dir) (no .json or .toml capability file: the app would grant nothing)\n")
        #expect(r.stderr.contains("\(dir)/default.json5 is not read: Tauri's build reads capability files ending .json or .toml only"))
        let serve = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--capabilities", dir], executable: Products.bridge)
        #expect(serve.stderr.contains("default.json5 is not read"), "every command that loads the folder says so: \(serve.stderr)")
    }

    @Test("bridge capabilities check of a missing PATH is unusable input: 2, as bridge doctor")
    func checkMissingPath() throws {
        let missing = try folder([:]) + "/no-such-capabilities"
        let r = try runBridge(["capabilities", "check", missing], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr == "bridge: \(missing): no such file or directory: name a capability file or a folder of them (a Tauri app's src-tauri/capabilities)\n")
        #expect(r.stdout.isEmpty)
        let doctor = try runBridge(["doctor", missing], executable: Products.bridge)
        #expect(doctor.status == r.status, "the same kind of error, the same status")
    }
}

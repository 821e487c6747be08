import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Testing

private func openerRouter(_ permissions: String) throws -> Router {
    var settings = OfficialSettings()
    settings.sandbox = SandboxHolder(root: NSTemporaryDirectory() + "opener-\(UUID().uuidString)")
    // The plugin as first released (2.2, OpenerPin): before reveal_item_in_dir took a list.
    settings.versions.plugins["opener"] = ReleaseVersion(2, 2, 0)
    let plugins: [any Plugin] = OfficialPlugins.plugins(settings)
    let capabilities = try Capability.decodeFile(#"{"identifier": "main", "windows": ["main"], "permissions": \#(permissions)}"#, path: "caps.json")
    let authority = try Authority(manifests: try ACLSetup.manifests(plugins), capabilities: capabilities)
    return Router(registry: try CommandRegistry(plugins: plugins), authority: authority)
}

@Suite("opener as first released answers: the URL and path scope with its app rule; nothing opened")
struct OpenerPluginTests {
    @Test("opener:default opens mailto:, tel:, http(s): links, not others, and none `with` a program")
    func defaultScope() async throws {
        let r = try openerRouter(#"["opener:default"]"#)
        let (ok, record) = await call("plugin:opener|open_url", ["url": "https://tauri.app/docs"], on: .ios, router: r)
        #expect(try ok.get() == .null)
        #expect(record?["effect"]?.stringValue?.hasPrefix("UIApplication.shared.open(https://tauri.app/docs)") == true)
        let custom = await call("plugin:opener|open_url", ["url": "myapp://x"], on: .ios, router: r).0
        #expect(custom.failure?.message == "Not allowed to open url myapp://x")
        let with = await call("plugin:opener|open_url", ["url": "https://tauri.app", "with": "firefox"], on: .linux, router: r).0
        #expect(with.failure?.message == "Not allowed to open url https://tauri.app with firefox")
        #expect(with.failure?.data["reason"]?.stringValue?.contains("\"app\": true") == true)
        let path = await call("plugin:opener|open_path", ["path": "/tmp/x"], on: .linux, router: r).0
        #expect(path.failure?.code.rawValue == -32001, "open_path is not in the default set")
    }

    @Test("deny before allow; an entry's app admits that program; a path entry matches as the fs scope does")
    func entries() async throws {
        let perms = #"""
            [{"identifier": "opener:allow-open-url", "allow": [{"url": "https://*.example.com/*", "app": "firefox"}, {"url": "https://*"}],
              "deny": [{"url": "https://evil.example.com/*", "app": "firefox"}]},
             {"identifier": "opener:allow-open-path", "allow": [{"path": "$APPDATA/**"}]}]
            """#
        let r = try openerRouter(perms)
        #expect(try await call("plugin:opener|open_url", ["url": "https://a.example.com/p", "with": "firefox"], on: .linux, router: r).0.get() == .null)
        let denied = await call("plugin:opener|open_url", ["url": "https://evil.example.com/p", "with": "firefox"], on: .linux, router: r).0
        #expect(denied.failure?.message == "Not allowed to open url https://evil.example.com/p with firefox")
        #expect(try await call("plugin:opener|open_url", ["url": "https://evil.example.com/p"], on: .linux, router: r).0.get() == .null,
                "a deny entry with an app blocks only that program")
        let appData = PlatformPaths(platform: .android, app: AppInfo()).resolve(.appData)!
        let refused = await call("plugin:opener|open_path", ["path": .string(appData + "/report.pdf")], on: .android, router: r).0
        #expect(refused.failure?.message.hasPrefix("No Activity found to handle Intent { act=android.intent.action.VIEW dat=/data/user/0/") == true,
                "allowed, then Android finds no app for a scheme-less path: \(refused)")
        let outside = await call("plugin:opener|open_path", ["path": "/etc/hosts"], on: .android, router: r).0
        #expect(outside.failure?.message == "Not allowed to open path /etc/hosts")
    }

    @Test("reveal_item_in_dir needs an existing file, then is desktop only")
    func reveal() async throws {
        let r = try openerRouter(#"["opener:default"]"#)
        let missing = await call("plugin:opener|reveal_item_in_dir", ["path": "/nowhere.txt"], on: .ios, router: r).0
        #expect(missing.failure?.message == "No such file or directory (os error 2)")
    }
}

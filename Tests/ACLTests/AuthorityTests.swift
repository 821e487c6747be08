@testable import BridgeACL
import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import TestSupport
import Testing

let demoFiles: [(path: String, text: String)] = [
    ("commands.toml", """
    [[permission]]
    identifier = "allow-ping"
    description = "Enables ping."
    commands.allow = ["ping"]

    [[permission]]
    identifier = "deny-ping"
    description = "Denies ping."
    commands.deny = ["ping"]

    [[permission]]
    identifier = "allow-ping-ios"
    commands.allow = ["ping"]
    platforms = ["iOS"]
    """),
    ("default.toml", "[default]\ndescription = \"d\"\npermissions = [\"allow-ping\"]\n"),
]

func authority(_ capabilities: String, messages: ACLMessages = .verbose) throws -> Authority {
    let manifests = ["demo": try PluginManifest.load(plugin: "demo", files: demoFiles)]
    return try Authority(manifests: manifests, capabilities: try Capability.decodeFile(capabilities, path: "caps.json"), messages: messages)
}

let ping = CommandName(plugin: "demo", command: "ping")!

@Suite("Authority: who may call what")
struct AuthorityTests {
    @Test("allowed for the capability's window, local; refused elsewhere with Tauri's explanation")
    func windows() throws {
        let a = try authority(#"{"identifier": "main", "windows": ["main", "pop-*"], "permissions": ["demo:default"]}"#)
        #expect((try? a.authorize(ping, context: CallContext(window: "main")).get())?.matched == ["main/allow-ping"])
        #expect((try? a.authorize(ping, context: CallContext(window: "pop-1")).get()) != nil)
        guard case .failure(let refusal) = a.authorize(ping, context: CallContext(window: "settings")) else {
            Issue.record("allowed")
            return
        }
        #expect(refusal.code == .notAllowed)
        #expect(refusal.message == """
        demo.ping not allowed on window "settings", webview "settings", URL: local

        allowed on: [windows: "main", "pop-*", URL: local]

        referenced by: capability: main, permission: allow-ping
        """)
    }

    /// Each refusal as Tauri 2's debug build words it (`ipc/authority.rs`
    /// `resolve_access_message`): a remote origin printed as the `url` crate serializes it
    /// (trailing `/`), `referenced by` naming the permission a set or `default` reaches, the
    /// window form wherever an allow exists but does not match (Tauri's origin-only message sits
    /// in a branch it never reaches), and any deny entry of the command denying everywhere.
    @Test("refusals in Tauri's exact words", arguments: [
        (#"{"identifier": "main", "windows": ["main"], "permissions": ["demo:default"]}"#, CallContext(origin: "https://Wallet.frak.id"),
         "demo.ping not allowed on window \"main\", webview \"main\", URL: https://wallet.frak.id/\n\nallowed on: [windows: \"main\", URL: local]\n\nreferenced by: capability: main, permission: allow-ping"),
        (#"{"identifier": "r", "windows": ["main"], "local": false, "remote": {"urls": ["https://*.frak.id"]}, "permissions": ["demo:default"]}"#, CallContext(window: "pop", origin: "https://wallet.frak.id:443/a?b"),
         "demo.ping not allowed on window \"pop\", webview \"pop\", URL: https://wallet.frak.id/a?b\n\nallowed on: [windows: \"main\", URL: https://*.frak.id]\n\nreferenced by: capability: r, permission: allow-ping"),
        (#"{"identifier": "r", "windows": ["main"], "local": false, "remote": {"urls": ["https://*.frak.id"]}, "permissions": ["demo:default"]}"#, CallContext(),
         "demo.ping not allowed on window \"main\", webview \"main\", URL: local\n\nallowed on: [windows: \"main\", URL: https://*.frak.id]\n\nreferenced by: capability: r, permission: allow-ping"),
        (#"[{"identifier": "a", "windows": ["main"], "permissions": ["demo:default"]}, {"identifier": "b", "windows": ["*"], "permissions": ["demo:deny-ping"]}]"#, CallContext(origin: "https://wallet.frak.id"),
         "demo.ping explicitly denied on origin remote: https://wallet.frak.id/\n\nreferenced by: capability: b, permission: deny-ping"),
        (#"[{"identifier": "a", "windows": ["main"], "permissions": ["demo:default"]}, {"identifier": "b", "windows": ["settings"], "permissions": ["demo:deny-ping"]}]"#, CallContext(),
         "demo.ping explicitly denied on origin local\n\nreferenced by: capability: b, permission: deny-ping"),
        (#"{"identifier": "none", "windows": ["main"], "permissions": []}"#, CallContext(origin: "https://wallet.frak.id"),
         "demo.ping not allowed. Permissions associated with this command: demo:allow-ping, demo:allow-ping-ios, demo:default"),
    ])
    func tauriWording(capabilities: String, context: CallContext, message: String) throws {
        #expect(try authority(capabilities).authorize(ping, context: context).failure?.message == message)
    }

    @Test("the decisions kept per context answer as deciding afresh, over 3,000 calls from copies, changed copies and equal new contexts")
    func cachedDecisionsAnswerAsFresh() throws {
        let a = try authority(#"{"identifier": "main", "windows": ["main", "pop-*"], "webviews": ["child-*"], "permissions": ["demo:default"]}"#)
        let other = CommandName(plugin: "demo", command: "pong")!
        var generator = SystemRandomNumberGenerator()
        var context = CallContext()
        for _ in 0..<3_000 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: context.window = ["main", "pop-1", "settings"].randomElement(using: &generator)!
            case 1: context.webview = ["main", "child-2", "x"].randomElement(using: &generator)!
            case 2: context.origin = ["local", "https://wallet.frak.id"].randomElement(using: &generator)!
            case 3: context = CallContext(window: context.window, webview: context.webview, origin: context.origin)
            default: break  // the same storage again
            }
            for name in [ping, other] {
                let cached = a.authorize(name, context: context)
                let fresh = a.decide(name, context: context)
                #expect((try? cached.get())?.matched == (try? fresh.get())?.matched)
                #expect(cached.failure?.message == fresh.failure?.message)
            }
        }
    }

    @Test("a webview glob allows a call from another window")
    func webviews() throws {
        let a = try authority(#"{"identifier": "w", "webviews": ["child-*"], "permissions": ["demo:allow-ping"]}"#)
        #expect((try? a.authorize(ping, context: CallContext(window: "x", webview: "child-2")).get()) != nil)
        #expect((try? a.authorize(ping, context: CallContext(window: "x")).get()) == nil)
    }

    @Test("default deny names the permissions that would allow the command")
    func defaultDeny() throws {
        let a = try authority(#"{"identifier": "none", "windows": ["main"], "permissions": []}"#)
        guard case .failure(let refusal) = a.authorize(ping, context: CallContext()) else {
            Issue.record("allowed")
            return
        }
        #expect(refusal.message == "demo.ping not allowed. Permissions associated with this command: demo:allow-ping, demo:allow-ping-ios, demo:default")
        #expect(refusal.data["permissions"] == ["demo:allow-ping", "demo:allow-ping-ios", "demo:default"])
    }

    @Test("deny wins over any allow")
    func denyWins() throws {
        let a = try authority(#"[{"identifier": "a", "windows": ["main"], "permissions": ["demo:default"]}, {"identifier": "b", "windows": ["*"], "permissions": ["demo:deny-ping"]}]"#)
        guard case .failure(let refusal) = a.authorize(ping, context: CallContext()) else {
            Issue.record("allowed")
            return
        }
        #expect(refusal.message == "demo.ping explicitly denied on origin local\n\nreferenced by: capability: b, permission: deny-ping")
    }

    @Test("terse messages are Tauri's release wording")
    func terse() throws {
        let a = try authority(#"{"identifier": "none", "windows": ["main"], "permissions": []}"#, messages: .terse)
        #expect(a.authorize(ping, context: CallContext()).failure?.message == "Command plugin:demo|ping not allowed by ACL")
    }

    @Test("remote origins must match a remote URL pattern; local content needs local")
    func origins() throws {
        let a = try authority(#"{"identifier": "r", "windows": ["main"], "local": false, "remote": {"urls": ["https://*.frak.id"]}, "permissions": ["demo:default"]}"#)
        #expect((try? a.authorize(ping, context: CallContext(origin: "https://wallet.frak.id")).get()) != nil)
        #expect(a.authorize(ping, context: CallContext(origin: "https://evil.example")).failure?.data["reason"] == "origin")
        #expect(a.authorize(ping, context: CallContext(origin: "local")).failure?.data["reason"] == "origin")
    }

    @Test("platforms: a capability or a permission applies only where it says")
    func platforms() throws {
        let a = try authority(#"[{"identifier": "m", "windows": ["main"], "permissions": ["demo:allow-ping-ios"]}, {"identifier": "d", "windows": ["main"], "platforms": ["android"], "permissions": ["demo:allow-ping"]}]"#)
        #expect((try? a.authorize(ping, context: CallContext(platform: .ios)).get())?.matched == ["m/allow-ping-ios"])
        #expect((try? a.authorize(ping, context: CallContext(platform: .android)).get())?.matched == ["d/allow-ping"])
        #expect((try? a.authorize(ping, context: CallContext(platform: .linux)).get()) == nil)
    }

    @Test("a permission's platforms apply when no capability names any (one resolution is shared only when nothing does)")
    func permissionPlatformsAlone() throws {
        let a = try authority(#"{"identifier": "m", "windows": ["main"], "permissions": ["demo:allow-ping-ios"]}"#)
        #expect((try? a.authorize(ping, context: CallContext(platform: .ios)).get())?.matched == ["m/allow-ping-ios"])
        #expect(a.authorize(ping, context: CallContext(platform: .android)).failure != nil)
        #expect(a.resolved(for: .ios) != a.resolved(for: .android))
        let shared = try authority(#"{"identifier": "m", "windows": ["main"], "permissions": ["demo:allow-ping"]}"#)
        #expect(Platform.allCases.allSatisfy { (try? shared.authorize(ping, context: CallContext(platform: $0)).get())?.matched == ["m/allow-ping"] })
    }

    @Test("scopes travel with the grant: inline first, then the permission's, then global")
    func scopes() throws {
        let manifests = ["demo": try PluginManifest.load(plugin: "demo", files: demoFiles + [("scope.toml", "[[permission]]\nidentifier = \"global\"\n[[permission.scope.deny]]\npath = \"/etc\"\n")])]
        let caps = try Capability.decodeFile(#"{"identifier": "s", "windows": ["main"], "permissions": [{"identifier": "demo:allow-ping", "allow": [{"path": "/home"}]}, "demo:global"]}"#, path: "c.json")
        let a = try Authority(manifests: manifests, capabilities: caps)
        let grant = try a.authorize(ping, context: CallContext()).get()
        #expect(grant.allow == [["path": "/home"]])
        #expect(grant.globalDeny == [["path": "/etc"]])
    }

    @Test("an unknown permission of a hosted plugin is a load error listing the valid ids")
    func unknownPermission() {
        #expect(throws: ACLError.self) { try authority(#"{"identifier": "x", "windows": ["main"], "permissions": ["demo:allow-pong"]}"#) }
        do {
            _ = try authority(#"{"identifier": "x", "windows": ["main"], "permissions": ["demo:allow-pong"]}"#)
        } catch let error as ACLError {
            #expect(error.message == "Permission demo:allow-pong not found, expected one of demo:allow-ping, demo:allow-ping-ios, demo:default, demo:deny-ping")
        } catch {}
    }

    @Test("permissions of plugins the bridge does not host are skipped")
    func foreignPlugins() throws {
        let a = try authority(#"{"identifier": "x", "windows": ["main"], "permissions": ["core:default", "fs:read", "demo:default"]}"#)
        #expect((try? a.authorize(ping, context: CallContext()).get()) != nil)
    }
}

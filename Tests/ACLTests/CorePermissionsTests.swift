@testable import BridgeACL
import BridgeCall
import BridgeJSON
import BridgeProtocol
import TestSupport
import Testing

/// An authority over the compiled-in core permissions (and the demo plugin) for one capability.
private func coreAuthority(_ permissions: String, messages: ACLMessages = .verbose,
                           warn: (String) -> Void = { _ in }) throws -> Authority {
    var manifests = try CorePermissions.manifests()
    manifests["demo"] = try PluginManifest.load(plugin: "demo", files: demoFiles)
    let capabilities = try Capability.decodeFile(#"{"identifier": "main", "windows": ["main"], "permissions": \#(permissions)}"#, path: "caps.json")
    var foreign = Set<String>()
    for capability in capabilities {
        for entry in capability.permissions { foreign.formUnion(ACLSetup.unhosted(entry.identifier, manifests: manifests)) }
    }
    if !foreign.isEmpty { warn(foreign.sorted().joined(separator: ", ")) }
    return try Authority(manifests: manifests, capabilities: capabilities, messages: messages)
}

private func event(_ command: String) -> CommandName { CommandName(asSent: "event", command: command)! }

@Suite("Core permissions: core:event and core:default, as Tauri's build defines them")
struct CorePermissionsTests {
    static let commands = ["listen", "unlisten", "emit", "emit_to"]

    @Test("core:event has Tauri's allow/deny pair per command and a default set of the four allows")
    func manifest() throws {
        let manifests = try CorePermissions.manifests()
        let event = try #require(manifests["core:event"])
        #expect(event.defaultSet?.permissions == ["allow-listen", "allow-unlisten", "allow-emit", "allow-emit-to"])
        #expect(event.identifiers == ["allow-emit", "allow-emit-to", "allow-listen", "allow-unlisten", "default",
                                      "deny-emit", "deny-emit-to", "deny-listen", "deny-unlisten"])
        #expect(event.permission("allow-emit-to")?.allow == ["emit_to"])
        #expect(event.permission("deny-listen")?.deny == ["listen"])
        let core = try #require(manifests["core"])
        #expect(core.defaultSet?.permissions == CorePermissions.plugins.map { "\($0):default" })
        #expect(core.defaultSet?.permissions.contains("core:event:default") == true)
    }

    @Test("core:default includes core:event:default: each event command is allowed under plugin:event|…",
          arguments: ["core:default", "core:event:default"])
    func defaultSetsGrantEvents(entry: String) throws {
        let a = try coreAuthority(#"["\#(entry)"]"#)
        let acl = a.resolved(for: .ios)
        for command in CorePermissionsTests.commands {
            #expect(acl.allowed["plugin:event|\(command)"]?.map(\.permission) == ["allow-\(CommandPermissions.slug(command))"])
            #expect((try? a.authorize(event(command), context: CallContext(window: "main")).get()) != nil)
        }
        if entry == "core:event:default" {
            #expect(acl.allowed.keys.allSatisfy { $0.hasPrefix("plugin:event|") })
        } else {
            // core:default grants every core plugin's default set, as crates/tauri/build.rs builds them.
            #expect(acl.allowed["plugin:app|version"] != nil && acl.allowed["plugin:path|join"] != nil && acl.allowed["plugin:window|title"] != nil)
            #expect(acl.allowed["plugin:window|set_title"] == nil, "a setter is not in core:window:default")
            #expect(acl.allowed["plugin:app|app_show"] == nil && acl.allowed["plugin:webview|create_webview"] == nil)
        }
    }

    @Test("a capability without core:event refuses listen with Tauri's message, naming the plugin as the command does")
    func refusedWithoutPermission() throws {
        let a = try coreAuthority(#"["demo:default"]"#)
        guard case .failure(let refusal) = a.authorize(event("listen"), context: CallContext(window: "main")) else {
            Issue.record("listen allowed without a core:event permission")
            return
        }
        #expect(refusal.code == .notAllowed)
        #expect(refusal.message == "event.listen not allowed. Permissions associated with this command: event:allow-listen, event:default")
        // The error's data names them as a capability does.
        #expect(refusal.data["permissions"] == ["core:event:allow-listen", "core:event:default"])
        #expect(refusal.data["command"] == "plugin:event|listen")
        let terse = try coreAuthority(#"["demo:default"]"#, messages: .terse)
        guard case .failure(let short) = terse.authorize(event("emit_to"), context: CallContext(window: "main")) else {
            Issue.record("emit_to allowed without a core:event permission")
            return
        }
        #expect(short.message == "Command plugin:event|emit_to not allowed by ACL")
        // A command the event plugin does not have: Tauri's "Command not found".
        guard case .failure(let unknown) = a.authorize(event("listenAll"), context: CallContext(window: "main")) else {
            Issue.record("an unknown event command allowed")
            return
        }
        #expect(unknown.message == "event.listenAll not allowed. Command not found")
    }

    @Test("one permission grants its command only; a deny wins over core:default")
    func singlePermissionsAndDenies() throws {
        let a = try coreAuthority(#"["core:event:allow-listen"]"#)
        #expect((try? a.authorize(event("listen"), context: CallContext(window: "main")).get()) != nil)
        #expect((try? a.authorize(event("emit"), context: CallContext(window: "main")).get()) == nil)
        #expect((try? a.authorize(event("listen"), context: CallContext(window: "settings")).get()) == nil)
        let denied = try coreAuthority(#"["core:default", "core:event:deny-emit"]"#)
        #expect((try? denied.authorize(event("listen"), context: CallContext(window: "main")).get()) != nil)
        guard case .failure(let refusal) = denied.authorize(event("emit"), context: CallContext(window: "main")) else {
            Issue.record("emit allowed despite core:event:deny-emit")
            return
        }
        #expect(refusal.message.hasPrefix("event.emit explicitly denied on origin local"))
    }

    @Test("an unknown core permission id is a load error listing the valid ids (core:window:allow-shwo too)")
    func unknownPermission() {
        do {
            _ = try coreAuthority(#"["core:event:allow-listen-all"]"#)
            Issue.record("core:event:allow-listen-all loaded")
        } catch let error as ACLError {
            #expect(error.message.hasPrefix("Permission core:event:allow-listen-all not found, expected one of core:event:allow-emit, "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        do {
            _ = try coreAuthority(#"["core:window:allow-shwo"]"#)
            Issue.record("core:window:allow-shwo loaded")
        } catch let error as ACLError {
            #expect(error.message.hasPrefix("Permission core:window:allow-shwo not found, expected one of "))
            #expect(error.message.contains("core:window:allow-show"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("every core set core:default names is hosted: only other plugins are skipped and named in the warning")
    func otherCoreSetsSkipped() throws {
        var warning = ""
        _ = try coreAuthority(#"["core:default", "core:window:allow-theme", "fs:read"]"#) { warning = $0 }
        #expect(warning == "fs")
        var none = "none"
        _ = try coreAuthority(#"["core:event:default", "demo:default"]"#) { none = $0 }
        #expect(none == "none")
    }

    @Test("the built-in capability grants every core plugin's default set beside the plugins' default sets")
    func builtIn() throws {
        var manifests = try CorePermissions.manifests()
        manifests["demo"] = try PluginManifest.load(plugin: "demo", files: demoFiles)
        let builtIn = CapabilitySource.builtIn(plugins: manifests.values.sorted { $0.plugin < $1.plugin })
        #expect(builtIn.permissions.map(\.identifier.text) == CorePermissions.plugins.sorted().map { "\($0):default" } + ["demo:default"])
        let a = try Authority(manifests: manifests, capabilities: [builtIn])
        for command in CorePermissionsTests.commands {
            #expect((try? a.authorize(event(command), context: CallContext(window: "main")).get()) != nil)
        }
    }

    @Test("the committed permissions/core files are what the bridge compiles in")
    func generatedFilesCompiledIn() {
        let generated = CorePermissions.generatedFiles().sorted { $0.path < $1.path }
        #expect(generated.map(\.path) == CorePermissions.embeddedPermissionFiles.map(\.path))
        #expect(generated.map(\.text) == CorePermissions.embeddedPermissionFiles.map(\.text))
    }
}

@Suite("the core manifests built as values are what the generated files load to")
struct GeneratedCoreManifestTests {
    @Test("every core plugin's manifest, and core:default, equal the files' (permissions in any order)")
    func agree() throws {
        // The files are Tauri 2.0.6's; later versions add to core:app (`CorePermissions.added`).
        let built = try CorePermissions.manifests(.baseline)
        let read = try CorePermissions.manifestsFromFiles()
        #expect(CorePermissions.setMembers == CorePermissions.plugins.map { $0 + ":default" })
        #expect(Set(built.keys) == Set(read.keys))
        for (key, manifest) in read {
            let mine = try #require(built[key])
            #expect(mine.defaultSet == manifest.defaultSet, "\(key)")
            #expect(mine.sets == manifest.sets, "\(key)")
            #expect(mine.permissions.sorted { $0.identifier < $1.identifier } == manifest.permissions.sorted { $0.identifier < $1.identifier }, "\(key)")
        }
    }
}

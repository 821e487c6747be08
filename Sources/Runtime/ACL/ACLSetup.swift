import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeMatching

/// Builds the authority the bridge runs with, from the hosted plugins' compiled-in permission
/// files and the capabilities in force.
public enum ACLSetup {
    /// The plugins' manifests, by plugin name, and the core permissions the bridge hosts
    /// (`core`, the `core:default` set; `core:event`).
    public static func manifests(_ plugins: [any Plugin], versions: ModelledVersions = .newest) throws(ACLError) -> [String: PluginManifest] {
        try store(plugins, versions: versions).all
    }

    /// The same manifests, each plugin's generated one built when first needed.
    public static func store(_ plugins: [any Plugin], versions: ModelledVersions = .newest) throws(ACLError) -> ManifestStore {
        var built: [String: PluginManifest] = [:]
        var embedded: [String: ManifestStore.Embedded] = [:]
        var generated = CorePermissions.sources(versions)
        generated.reserveCapacity(generated.count + plugins.count)
        for plugin in plugins {
            if let permissions = plugin.generatedPermissions {
                generated[plugin.name] = permissions
                continue
            }
            let files = plugin.permissionFiles
            var compiled: [String: String] = [:]
            for file in files { if let json = file.compiled { compiled["permissions/\(plugin.name)/\(file.path)"] = json } }
            let named = files.map { (path: "permissions/\(plugin.name)/\($0.path)", text: $0.text) }
            // Files that all carry a compiled form are compiled in (`bridge-generate`'s, checked
            // by tests): parsed at first need. Others (a `--plugin-dir` plugin's) are read now, so
            // that a malformed one stops the start.
            if !files.isEmpty, compiled.count == files.count {
                embedded[plugin.name] = ManifestStore.Embedded(files: named, compiled: compiled, reach: plugin.setsReachOtherPlugins)
            } else {
                built[plugin.name] = try PluginManifest.load(plugin: plugin.name, files: named, compiled: compiled)
            }
        }
        return ManifestStore(built: built, embedded: embedded, generated: generated)
    }

    /// The authority for `plugins` under the capabilities at `capabilitiesPath` (or the
    /// built-in one).
    /// - Parameter warn: told once about permissions of plugins the bridge does not host.
    /// - Parameter windows: the windows the built-in capability is for, without `capabilitiesPath`.
    /// - Parameter app: the app's own ACL manifest (`AppManifest::commands` of its `build.rs`, its
    ///   `src-tauri/permissions/` files), when the app is known: what it declares is keyed
    ///   `__app-acl__` and then app commands are checked; `nil` (no app) skips bare ids.
    public static func authority(plugins: [any Plugin], capabilitiesPath: String?, messages: ACLMessages, windows: [String] = ["main"],
                                 versions: ModelledVersions = .newest, app: (commands: [String], files: [PermissionFile])? = nil,
                                 warn: (String) -> Void) throws(ACLError) -> Authority {
        var manifests = try store(plugins, versions: versions)
        var appManifest: PluginManifest? = nil
        if let app { appManifest = try ACLSetup.appManifest(commands: app.commands, files: app.files) }
        // The built-in capability grants the hosted plugins' defaults: the app's is not one.
        // It is resolved for each plugin at its first call, where capabilities an app wrote are
        // checked whole at start, as Tauri's build checks them. What could fail or reach an
        // unhosted plugin is still checked now: the entries of manifests read from files (a
        // `--plugin-dir` plugin's) and of manifests whose sets name another plugin's permission;
        // a generated default set names only its own plugin's permissions (a wrong one is said
        // at the plugin's first call).
        guard let capabilitiesPath else {
            if let appManifest { manifests = manifests.adding(PluginManifest.appKey, appManifest) }
            // Kept symbolic: a start reads no entry of a plugin whose sets name only its own
            // permissions (a kit plugin declares it, the generator computes it for files).
            let reaching = manifests.readOrReaching.filter { $0 != PluginManifest.appKey && manifests.hasDefaultSet($0) }
            let checked = CapabilitySource.builtIn(plugins: reaching, windows: windows)
            var foreign = Set<String>()
            for entry in checked.permissions { foreign.formUnion(unhosted(entry.identifier, manifests: manifests)) }
            if !foreign.isEmpty {
                warn("skipping permissions of plugins the bridge does not host: \(foreign.sorted().joined(separator: ", "))")
            }
            // Expanding them now: an unknown permission is a start-up error, as it was whole.
            _ = try ResolvedACL(manifests: manifests, capabilities: [checked], target: "")
            return Authority(store: manifests, builtInFor: windows, reaching: reaching, messages: messages, unhosted: foreign)
        }
        if let appManifest { manifests = manifests.adding(PluginManifest.appKey, appManifest) }
        let capabilities = try CapabilitySource.load(capabilitiesPath)
        for file in CapabilitySource.unreadFiles(in: capabilitiesPath) {
            warn("\(file) is not read: Tauri's build reads capability files ending .json or .toml only (tauri-utils acl/build.rs, CAPABILITY_FILE_EXTENSIONS), so the app grants nothing it holds; rename it .json (JSON5's comments and trailing commas removed) or write it as TOML")
        }
        var foreign = Set<String>()
        for capability in capabilities {
            for entry in capability.permissions { foreign.formUnion(unhosted(entry.identifier, manifests: manifests)) }
        }
        // With the app known, a bare id is checked against its manifest below, not skipped.
        if app != nil { foreign.remove("(app commands)") }
        if !foreign.isEmpty {
            warn("skipping permissions of plugins the bridge does not host: \(foreign.sorted().joined(separator: ", "))")
        }
        do throws(ACLError) {
            // tauri-build `validate_capabilities`: a bare id needs the app manifest.
            if app != nil, appManifest == nil {
                for capability in capabilities {
                    for entry in capability.permissions where entry.identifier.prefix == nil {
                        throw ACLError("Permission \(entry.identifier) not found: the app has no ACL manifest (no AppManifest::new().commands(&[…]) in build.rs, no src-tauri/permissions/), so Tauri's build refuses app permission ids",
                                       file: capability.file).placing(entry.identifier.text)
                    }
                }
            }
            let authority = try Authority(validating: manifests, capabilities: capabilities, messages: messages)
            try checkScopes(authority, plugins: plugins)
            return authority
        } catch {
            throw error.placedInFile
        }
    }

    /// The app's manifest (tauri-build `app_manifest_permissions`): `allow-`/`deny-` for each
    /// listed command, as `permissions/autogenerated/<command>.toml`, then its own files; `nil`
    /// when it declares nothing (Tauri then adds no `__app-acl__` manifest).
    static func appManifest(commands: [String], files: [PermissionFile]) throws(ACLError) -> PluginManifest? {
        let generated = commands.map { ("permissions/autogenerated/\($0).toml", CommandPermissions.text(command: $0)) }
        let own = files.map { ("permissions/\($0.path)", $0.text) }
        let manifest = try PluginManifest.load(plugin: PluginManifest.appKey, files: generated + own)
        return manifest.defaultSet == nil && manifest.sets.isEmpty && manifest.permissions.isEmpty ? nil : manifest
    }

    /// The plugins the bridge does not host that `authority`'s capabilities name (directly or
    /// through the sets they expand), app commands left out.
    public static func unhostedPlugins(_ authority: Authority) -> Set<String> {
        if let known = authority.unhosted { return known }
        var out = Set<String>()
        for capability in authority.capabilities {
            for entry in capability.permissions { out.formUnion(unhosted(entry.identifier, manifests: authority.store)) }
        }
        out.remove("(app commands)")
        return out
    }

    /// Whether a capability that applies to `context` — its platform, window or webview, and
    /// origin — names the unhosted `plugin`: a capability for `[linux, macOS, windows]` grants an
    /// updater nothing on iOS, as Tauri resolves it (`ResolvedAcl::resolve`: a capability whose
    /// platforms exclude the target is skipped).
    public static func grants(unhosted plugin: String, _ authority: Authority, context: CallContext) -> Bool {
        let target = context.platform.tauriTarget
        let origin = try? CallOrigin(context.origin)
        for capability in authority.capabilities where capability.isActive(on: target) {
            guard capability.windows.contains(where: { $0.matches(context.window) }) || capability.webviews.contains(where: { $0.matches(context.webview) }) else { continue }
            switch origin {
            case .local?: guard capability.local else { continue }
            case .remote(let url)?: guard capability.remote.contains(where: { $0.matches(url) }) else { continue }
            case nil: continue
            }
            if capability.permissions.contains(where: { unhosted($0.identifier, manifests: authority.store).contains(plugin) }) { return true }
        }
        return false
    }

    /// The plugins the bridge does not host that a capability entry names, or reaches through
    /// the sets it expands: `core:default` reaches `core:window`, `core:app`, … (skipped), and
    /// `core:event` (hosted).
    static func unhosted(_ identifier: Identifier, manifests: [String: PluginManifest]) -> Set<String> {
        unhosted(identifier, manifests: ManifestStore(manifests))
    }

    static func unhosted(_ identifier: Identifier, manifests: ManifestStore) -> Set<String> {
        var out = Set<String>()
        var seen = Set<String>()
        func visit(_ id: Identifier) {
            let prefix = id.prefix ?? PluginManifest.appKey
            guard manifests.contains(prefix) else {
                out.insert(id.prefix ?? "(app commands)")
                return
            }
            guard seen.insert(id.text).inserted else { return }
            for member in manifests.setMembers(prefix, id.base) ?? [] {
                let qualified = member.utf8.contains(UInt8(ascii: ":"))
                // A permission (not a set) of this hosted plugin reaches nothing: skipped before
                // its identifier is built and parsed, which cost a sixth of a cold invoke.
                if !qualified && member != "default" && manifests.setMembers(prefix, member) == nil { continue }
                let full = qualified ? member : (prefix == PluginManifest.appKey ? member : "\(prefix):\(member)")
                if let next = try? Identifier(full) { visit(next) }
            }
        }
        visit(identifier)
        return out
    }

    /// Every scope entry granted to a hosted plugin, on every platform, must be one the plugin
    /// understands: a malformed entry is a start-up error, not a refusal on some later call.
    static func checkScopes(_ authority: Authority, plugins: [any Plugin]) throws(ACLError) {
        // Each entry once per plugin: the platforms mostly resolve to the same grants.
        var checked: [String: Set<JSON>] = [:]
        func fresh(_ plugin: String, _ entry: JSON) -> Bool { checked[plugin, default: []].insert(entry).inserted }
        for platform in Platform.allCases {
            let acl = authority.resolved(for: platform)
            // The grants that carry a scope, gathered once: most carry none, and building each
            // plugin's view of every command (and each entry's origin) cost a sixth of a cold invoke.
            var scoped: [(name: String, grant: ResolvedACL.Grant)] = []
            for table in [acl.allowed, acl.denied] {
                for (name, grants) in table {
                    for grant in grants where grant.scope.map({ !$0.allow.isEmpty || !$0.deny.isEmpty }) ?? false {
                        scoped.append((name, grant))
                    }
                }
            }
            for plugin in plugins {
                if let global = acl.globalScope[plugin.name] {
                    for entry in global.allow + global.deny where fresh(plugin.name, entry) {
                        if let problem = plugin.scopeProblem(entry) {
                            throw ACLError("scope of \(plugin.name) (from a global scope permission): \(problem)")
                        }
                    }
                }
                guard !scoped.isEmpty else { continue }
                let prefix = "plugin:\(plugin.name)|"
                for (name, grant) in scoped where name.hasPrefix(prefix) {
                    for entry in (grant.scope?.allow ?? []) + (grant.scope?.deny ?? []) where fresh(plugin.name, entry) {
                        if let problem = plugin.scopeProblem(entry) {
                            throw ACLError("scope of \(plugin.name) (from capability '\(grant.capability)', permission '\(grant.entry)'): \(problem)")
                        }
                    }
                }
            }
        }
    }
}

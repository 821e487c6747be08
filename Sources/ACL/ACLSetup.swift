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
        var out = try CorePermissions.manifests(versions)
        for plugin in plugins {
            if let generated = plugin.generatedPermissions {
                out[plugin.name] = PluginManifest.generated(plugin: plugin.name, generated)
                continue
            }
            let files = plugin.permissionFiles
            var compiled: [String: String] = [:]
            for file in files { if let json = file.compiled { compiled["permissions/\(plugin.name)/\(file.path)"] = json } }
            out[plugin.name] = try PluginManifest.load(
                plugin: plugin.name,
                files: files.map { ("permissions/\(plugin.name)/\($0.path)", $0.text) }, compiled: compiled)
        }
        return out
    }

    /// The authority for `plugins` under the capabilities at `capabilitiesPath` (or the
    /// built-in one).
    /// - Parameter warn: told once about permissions of plugins the bridge does not host.
    /// - Parameter windows: the windows the built-in capability is for, without `capabilitiesPath`.
    public static func authority(plugins: [any Plugin], capabilitiesPath: String?, messages: ACLMessages, windows: [String] = ["main"],
                                 versions: ModelledVersions = .newest, warn: (String) -> Void) throws(ACLError) -> Authority {
        let manifests = try manifests(plugins, versions: versions)
        let capabilities = try capabilitiesPath.map { (path) throws(ACLError) in try CapabilitySource.load(path) }
            ?? [CapabilitySource.builtIn(plugins: manifests.values.sorted { $0.plugin < $1.plugin }, windows: windows)]
        if let capabilitiesPath {
            for file in CapabilitySource.unreadFiles(in: capabilitiesPath) {
                warn("\(file) is not read: Tauri's build reads capability files ending .json or .toml only (tauri-utils acl/build.rs, CAPABILITY_FILE_EXTENSIONS), so the app grants nothing it holds; rename it .json (JSON5's comments and trailing commas removed) or write it as TOML")
            }
        }
        var foreign = Set<String>()
        for capability in capabilities {
            for entry in capability.permissions { foreign.formUnion(unhosted(entry.identifier, manifests: manifests)) }
        }
        if !foreign.isEmpty {
            warn("skipping permissions of plugins the bridge does not host: \(foreign.sorted().joined(separator: ", "))")
        }
        do {
            let authority = try Authority(manifests: manifests, capabilities: capabilities, messages: messages)
            try checkScopes(authority, plugins: plugins)
            return authority
        } catch {
            throw error.placedInFile
        }
    }

    /// The plugins the bridge does not host that `authority`'s capabilities name (directly or
    /// through the sets they expand), app commands left out.
    public static func unhostedPlugins(_ authority: Authority) -> Set<String> {
        var out = Set<String>()
        for capability in authority.capabilities {
            for entry in capability.permissions { out.formUnion(unhosted(entry.identifier, manifests: authority.manifests)) }
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
            if capability.permissions.contains(where: { unhosted($0.identifier, manifests: authority.manifests).contains(plugin) }) { return true }
        }
        return false
    }

    /// The plugins the bridge does not host that a capability entry names, or reaches through
    /// the sets it expands: `core:default` reaches `core:window`, `core:app`, … (skipped), and
    /// `core:event` (hosted).
    static func unhosted(_ identifier: Identifier, manifests: [String: PluginManifest]) -> Set<String> {
        var out = Set<String>()
        var seen = Set<String>()
        func visit(_ id: Identifier) {
            guard let prefix = id.prefix else {
                out.insert("(app commands)")
                return
            }
            guard let manifest = manifests[prefix] else {
                out.insert(prefix)
                return
            }
            guard seen.insert(id.text).inserted else { return }
            let set = id.base == "default" ? manifest.defaultSet : manifest.set(id.base)
            for member in set?.permissions ?? [] {
                let qualified = member.utf8.contains(UInt8(ascii: ":"))
                // A permission (not a set) of this hosted plugin reaches nothing: skipped before
                // its identifier is built and parsed, which cost a sixth of a cold invoke.
                if !qualified && member != "default" && manifest.set(member) == nil { continue }
                let full = qualified ? member : "\(prefix):\(member)"
                if let next = try? Identifier(full) { visit(next) }
            }
        }
        visit(identifier)
        return out
    }

    /// Every scope entry granted to a hosted plugin, on every platform, must be one the plugin
    /// understands: a malformed entry is a start-up error, not a refusal on some later call.
    static func checkScopes(_ authority: Authority, plugins: [any Plugin]) throws(ACLError) {
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
                    for entry in global.allow + global.deny {
                        if let problem = plugin.scopeProblem(entry) {
                            throw ACLError("scope of \(plugin.name) (from a global scope permission): \(problem)")
                        }
                    }
                }
                guard !scoped.isEmpty else { continue }
                let prefix = "plugin:\(plugin.name)|"
                for (name, grant) in scoped where name.hasPrefix(prefix) {
                    for entry in (grant.scope?.allow ?? []) + (grant.scope?.deny ?? []) {
                        if let problem = plugin.scopeProblem(entry) {
                            throw ACLError("scope of \(plugin.name) (from capability '\(grant.capability)', permission '\(grant.entry)'): \(problem)")
                        }
                    }
                }
            }
        }
    }
}

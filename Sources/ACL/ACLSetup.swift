import BridgeCall
import BridgeDevice
import BridgeJSON

/// Builds the authority the bridge runs with, from the hosted plugins' compiled-in permission
/// files and the capabilities in force.
public enum ACLSetup {
    /// The plugins' manifests, by plugin name, and the core permissions the bridge hosts
    /// (`core`, the `core:default` set; `core:event`).
    public static func manifests(_ plugins: [any Plugin]) throws(ACLError) -> [String: PluginManifest] {
        var out = try CorePermissions.manifests()
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
                                 warn: (String) -> Void) throws(ACLError) -> Authority {
        let manifests = try manifests(plugins)
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
                let full = member.utf8.contains(UInt8(ascii: ":")) ? member : "\(prefix):\(member)"
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
            for plugin in plugins {
                let prefix = "plugin:\(plugin.name)|"
                var entries = (acl.globalScope[plugin.name].map { $0.allow + $0.deny } ?? []).map { ($0, "a global scope permission") }
                for (name, grants) in acl.allowed.merging(acl.denied, uniquingKeysWith: +) where name.hasPrefix(prefix) {
                    for grant in grants {
                        entries += ((grant.scope?.allow ?? []) + (grant.scope?.deny ?? [])).map {
                            ($0, "capability '\(grant.capability)', permission '\(grant.entry)'")
                        }
                    }
                }
                for (entry, origin) in entries {
                    if let problem = plugin.scopeProblem(entry) { throw ACLError("scope of \(plugin.name) (from \(origin)): \(problem)") }
                }
            }
        }
    }
}

import BridgeRouter

/// Builds the authority the bridge runs with, from the hosted plugins' compiled-in permission
/// files and the capabilities in force.
public enum ACLSetup {
    /// The plugins' manifests, by plugin name.
    public static func manifests(_ plugins: [any Plugin]) throws(ACLError) -> [String: PluginManifest] {
        var out: [String: PluginManifest] = [:]
        for plugin in plugins {
            out[plugin.name] = try PluginManifest.load(
                plugin: plugin.name,
                files: plugin.permissionFiles.map { ("permissions/\(plugin.name)/\($0.path)", $0.text) })
        }
        return out
    }

    /// The authority for `plugins` under the capabilities at `capabilitiesPath` (or the
    /// built-in one).
    /// - Parameter warn: told once about permissions of plugins the bridge does not host.
    public static func authority(plugins: [any Plugin], capabilitiesPath: String?, messages: ACLMessages,
                                 warn: (String) -> Void) throws(ACLError) -> Authority {
        let manifests = try manifests(plugins)
        let capabilities = try capabilitiesPath.map { (path) throws(ACLError) in try CapabilitySource.load(path) }
            ?? [CapabilitySource.builtIn(plugins: manifests.values.sorted { $0.plugin < $1.plugin })]
        var foreign = Set<String>()
        for capability in capabilities {
            for entry in capability.permissions where manifests[entry.identifier.prefix ?? ""] == nil {
                foreign.insert(entry.identifier.prefix ?? "(app commands)")
            }
        }
        if !foreign.isEmpty {
            warn("skipping permissions of plugins the bridge does not host: \(foreign.sorted().joined(separator: ", "))")
        }
        return try Authority(manifests: manifests, capabilities: capabilities, messages: messages)
    }
}

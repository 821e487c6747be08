import BridgeCall
import BridgeStreams

/// What the bridge says about the versions it models (`bridge --version --app DIR`, and the
/// start of a session with `--app`): each pin, where it came from, the changes it answers
/// with, and the changes at or below the pin that the bridge does not model yet — so a session
/// is never silently older than its app.
enum VersionReport {
    /// One line per component pinned or with modelled changes.
    static func lines(_ versions: ModelledVersions) -> [String] {
        var components = ["tauri"]
        if versions.api != nil { components.append("@tauri-apps/api") }
        let plugins = Set(versions.plugins.keys).union(UpstreamChanges.all.map(\.component)).union(UpstreamChanges.notModelled.map(\.component))
        components += plugins.subtracting(["tauri"]).sorted()
        return components.map { component in
            let version = versions.version(of: component)
            let source = versions.sources[component].map { " (\($0))" } ?? (component == "tauri" ? " (the newest modelled)" : " (as Tauri's)")
            var line = "\(component) \(version)\(source)"
            let applied = UpstreamChanges.all.filter { $0.component == component && versions.has($0) }.map { "\($0.since)" }
            if !applied.isEmpty { line += "; answers with the changes of \(Set(applied).sorted().joined(separator: ", "))" }
            let missing = UpstreamChanges.notModelled.filter { $0.component == component && version >= $0.since }
            if !missing.isEmpty {
                line += "; not modelled yet: " + missing.map { "\($0.summary) (\($0.since))" }.joined(separator: "; ")
            }
            if let newest = component == "tauri" ? UpstreamChanges.newestTauri : UpstreamChanges.newestPlugins[component], version > newest {
                line += "; newer than the newest modelled (\(newest)): answered as \(newest)"
            }
            return line
        }
    }

    /// Tells the session's stderr what it models (only what the app pins, one line each).
    static func announce(_ versions: ModelledVersions) {
        let pinned = Set(versions.sources.keys)
        for line in lines(versions) where pinned.contains(String(line.prefix { $0 != " " })) {
            Log.error("modelling \(line)")
        }
    }
}

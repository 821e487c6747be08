import BridgeCall
import BridgeJSON
import BridgeSystem

/// The permission manifests of the plugins the bridge hosts, by key (`fs`, `core:event`,
/// `__app-acl__`), each built when the ACL first needs it: a plugin whose permissions Tauri's
/// build generates (`GeneratedPermissions`) costs a start its command names and its sets, and
/// its permissions (fs declares hundreds, with their scopes) are built at its first call.
/// Manifests read from files (a plugin's `permissions/`, the app's, Tauri's core) are built at
/// once, so that a malformed file is a start-up error.
public final class ManifestStore: Sendable {
    /// A plugin's permission files compiled into the binary (`bridge-generate`'s sources, their
    /// compiled forms checked by `CompiledPermissionsTests`): parsed when first needed.
    struct Embedded: Sendable {
        let files: [(path: String, text: String)]
        let compiled: [String: String]
        /// `Plugin.setsReachOtherPlugins`, computed by the generator.
        let reach: Bool?
    }

    private let built: [String: PluginManifest]
    private let embedded: [String: Embedded]
    private let generated: [String: GeneratedPermissions]
    private let made = SharedLock<[String: PluginManifest]>([:])
    /// `reachesOthers`' answers, by key: the start asks once per entry, each call's resolution again.
    private let crossing = SharedLock<[String: Bool]>([:])

    /// Every manifest given, built.
    public convenience init(_ manifests: [String: PluginManifest]) {
        self.init(built: manifests, embedded: [:], generated: [:])
    }

    init(built: [String: PluginManifest], embedded: [String: Embedded], generated: [String: GeneratedPermissions]) {
        self.built = built
        self.embedded = embedded
        self.generated = generated
    }

    /// A store with `manifest` added under `key` (the app's).
    func adding(_ key: String, _ manifest: PluginManifest) -> ManifestStore {
        var built = built
        built[key] = manifest
        return ManifestStore(built: built, embedded: embedded, generated: generated)
    }

    /// The manifest under `key`, built on first use.
    public subscript(key: String) -> PluginManifest? {
        if let manifest = built[key] { return manifest }
        guard embedded[key] != nil || generated[key] != nil else { return nil }
        return made.withLock { made in
            if let manifest = made[key] { return manifest }
            let manifest: PluginManifest
            if let files = embedded[key] {
                do throws(ACLError) {
                    manifest = try PluginManifest.load(plugin: key, files: files.files, compiled: files.compiled)
                } catch {
                    preconditionFailure("the compiled-in permission files of \(key) do not load (run swift run bridge-generate): \(error.message)")
                }
            } else {
                manifest = PluginManifest.generated(plugin: key, generated[key]!)
            }
            made[key] = manifest
            return manifest
        }
    }

    /// Whether the manifest under `key` was read from files (a plugin's `permissions/`, the
    /// app's), rather than generated from values.
    func isRead(_ key: String) -> Bool { built[key] != nil }

    /// The keys whose capability entries are resolved for every plugin and expanded at start:
    /// manifests read from files, and those whose sets can name another manifest's permission
    /// (declared when known, so a start reads no set of a plugin that declares it does not).
    var readOrReaching: [String] {
        Array(built.keys) + embedded.filter { $0.value.reach != false }.map(\.key).filter(reachesOthers)
            + generated.filter { $0.value.setsReachOtherPlugins != false }.map(\.key).filter(reachesOthers)
    }

    /// Whether a manifest is kept under `key` (nothing built).
    public func contains(_ key: String) -> Bool { built[key] != nil || embedded[key] != nil || generated[key] != nil }

    /// Every key.
    public var keys: [String] { Array(built.keys) + Array(embedded.keys) + Array(generated.keys) }

    /// Every manifest, built.
    public var all: [String: PluginManifest] {
        var out = built
        for key in Array(embedded.keys) + Array(generated.keys) { out[key] = self[key] }
        return out
    }

    /// Whether the manifest has a default set (nothing built; of compiled-in files, only their
    /// compiled forms read).
    func hasDefaultSet(_ key: String) -> Bool {
        if let manifest = built[key] { return manifest.defaultSet != nil }
        if let files = embedded[key] {
            // A `[default]` table may sit in any of its files, as Tauri reads them; it mostly
            // sits in `default.toml`, read first (the others in path order, so what a start
            // reads does not depend on a dictionary's order).
            func hasDefault(_ json: String) -> Bool { (try? JSONParser.parse(json))?["default"] != nil }
            let conventional = "permissions/\(key)/default.toml"
            if let json = files.compiled[conventional], hasDefault(json) { return true }
            return files.compiled.filter { $0.key != conventional }.sorted { $0.key < $1.key }.contains { hasDefault($0.value) }
        }
        return generated[key]?.defaultSet != nil
    }

    /// The members of the manifest's default set (`"default"`) or of its set `name`, `nil` when
    /// it has none of that name; nothing built beyond the sets.
    func setMembers(_ key: String, _ name: String) -> [String]? {
        if embedded[key] != nil, let manifest = self[key] { return (name == "default" ? manifest.defaultSet : manifest.set(name))?.permissions }
        if let manifest = built[key] { return (name == "default" ? manifest.defaultSet : manifest.set(name))?.permissions }
        guard let source = generated[key] else { return nil }
        if name == "default" { return source.defaultSet?.permissions }
        return source.sets.first { $0.identifier == name }?.permissions
    }

    /// Whether a capability entry of this manifest can grant another manifest's commands: one
    /// of its sets names a permission with a plugin prefix (`core:default` names
    /// `core:app:default`). Those entries are resolved for every plugin; the others only for
    /// their own.
    func reachesOthers(_ key: String) -> Bool {
        if let known = crossing.withLock({ $0[key] }) { return known }
        let answer = computeReachesOthers(key)
        crossing.withLock { $0[key] = answer }
        return answer
    }

    private func computeReachesOthers(_ key: String) -> Bool {
        func qualified(_ members: [String]) -> Bool {
            members.contains { member in
                var member = member
                return member.withUTF8 { $0.contains(UInt8(ascii: ":")) }
            }
        }
        if let reach = embedded[key]?.reach ?? generated[key]?.setsReachOtherPlugins { return reach }
        if let manifest = built[key] ?? (embedded[key] != nil ? self[key] : nil) {
            return qualified(manifest.defaultSet?.permissions ?? []) || manifest.sets.contains { qualified($0.permissions) }
        }
        guard let source = generated[key] else { return false }
        return qualified(source.defaultSet?.permissions ?? []) || source.sets.contains { qualified($0.permissions) }
    }
}

import BridgeCall
import BridgeJSON
import BridgeMatching

/// The ACL compiled for one platform: per command `plugin:<p>|<c>`, the grants that allow it
/// and those that deny it, and each plugin's global scope — Tauri's `Resolved`.
public struct ResolvedACL: Sendable, Equatable {
    /// Where a command is allowed or denied, and with which scope.
    public struct Grant: Sendable, Equatable {
        public enum Context: Sendable, Equatable {
            case local
            case remote(URLPattern)
        }

        public let context: Context
        public let windows: [GlobPattern]
        public let webviews: [GlobPattern]
        /// The merged scope of the permission (inline entries first), `nil` when it has none.
        public let scope: Scope?
        /// The capability that made this grant.
        public let capability: String
        /// The permission that names the command, reached through the capability's entry (a set
        /// or `default` is expanded): Tauri's `referenced_by.permission`, e.g. `allow-share-text`.
        public let permission: String
        /// The capability's permission entry as written, without its plugin prefix (`default`).
        public let entry: String
    }

    /// Scope entries: what a command may act on.
    public struct Scope: Sendable, Equatable {
        public var allow: [JSON]
        public var deny: [JSON]

        public init(allow: [JSON] = [], deny: [JSON] = []) {
            self.allow = allow
            self.deny = deny
        }

        public var json: JSON { ["allow": .array(allow), "deny": .array(deny)] }
    }

    public private(set) var allowed: [String: [Grant]] = [:]
    public private(set) var denied: [String: [Grant]] = [:]
    public private(set) var globalScope: [String: Scope] = [:]

    /// Resolves `capabilities` against the plugins' `manifests` for `target` (a Tauri target
    /// name), as Tauri does:
    /// - capabilities in identifier order, skipped when not active on the target;
    /// - each permission entry expanded (sets recursively, `default`, other plugins' members)
    ///   and merged into one: inline scope entries first, then the scopes and commands of each
    ///   expanded permission active on the target;
    /// - an entry without commands adds its scope to its plugin's global scope (an empty one
    ///   when nothing in it is active); one with commands becomes one grant per command and
    ///   context (local first, then each remote URL).
    /// - Throws: `ACLError` for a permission the manifest does not declare.
    public init(manifests: [String: PluginManifest], capabilities: [Capability], target: String) throws(ACLError) {
        try self.init(manifests: ManifestStore(manifests), capabilities: capabilities, target: target)
    }

    /// Nothing allowed, nothing denied.
    public init() {}

    /// The same, from a store; with `only`, the grants of that manifest's commands and its
    /// global scope: the entries of other plugins whose sets name no other plugin's permission
    /// cannot reach them and are skipped, unbuilt (the rest resolves exactly as a whole).
    init(manifests: ManifestStore, capabilities: [Capability], target: String, only: String? = nil) throws(ACLError) {
        var globals: [String: [Scope]] = [:]
        var globalOrder: [String] = []
        for capability in capabilities.sorted(by: { $0.identifier < $1.identifier }) where capability.isActive(on: target) {
            for entry in capability.permissions {
                // No prefix: the app's own manifest (tauri-utils `get_permissions`).
                let plugin = entry.identifier.prefix ?? PluginManifest.appKey
                if let only, plugin != only, !manifests.reachesOthers(plugin) { continue }
                guard let manifest = manifests[plugin] else { continue }
                let expanded = try ResolvedACL.expand(entry.identifier, manifests: manifests, manifest: manifest,
                                                      file: capability.file)
                // One entry resolves as one permission: inline scope first, then the scopes and
                // commands of every permission it expands to that is active on the target.
                var allow = entry.allow, deny = entry.deny
                // Each command with the plugin and the permission that name it.
                var commandsAllow: [(plugin: String, command: String, permission: String)] = []
                var commandsDeny: [(plugin: String, command: String, permission: String)] = []
                for (owner, permission) in expanded where permission.isActive(on: target) {
                    if let a = permission.scopeAllow { allow = (allow ?? []) + a }
                    if let d = permission.scopeDeny { deny = (deny ?? []) + d }
                    commandsAllow += permission.allow.map { (owner, $0, permission.identifier) }
                    commandsDeny += permission.deny.map { (owner, $0, permission.identifier) }
                }
                let scope = allow == nil && deny == nil ? nil : Scope(allow: allow ?? [], deny: deny ?? [])
                if commandsAllow.isEmpty && commandsDeny.isEmpty {
                    if globals[plugin] == nil { globalOrder.append(plugin) }
                    globals[plugin, default: []].append(scope ?? Scope())
                    continue
                }
                var contexts: [Grant.Context] = capability.local ? [.local] : []
                contexts += capability.remote.map { .remote($0) }
                for (commands, isAllow) in [(commandsAllow, true), (commandsDeny, false)] {
                    for (owner, command, permission) in commands {
                        // A core plugin's commands are sent without `core:` (`plugin:event|listen`);
                        // the app's by their bare name (`greet`).
                        let name = owner == PluginManifest.appKey ? command : "plugin:\(CorePermissions.folderName(owner))|\(command)"
                        for context in contexts {
                            let grant = Grant(context: context, windows: capability.windows, webviews: capability.webviews,
                                              scope: scope, capability: capability.identifier, permission: permission,
                                              entry: entry.identifier.base)
                            if isAllow { allowed[name, default: []].append(grant) } else { denied[name, default: []].append(grant) }
                        }
                    }
                }
            }
        }
        for key in globalOrder {
            var merged = Scope()
            for scope in globals[key] ?? [] {
                merged.allow += scope.allow
                merged.deny += scope.deny
            }
            globalScope[key] = merged
        }
    }

    /// The permissions an identifier stands for, each with the plugin it belongs to.
    static func expand(_ identifier: Identifier, manifests: ManifestStore, manifest: PluginManifest,
                       file: String) throws(ACLError) -> [(String, Permission)] {
        let base = identifier.base
        if base == "default" {
            // tauri-build's validate_capabilities (crates/tauri-build/src/acl.rs) refuses `x:default`
            // when x has no default set: the app does not build (haptics before its default.toml).
            guard let set = manifest.defaultSet else {
                throw ACLError("Permission \(identifier) not found, expected one of \(manifest.identifiers.map { "\(manifest.plugin):\($0)" }.joined(separator: ", ")): plugin \(manifest.plugin) has no default permission set at the version modelled",
                               file: file).placing(identifier.text)
            }
            return try expand(set, manifests: manifests, manifest: manifest, file: file)
        }
        if let set = manifest.set(base) { return try expand(set, manifests: manifests, manifest: manifest, file: file) }
        if let permission = manifest.permission(base) { return [(manifest.plugin, permission)] }
        throw ACLError("Permission \(identifier) not found, expected one of \(manifest.identifiers.map(manifest.qualified).joined(separator: ", "))",
                       file: file).placing(identifier.text)
    }

    private static func expand(_ set: PermissionSet, manifests: ManifestStore, manifest: PluginManifest,
                               file: String) throws(ACLError) -> [(String, Permission)] {
        var out: [(String, Permission)] = []
        for member in set.permissions {
            if let id = try? Identifier(member), let prefix = id.prefix, let other = manifests[prefix] {
                out += try expand(id, manifests: manifests, manifest: other, file: file)
            } else if member.utf8.contains(UInt8(ascii: ":")) {
                continue  // a member from a plugin the bridge does not host
            } else if member == "default" {
                if let d = manifest.defaultSet { out += try expand(d, manifests: manifests, manifest: manifest, file: file) }
            } else if let permission = manifest.permission(member) {
                out.append((manifest.plugin, permission))
            } else if let nested = manifest.set(member) {
                out += try expand(nested, manifests: manifests, manifest: manifest, file: file)
            } else {
                throw ACLError("permission \(member) not found in set \(set.identifier)", file: file)
            }
        }
        return out
    }

    /// The resolution as the conformance fixtures write it (`expected/*.json`).
    public var json: JSON {
        func grants(_ table: [String: [Grant]]) -> JSON {
            .object(JSONObject(table.keys.sorted().map { name in
                JSONObject.Member(key: name, value: .array((table[name] ?? []).map { grant in
                    let context: JSON = switch grant.context {
                    case .local: "local"
                    case .remote(let pattern): ["remote": pattern.json]
                    }
                    return ["context": context, "scope": grant.scope?.json ?? .null,
                            "webviews": .array(grant.webviews.map { .string($0.text) }),
                            "windows": .array(grant.windows.map { .string($0.text) })]
                }))
            }))
        }
        return [
            "allowed_commands": grants(allowed),
            "denied_commands": grants(denied),
            "global_scope": .object(JSONObject(globalScope.keys.sorted().map { JSONObject.Member(key: $0, value: (globalScope[$0] ?? Scope()).json) })),
        ]
    }
}

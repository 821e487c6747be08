import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeSystem

/// How refusals are worded.
public enum ACLMessages: String, Sendable, CaseIterable {
    /// Tauri's debug-build explanations: what is missing, where the command is allowed.
    case verbose
    /// Tauri's release wording: `Command plugin:<p>|<c> not allowed by ACL`.
    case terse
}

/// The runtime side of the ACL, as Tauri 2's `RuntimeAuthority`: for each call, deny first (any
/// deny entry of the command on the platform), then an allow that matches the call's origin and
/// its window or webview; default deny. Refusals are worded as its debug build words them.
///
/// Resolution happens once per platform (once in all when nothing names a platform) and
/// decisions once per call context (window, webview, origin, platform), so the check on each
/// call is one dictionary lookup.
public final class Authority: CallAuthority, Sendable {
    /// The hosted plugins' manifests, each built when first needed.
    public let store: ManifestStore
    /// The capabilities decided by: an app's, or the built-in one (made whole only when read,
    /// `BuiltIn`).
    public var capabilities: [Capability] {
        switch source {
        case .given(let capabilities): return capabilities
        case .builtIn(let builtIn): return builtIn.whole
        }
    }
    private let source: Source

    private enum Source: Sendable {
        case given([Capability])
        case builtIn(BuiltIn)
    }

    /// The built-in capability kept symbolic — "every hosted plugin's default set, for these
    /// windows, local" — so a start pays nothing per plugin compiled in: a call's resolution
    /// makes its entries for the called manifest and the manifests whose entries can reach
    /// another (`reaching`, known at start); the whole capability is made once, when read.
    final class BuiltIn: Sendable {
        let store: ManifestStore
        let windows: [String]
        /// The manifests with a default set whose entry can grant another manifest's commands,
        /// or was read from files: resolved for every plugin.
        let reaching: [String]
        private let made = SharedLock<[Capability]?>(nil)

        init(store: ManifestStore, windows: [String], reaching: [String]) {
            self.store = store
            self.windows = windows
            self.reaching = reaching
        }

        /// The capability with every hosted plugin's default set.
        var whole: [Capability] {
            made.withLock { made in
                if let made { return made }
                let whole = [CapabilitySource.builtIn(plugins: store.keys.filter { $0 != PluginManifest.appKey && store.hasDefaultSet($0) },
                                                      windows: windows)]
                made = whole
                return whole
            }
        }

        /// The capability as a call of the manifest `key` resolves it: its own entry and the
        /// reaching ones, in the whole capability's order (the others cannot reach it).
        func capabilities(for key: String) -> [Capability] {
            var plugins = reaching
            if !reaching.contains(key), key != PluginManifest.appKey, store.hasDefaultSet(key) { plugins.append(key) }
            return [CapabilitySource.builtIn(plugins: plugins, windows: windows)]
        }
    }
    public let messages: ACLMessages
    /// Resolved at start, on every platform (capabilities an app wrote: checked whole, as
    /// Tauri's build does); `nil` for the built-in capability, resolved per plugin on demand.
    private let resolutions: [Platform: ResolvedACL]?
    /// The resolutions made on demand: a whole platform's, or one plugin's on a platform.
    private let onDemand = SharedLock<[String: ResolvedACL]>([:])
    private let decisions = SharedLock<Decisions?>(nil)

    /// The decisions of one call context, by full command name; the last one apart, since a
    /// session mostly calls one command after another (no hashing then).
    private struct Decisions {
        /// The context they were made for: held, so a context of the same storage (the usual
        /// case, a session's own) is known by identity, without comparing its labels.
        let context: CallContext
        let key: ContextKey
        var table: [String: Result<CallGrant, ResponseError>] = [:]
        var last: (full: String, decision: Result<CallGrant, ResponseError>)?

        init(_ context: CallContext) {
            self.context = context
            key = ContextKey(context)
        }

        /// Whether they were made for `context`: the same storage, or the same labels.
        func hold(_ context: CallContext) -> Bool { context.isSame(as: self.context) || ContextKey(context) == key }

        /// The decision made for `full` in `context`, if any; read in place (copying the
        /// decisions out of their lock cost a call a copy of every field).
        mutating func lookup(_ full: String, in context: CallContext) -> Result<CallGrant, ResponseError>? {
            guard hold(context) else { return nil }
            if last?.full == full { return last?.decision }
            guard let found = table[full] else { return nil }
            last = (full, found)
            return found
        }
    }

    private struct ContextKey: Equatable {
        let window: String, webview: String, origin: String, platform: Platform

        init(_ context: CallContext) {
            (window, webview, origin, platform) = (context.window, context.webview, context.origin, context.platform)
        }
    }

    /// An authority over `capabilities` for the plugins described by `manifests`.
    /// - Throws: the first `ACLError` of resolving on any platform (an unknown permission in a
    ///   hosted plugin), so problems surface at start-up rather than on some later call.
    public convenience init(manifests: [String: PluginManifest], capabilities: [Capability], messages: ACLMessages = .verbose) throws(ACLError) {
        try self.init(validating: ManifestStore(manifests), capabilities: capabilities, messages: messages)
    }

    /// An authority over capabilities an app wrote: resolved on every platform at once, so an
    /// unknown permission is a start-up error.
    public init(validating store: ManifestStore, capabilities: [Capability], messages: ACLMessages = .verbose) throws(ACLError) {
        self.store = store
        self.source = .given(capabilities)
        self.messages = messages
        var resolutions: [Platform: ResolvedACL] = [:]
        // Where no capability and no permission names platforms (most apps' files), every
        // platform resolves alike: once is enough.
        let anywhere = capabilities.allSatisfy { $0.platforms == nil }
            && store.all.values.allSatisfy { $0.permissions.allSatisfy { $0.platforms == nil } }
        var shared: ResolvedACL?
        for platform in Platform.allCases {
            if let shared {
                resolutions[platform] = shared
                continue
            }
            let acl = try ResolvedACL(manifests: store, capabilities: capabilities, target: platform.tauriTarget)
            if anywhere { shared = acl }
            resolutions[platform] = acl
        }
        self.resolutions = resolutions
        unhosted = nil
    }

    /// An authority over capabilities that name only what `store` holds (the built-in one):
    /// each plugin's grants are resolved at its first call.
    public init(store: ManifestStore, capabilities: [Capability], messages: ACLMessages = .verbose, unhosted: Set<String> = []) {
        self.store = store
        self.source = .given(capabilities)
        self.messages = messages
        self.unhosted = unhosted
        resolutions = nil
    }

    /// An authority over the built-in capability for `windows`, kept symbolic: `reaching` are
    /// the manifests (with a default set) whose entries were expanded at start.
    init(store: ManifestStore, builtInFor windows: [String], reaching: [String], messages: ACLMessages, unhosted: Set<String>) {
        self.store = store
        self.source = .builtIn(BuiltIn(store: store, windows: windows, reaching: reaching))
        self.messages = messages
        self.unhosted = unhosted
        resolutions = nil
    }

    /// The unhosted plugins the capabilities reach, when known at start (the built-in capability,
    /// resolved per plugin: `ACLSetup` checked the entries that can reach one).
    public let unhosted: Set<String>?

    /// The resolved tables for a platform (every plugin's).
    public func resolved(for platform: Platform) -> ResolvedACL {
        if let resolutions { return resolutions[platform] ?? ResolvedACL() }
        return (try? onDemand(platform.tauriTarget).get()) ?? ResolvedACL()
    }

    /// The tables of one manifest (`fs`, `core:event`, the app's) on a platform: what a call
    /// of one of its commands reads.
    private func resolved(for platform: Platform, manifest key: String) -> Result<ResolvedACL, ACLError> {
        if let resolutions { return .success(resolutions[platform] ?? ResolvedACL()) }
        return onDemand(platform.tauriTarget, only: key)
    }

    private func onDemand(_ target: String, only key: String? = nil) -> Result<ResolvedACL, ACLError> {
        let id = key.map { "\(target)|\($0)" } ?? target
        if let made = onDemand.withLock({ $0[id] }) { return .success(made) }
        do throws(ACLError) {
            let capabilities = if let key, case .builtIn(let builtIn) = source { builtIn.capabilities(for: key) } else { self.capabilities }
            let acl = try ResolvedACL(manifests: store, capabilities: capabilities, target: target, only: key)
            // Kept for the manifests the store holds: a page naming endless unknown plugins
            // keeps nothing.
            if key.map(store.contains) ?? true { onDemand.withLock { $0[id] = acl } }
            return .success(acl)
        } catch {
            return .failure(error)
        }
    }

    public func authorize(_ name: CommandName, context: CallContext) -> Result<CallGrant, ResponseError> {
        let full = name.description
        let cached = decisions.withLock { state -> Result<CallGrant, ResponseError>? in
            state?.lookup(full, in: context)
        }
        if let cached { return cached }
        let decision = decide(name, context: context)
        decisions.withLock { state in
            if state?.hold(context) != true { state = Decisions(context) }
            state?.table[full] = decision
            state?.last = (full, decision)
        }
        return decision
    }

    /// The decision for a call, computed from the resolved tables.
    public func decide(_ name: CommandName, context: CallContext) -> Result<CallGrant, ResponseError> {
        let full = name.description
        let pretty = name.isAppCommand ? name.command : "\(name.plugin).\(name.command)"
        let acl: ResolvedACL
        switch resolved(for: context.platform, manifest: grantingKey(of: name)) {
        case .success(let resolved): acl = resolved
        case .failure(let error):
            // A plugin's own default set names a permission it does not declare: Tauri's build
            // would have stopped; the call is refused with why.
            return .failure(refusal(name, "\(pretty) not allowed: its plugin's permissions do not load: \(error.message)", reason: "acl"))
        }
        let origin: CallOrigin
        do {
            origin = try CallOrigin(context.origin)
        } catch {
            return .failure(refusal(name, "\(pretty) not allowed: \(error.message)", reason: "origin"))
        }
        func matchesOrigin(_ grant: ResolvedACL.Grant) -> Bool {
            switch (grant.context, origin) {
            case (.local, .local): return true
            case (.remote(let pattern), .remote(let url)): return pattern.matches(url)
            default: return false
            }
        }
        func matchesLabel(_ grant: ResolvedACL.Grant) -> Bool {
            grant.windows.contains { $0.matches(context.window) } || grant.webviews.contains { $0.matches(context.webview) }
        }
        // Tauri 2 denies whenever the command has any deny entry on this platform, whatever its
        // origin or windows (`resolve_access` tests `….map(any).is_some()`; tauri-apps/tauri#16072
        // proposes scoping it), and its message lists every one.
        let denials = acl.denied[full] ?? []
        if !denials.isEmpty {
            let on = switch origin {
            case .local: "local"
            case .remote(let url): "remote: \(url.href)"
            }
            return .failure(refusal(name, "\(pretty) explicitly denied on origin \(on)\n\nreferenced by: \(references(denials))",
                                    reason: "denied", grants: denials))
        }
        let allows = acl.allowed[full] ?? []
        let matching = allows.filter { matchesOrigin($0) && matchesLabel($0) }
        if !matching.isEmpty {
            let global = acl.globalScope[name.plugin]
            return .success(CallGrant(allow: matching.flatMap { $0.scope?.allow ?? [] }, deny: matching.flatMap { $0.scope?.deny ?? [] },
                                      globalAllow: global?.allow ?? [], globalDeny: global?.deny ?? [],
                                      matched: matching.map { "\($0.capability)/\($0.permission)" }, compiled: CompiledScopes()))
        }
        if allows.isEmpty {
            return .failure(refusal(name, "\(pretty) not allowed. \(associatedPermissions(name))", reason: "not_granted"))
        }
        // Allowed somewhere, but not for this window, webview and origin together (Tauri's
        // origin-only message is in a branch its code never reaches: this is the one it prints).
        let url = switch origin {
        case .local: "local"
        case .remote(let url): url.href
        }
        return .failure(refusal(name, "\(pretty) not allowed on window \"\(context.window)\", webview \"\(context.webview)\", URL: \(url)\n\n\(allowedOn(allows))\n\nreferenced by: \(references(allows))",
                                reason: allows.contains(where: matchesOrigin) ? "window" : "origin", grants: allows))
    }

    private func refusal(_ name: CommandName, _ verbose: String, reason: String, grants: [ResolvedACL.Grant] = []) -> ResponseError {
        let message = messages == .terse ? "Command \(name) not allowed by ACL" : verbose
        var details: JSONObject = ["command": .string(name.description), "reason": .string(reason),
                                   "permissions": .array(permissionsAllowing(name).map(JSON.string))]
        if !grants.isEmpty {
            details["grants"] = .array(grants.map { .string("\($0.capability)/\($0.permission)") })
        }
        return .notAllowed(message, details: details)
    }

    private func references(_ grants: [ResolvedACL.Grant]) -> String {
        grants.map { "capability: \($0.capability), permission: \($0.permission)" }.joined(separator: " || ")
    }

    private func allowedOn(_ grants: [ResolvedACL.Grant]) -> String {
        "allowed on: " + grants.map { grant in
            var s = "["
            let windows = grant.windows.map { "\"\($0.text)\"" }.joined(separator: ", ")
            let webviews = grant.webviews.map { "\"\($0.text)\"" }.joined(separator: ", ")
            if !windows.isEmpty { s += "windows: \(windows), " }
            if !webviews.isEmpty { s += "webviews: \(webviews), " }
            switch grant.context {
            case .local: s += "URL: local"
            case .remote(let pattern): s += "URL: \(pattern.text)"
            }
            return s + "]"
        }.joined(separator: ", ")
    }

    /// The plugin's permissions and sets that allow the command, sorted, as a capability names
    /// them: `frak-share:allow-share-text`, `core:event:allow-listen`.
    public func permissionsAllowing(_ name: CommandName) -> [String] {
        guard let manifest = manifest(of: name) else { return [] }
        return allowing(name, in: manifest).map(manifest.qualified)
    }

    /// The identifiers (without prefix) of the manifest's permissions and sets that allow the
    /// command, sorted.
    private func allowing(_ name: CommandName, in manifest: PluginManifest) -> [String] {
        func setAllows(_ set: PermissionSet, _ seen: Set<String>) -> Bool {
            set.permissions.contains { member in
                if member == "default", let d = manifest.defaultSet, !seen.contains("default") { return setAllows(d, seen.union(["default"])) }
                if let nested = manifest.set(member), !seen.contains(member) { return setAllows(nested, seen.union([member])) }
                return manifest.permission(member)?.allow.contains(name.command) ?? false
            }
        }
        var ids: [String] = []
        if let d = manifest.defaultSet, setAllows(d, ["default"]) { ids.append("default") }
        ids += manifest.sets.filter { setAllows($0, [$0.identifier]) }.map(\.identifier)
        ids += manifest.permissions.filter { $0.allow.contains(name.command) }.map(\.identifier)
        return ids.sorted()
    }

    /// The manifest of a command's plugin: `plugin:event|listen` is the core plugin `core:event`'s
    /// (Tauri looks the key up, then `core:<key>`).
    private func manifest(of name: CommandName) -> PluginManifest? {
        if name.isAppCommand { return store[PluginManifest.appKey] }
        return store[name.plugin] ?? store["core:\(name.plugin)"]
    }

    /// The manifest whose entries grant a command: `plugin:app|version` is granted by
    /// `core:app:…` (a core plugin registered by name has an empty manifest of its own).
    private func grantingKey(of name: CommandName) -> String {
        if name.isAppCommand { return PluginManifest.appKey }
        let core = "core:\(name.plugin)"
        return store.contains(core) ? core : name.plugin
    }

    /// Whether app commands pass the ACL: when the app has an ACL manifest, as in Tauri
    /// (`RuntimeAuthority::has_app_manifest`); otherwise they are allowed everywhere.
    public var checksAppCommands: Bool { store.contains(PluginManifest.appKey) }

    /// Tauri's detail of a refusal, which prefixes the permissions with the plugin as the command
    /// names it (`event:allow-listen` for `core:event`'s, in `resolve_access_message`).
    private func associatedPermissions(_ name: CommandName) -> String {
        guard let manifest = manifest(of: name) else { return "Plugin not found" }
        let ids = allowing(name, in: manifest).map { name.isAppCommand ? $0 : "\(name.plugin):\($0)" }
        return ids.isEmpty ? "Command not found" : "Permissions associated with this command: \(ids.joined(separator: ", "))"
    }
}

extension Platform {
    /// The name Tauri's permission and capability files use for this platform.
    public var tauriTarget: String {
        switch self {
        case .ios: return "iOS"
        case .android: return "android"
        case .linux: return "linux"
        case .macos: return "macOS"
        case .windows: return "windows"
        }
    }
}

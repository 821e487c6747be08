import BridgeCall
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeSystem
import Synchronization

/// The frak-share scope: entries `{"url": PATTERN}` constrain the shared `url`, entries
/// `{"imageUrl": PATTERN}` the thumbnail; PATTERN is a URL pattern as in a capability's
/// `remote.urls`. A deny entry that matches, or allow entries for a key that the argument
/// matches none of, are warnings (refusals under `--strict`). Command and global scopes count alike.
enum ShareScope {
    static let keys = ["url", "imageUrl"]

    /// Why `entry` is not a valid frak-share scope entry, or `nil`.
    static func problem(_ entry: JSON) -> String? {
        guard case .object(let object) = entry, object.count == 1, let member = object.members.first,
              keys.contains(member.key), case .string(let pattern) = member.value else {
            return "a frak-share scope entry is {\"url\": PATTERN} or {\"imageUrl\": PATTERN}, found \(entry.serialized())"
        }
        do {
            _ = try URLPattern(pattern)
        } catch {
            return error.message
        }
        return nil
    }

    /// The warnings for a call whose `url` or `imageUrl` falls outside the granted scope. The
    /// real plugin reads no scope, so Tauri lets such a call through: the bridge says what the
    /// scope would refuse, and `--strict` refuses it.
    static func warnings(_ invocation: Invocation) -> [CallWarning] {
        let grant = invocation.grant
        // No scope entry, nothing to compare: the usual call.
        guard !grant.allDeny.isEmpty || !grant.allAllow.isEmpty else { return [] }
        let command = invocation.name
        var out: [CallWarning] = []
        for (key, name) in [("url", "url"), ("imageUrl", "image_url")] {
            guard let value = invocation.bound.string(name), !value.isEmpty else { continue }
            let denies = patterns(key, in: grant.allDeny)
            let allows = patterns(key, in: grant.allAllow)
            guard !denies.isEmpty || !allows.isEmpty else { continue }
            let url: OriginURL? = if case .remote(let u)? = try? CallOrigin(value) { u } else { nil }
            let quoted = JSON.string(value).serialized()
            let ignored = " (the real plugin reads no scope, so the device shares it anyway)"
            if let denied = denies.first(where: { url.map($0.matches) ?? false }) {
                out.append(CallWarning(code: "scope", message: "\(command.plugin).\(command.command): \(key) \(quoted) is denied by the scope entry {\"\(key)\": \"\(denied.text)\"}" + ignored, field: key))
            } else if !allows.isEmpty && !allows.contains(where: { url.map($0.matches) ?? false }) {
                out.append(CallWarning(code: "scope", message: "\(command.plugin).\(command.command): \(key) \(quoted) is outside the scope; allowed \(key) patterns: \(allows.map(\.text).joined(separator: ", "))" + ignored, field: key))
            }
        }
        return out
    }

    private static func patterns(_ key: String, in entries: [JSON]) -> [URLPattern] {
        compiled(entries)[key] ?? []
    }

    /// The patterns of a grant's scope entries by key, compiled once per distinct set of
    /// entries (a grant is resolved once per context, and every call of it brings the same
    /// entries): a call with 1,000 scope entries no longer parses 1,000 patterns.
    static func compiled(_ entries: [JSON]) -> [String: [URLPattern]] {
        if let found = cache.withLock({ $0.patterns[entries] }) { return found }
        var out: [String: [URLPattern]] = [:]
        for entry in entries {
            guard case .object(let o) = entry, let member = o.members.first, case .string(let text) = member.value,
                  let pattern = try? URLPattern(text) else { continue }
            out[member.key, default: []].append(pattern)
        }
        cache.withLock { c in
            if c.patterns.count >= 64 { c = ScopeCache() }
            c.patterns[entries] = out
            c.compilations[entries, default: 0] += 1
        }
        return out
    }

    private struct ScopeCache {
        var patterns: [[JSON]: [String: [URLPattern]]] = [:]
        var compilations: [[JSON]: Int] = [:]
    }

    private static let cache = SharedLock(ScopeCache())

    /// How many times `entries` were compiled since they entered the cache (tests count it).
    static func compilations(of entries: [JSON]) -> Int { cache.withLock { $0.compilations[entries] ?? 0 } }
}

import BridgeACL
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeRouter

/// The frak-share scope: entries `{"url": PATTERN}` constrain the shared `url`, entries
/// `{"imageUrl": PATTERN}` the thumbnail; PATTERN is a URL pattern as in a capability's
/// `remote.urls`. A deny entry that matches refuses the call; when allow entries exist for a
/// key, the argument must match one of them. Command and global scopes count alike.
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

    /// Refuses the call when `value` (the argument `key`) falls outside the granted scope.
    static func check(_ key: String, _ value: String, grant: CallGrant, command: CommandName) throws(ResponseError) {
        let denies = patterns(key, in: grant.allDeny)
        let allows = patterns(key, in: grant.allAllow)
        guard !denies.isEmpty || !allows.isEmpty else { return }
        let url: OriginURL? = if case .remote(let u)? = try? CallOrigin(value) { u } else { nil }
        let details: JSONObject = ["command": .string(command.description), "field": .string(key), "reason": "scope"]
        if let denied = denies.first(where: { url.map($0.matches) ?? false }) {
            throw ResponseError.notAllowed(
                "\(command.plugin).\(command.command): \(key) \(JSON.string(value).serialized()) is denied by the scope entry {\"\(key)\": \"\(denied.text)\"}",
                details: details)
        }
        if !allows.isEmpty && !allows.contains(where: { url.map($0.matches) ?? false }) {
            throw ResponseError.notAllowed(
                "\(command.plugin).\(command.command): \(key) \(JSON.string(value).serialized()) is outside the scope; allowed \(key) patterns: \(allows.map(\.text).joined(separator: ", "))",
                details: details)
        }
    }

    private static func patterns(_ key: String, in entries: [JSON]) -> [URLPattern] {
        entries.compactMap { entry in entry[key]?.stringValue.flatMap { try? URLPattern($0) } }
    }
}

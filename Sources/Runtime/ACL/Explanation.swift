import BridgeCall

/// Why a command is allowed or refused in a call context: the verdict, the grants that match,
/// and every capability that mentions the command.
public struct Explanation: Sendable {
    public let lines: [String]
    public let allowed: Bool

    public init(_ name: CommandName, context: CallContext, authority: Authority) {
        var lines: [String] = []
        let full = name.description
        lines.append("\(full) on platform \(context.platform.rawValue), window \"\(context.window)\", webview \"\(context.webview)\", origin \(context.origin):")
        let decision = authority.decide(name, context: context)
        switch decision {
        case .success(let grant):
            allowed = true
            lines.append("  ALLOWED by \(grant.matched.map { "capability/permission \($0)" }.joined(separator: ", "))")
            if !grant.allow.isEmpty || !grant.deny.isEmpty {
                lines.append("  command scope: allow \(grant.allow.map { $0.serialized() }.joined(separator: ", ")); deny \(grant.deny.map { $0.serialized() }.joined(separator: ", "))")
            }
            if !grant.globalAllow.isEmpty || !grant.globalDeny.isEmpty {
                lines.append("  global scope: allow \(grant.globalAllow.map { $0.serialized() }.joined(separator: ", ")); deny \(grant.globalDeny.map { $0.serialized() }.joined(separator: ", "))")
            }
        case .failure(let refusal):
            allowed = false
            lines.append("  REFUSED (-32001): " + refusal.message.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n    "))
        }
        let allowing = authority.permissionsAllowing(name)
        lines.append("permissions that allow it: \(allowing.isEmpty ? "none" : allowing.joined(separator: ", "))")
        let acl = authority.resolved(for: context.platform)
        var mentions: [String] = []
        for (grants, verb) in [(acl.allowed[full] ?? [], "allows"), (acl.denied[full] ?? [], "denies")] {
            for grant in grants {
                let context = switch grant.context {
                case .local: "local"
                case .remote(let pattern): "remote \(pattern.text)"
                }
                var where_ = grant.windows.map { "window \"\($0.text)\"" } + grant.webviews.map { "webview \"\($0.text)\"" }
                if where_.isEmpty { where_ = ["no window or webview"] }
                mentions.append("  - capability \"\(grant.capability)\" \(verb) it through \"\(grant.entry)\"\(grant.entry == grant.permission ? "" : " (permission \"\(grant.permission)\")") for \(where_.joined(separator: ", ")), \(context)")
            }
        }
        lines.append("capabilities on \(context.platform.rawValue) that mention it:" + (mentions.isEmpty ? " none" : ""))
        lines += mentions
        self.lines = lines
    }
}

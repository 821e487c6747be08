import BridgeJSON
import BridgeProtocol

/// What the ACL decided for a call that may run: the scopes that travel with it to the command.
public struct CallGrant: Sendable, Equatable {
    /// Command scope entries, merged over every grant that allowed the call.
    public var allow: [JSON]
    public var deny: [JSON]
    /// The plugin's global scope.
    public var globalAllow: [JSON]
    public var globalDeny: [JSON]
    /// `capability/permission` of each grant that allowed the call.
    public var matched: [String]

    public init(allow: [JSON] = [], deny: [JSON] = [], globalAllow: [JSON] = [], globalDeny: [JSON] = [], matched: [String] = []) {
        self.allow = allow
        self.deny = deny
        self.globalAllow = globalAllow
        self.globalDeny = globalDeny
        self.matched = matched
    }

    /// Every allow entry, command and global.
    public var allAllow: [JSON] { globalAllow.isEmpty ? allow : allow.isEmpty ? globalAllow : allow + globalAllow }
    /// Every deny entry, command and global.
    public var allDeny: [JSON] { globalDeny.isEmpty ? deny : deny.isEmpty ? globalDeny : deny + globalDeny }
}

/// Decides, before argument binding, whether a call may run in its context.
public protocol CallAuthority: Sendable {
    /// The grant for an allowed call, or the `-32001` refusal.
    func authorize(_ name: CommandName, context: CallContext) -> Result<CallGrant, ResponseError>
}

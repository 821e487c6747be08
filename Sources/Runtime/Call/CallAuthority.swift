import BridgeJSON
import BridgeProtocol
import BridgeSystem
import Synchronization

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
    /// What commands compiled from these entries, kept with the grant (the ACL decides a grant
    /// once per context, so each later call of it reuses them); `nil`: compiled at each call.
    public let compiled: CompiledScopes?

    public init(allow: [JSON] = [], deny: [JSON] = [], globalAllow: [JSON] = [], globalDeny: [JSON] = [], matched: [String] = [],
                compiled: CompiledScopes? = nil) {
        self.compiled = compiled
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

    /// `build`'s value for `key` (what a command compiles from this grant's entries on the call's
    /// platform), built once per grant when it keeps its compilations.
    public func scope<T: Sendable>(_ key: String, _ build: () throws(ResponseError) -> T) throws(ResponseError) -> T {
        guard let compiled else { return try build() }
        return try compiled.value(key, build)
    }

    public static func == (a: CallGrant, b: CallGrant) -> Bool {
        a.allow == b.allow && a.deny == b.deny && a.globalAllow == b.globalAllow && a.globalDeny == b.globalDeny && a.matched == b.matched
    }
}

/// A grant's compiled scopes by key (`CallGrant.scope`).
public final class CompiledScopes: Sendable {
    private let values = SharedLock<[String: any Sendable]>([:])
    private let builds = Atomic<Int>(0)

    public init() {}

    func value<T: Sendable>(_ key: String, _ build: () throws(ResponseError) -> T) throws(ResponseError) -> T {
        if let found = values.withLock({ $0[key] }) as? T { return found }
        let made = try build()
        builds.add(1, ordering: .relaxed)
        values.withLock { $0[key] = made }
        return made
    }

    /// How many scopes were compiled (tests count it).
    public var compilations: Int { builds.load(ordering: .relaxed) }
}

/// Decides, before argument binding, whether a call may run in its context.
public protocol CallAuthority: Sendable {
    /// The grant for an allowed call, or the `-32001` refusal.
    func authorize(_ name: CommandName, context: CallContext) -> Result<CallGrant, ResponseError>
    /// Whether app commands (`greet`) are checked too: in Tauri, once the app has an ACL
    /// manifest (`build.rs`'s `AppManifest`, or `src-tauri/permissions/`).
    var checksAppCommands: Bool { get }
}

extension CallAuthority {
    /// App commands pass unchecked unless an authority says otherwise.
    public var checksAppCommands: Bool { false }
}

import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// A client that answers commands for the bridge (the Node client over its session).
public protocol CommandAsker: Sendable {
    /// Asks the client for the answer to one call.
    func ask(_ command: String, payload: JSON, context: CallContext) async -> Result<JSON, ResponseError>
}

/// The commands the process's clients answer, registered by `bridge/handle {"commands": […]}`
/// (`"*"`: every command nothing else answers); the last client to register a command answers it.
public final class ClientHandlers: Sendable {
    private struct Registration {
        let client: String
        let asker: any CommandAsker
    }

    private let state = SharedLock<[String: Registration]>([:])

    public init() {}

    /// Registers `client` as the answer of `commands`.
    public func register(_ commands: [String], client: String, asker: any CommandAsker) {
        state.withLock { table in for c in commands { table[c] = Registration(client: client, asker: asker) } }
    }

    /// Drops `commands` of `client` (all of its commands when `nil`).
    public func unregister(client: String, commands: [String]? = nil) {
        state.withLock { table in
            for (key, value) in table where value.client == client && (commands == nil || commands!.contains(key)) { table[key] = nil }
        }
    }

    /// Who answers `command`.
    public func handler(for command: String) -> (any CommandAsker)? {
        state.withLock { $0[command]?.asker ?? $0["*"]?.asker }
    }
}

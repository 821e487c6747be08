import BridgeCall
import BridgeProtocol

/// Whether a page may hear events at all: the ACL's answer for `plugin:event|listen` from its
/// context. The event plugin's commands (`listen`, `unlisten`, `emit`, `emit_to`) and every
/// plugin's listener commands are answered by the router, as over stdio (`EventCorePlugin`,
/// `ListenerCommands`).
enum AppEvents {
    /// The ACL's refusal of a call, checked under the name as sent (as Tauri's webview checks every
    /// `plugin:` command), or `nil` when it passes or no ACL is in force. A name the ACL cannot
    /// key (not a valid plugin or command name) is refused as not found, never let through.
    static func refusal(_ sent: String, context: CallContext, authority: (any CallAuthority)?) -> ResponseError? {
        guard let authority else { return nil }
        guard let (plugin, command) = CommandName.split(method: sent), let name = CommandName(asSent: plugin, command: command) else {
            return .notFound("Command \(sent) not found", details: ["command": .string(sent)])
        }
        if case .failure(let refusal) = authority.authorize(name, context: context) { return refusal }
        return nil
    }
}

import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeEvents
import BridgeJSON
import BridgeProtocol

/// Tauri's event plugin (`plugin:event|…`), which `@tauri-apps/api/event` calls: `listen`,
/// `unlisten`, `emit`, `emit_to`. Served by the bridge itself, as Tauri's core serves it, after
/// the ACL: Tauri's webview checks every `plugin:` command under the name sent, so an event
/// command needs its `core:event` permission (`core:event:allow-listen`, …, all in
/// `core:event:default`, which `core:default` includes) and is refused with Tauri's message
/// otherwise (`event.listen not allowed. Permissions associated with this command:
/// event:allow-listen, event:default`).
enum AppEvents {
    /// The result of an event-plugin call or a plugin listener call, or `nil` for any other command.
    /// - Parameter authority: the ACL an event or plugin listener call passes first, as Tauri
    ///   checks it; `nil` lets them all.
    static func handle(_ command: String, payload: JSON, context: CallContext, authority: (any CallAuthority)?,
                       hub: EventHub) -> Result<JSON, ResponseError>? {
        let client = context.client
        if let listener = PluginListeners.handle(command, payload: payload, context: context, authority: authority, hub: hub) { return listener }
        guard command.hasPrefix("plugin:event|") else { return nil }
        let name = String(command.dropFirst("plugin:event|".count))
        if let refusal = refusal(command, context: context, authority: authority) { return .failure(refusal) }
        return EventCommands.answer(name, payload: payload, client: client, hub: hub)
    }

    /// The command a call is routed as: `registerListener` / `removeListener` (what
    /// `@tauri-apps/api` 2.0–2.x sends) reach the plugin's `register_listener` / `remove_listener`,
    /// the same native method Tauri's mobile runtime calls for either spelling.
    static func canonical(_ command: String) -> String {
        for (camel, snake) in [("|registerListener", "|register_listener"), ("|removeListener", "|remove_listener")]
        where command.hasSuffix(camel) {
            return String(command.dropLast(camel.count)) + snake
        }
        return command
    }

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

/// `addPluginListener(plugin, event, cb)` → `plugin:<p>|register_listener {event, handler: Channel}`,
/// and `PluginListener.unregister()` → `plugin:<p>|remove_listener {event, channelId}`: what
/// Tauri's mobile `Plugin` base class answers for every plugin (`registerListener` /
/// `removeListener` in Swift and Kotlin), so any plugin's `trigger` reaches the page's Channel.
///
/// Each call passes the ACL first, as the command it was sent as: Tauri's webview checks every
/// `plugin:` command (`resolve_access` on the command as sent), listener commands included, so
/// a plugin grants them with permissions (share-extension's `allow-register-listener`, in its
/// default set) and a plugin that grants none refuses them (`frak-share.register_listener not
/// allowed. Command not found`).
enum PluginListeners {
    static func handle(_ sent: String, payload: JSON, context: CallContext, authority: (any CallAuthority)?,
                       hub: EventHub) -> Result<JSON, ResponseError>? {
        // Only a name ending so can be a listener command, in either spelling: every other call
        // passes by without being split.
        guard sent.hasSuffix("_listener") || sent.hasSuffix("Listener") else { return nil }
        let command = AppEvents.canonical(sent)
        let client = context.client
        guard let (plugin, name) = CommandName.split(method: command),
              name == "register_listener" || name == "remove_listener", plugin != "event" else { return nil }
        if let refusal = AppEvents.refusal(sent, context: context, authority: authority) { return .failure(refusal) }
        guard let event = payload["event"]?.stringValue else {
            return .failure(.invalidParams("invalid args `event` for command `\(name)`: expected a string",
                                           details: ["command": .string(command), "field": "event", "layer": "command"]))
        }
        if name == "register_listener" {
            guard let id = TauriArguments.channelID(payload["handler"]) else {
                let got = payload["handler"].map { $0.serialized() } ?? "nothing"
                return .failure(.invalidParams("invalid args `handler` for command `register_listener`: invalid channel value `\(got)`, expected a string in the `__CHANNEL__:ID` format",
                                               details: ["command": .string(command), "field": "handler", "layer": "command"]))
            }
            hub.register(plugin: plugin, event: event, client: client, channel: id)
            return .success(.null)
        }
        guard let id = payload["channelId"]?.numberValue.flatMap({ UInt32(exactly: $0.doubleValue) }) else {
            return .failure(.invalidParams("invalid args `channelId` for command `remove_listener`: expected a channel id (a number)",
                                           details: ["command": .string(command), "field": "channelId", "layer": "command"]))
        }
        hub.remove(plugin: plugin, event: event, client: client, channel: id)
        return .success(.null)
    }
}

import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol

/// `register_listener` / `remove_listener` of every plugin with a native side (Tauri's mobile
/// `Plugin` base class answers them, `registerListener` / `removeListener` in Swift and Kotlin,
/// whichever spelling the IPC sent: `@tauri-apps/api` 2.0–2.8 sends the camelCase one, 2.9.1+
/// the snake_case one first). Routed as any command: the ACL checks the name as sent (Tauri's
/// webview checks every `plugin:` command so), then the Channel is kept by `PluginListening`.
/// Tauri's core plugins have no native side: their own commands (the app plugin's 2.9 listeners)
/// answer, or nothing does.
struct ListenerCommands: Sendable {
    let listeners: any PluginListening

    /// The command a listener call is, or `nil` for any other call (only a name ending so is split).
    func entry(for method: String, registry: CommandRegistry) -> CommandRegistry.Entry? {
        // One byte rules out nearly every call (the road's hot path): both spellings end in `r`.
        guard method.utf8.last == UInt8(ascii: "r"), method.hasSuffix("_listener") || method.hasSuffix("Listener"),
              let (plugin, sent) = CommandName.split(method: method), plugin != "event",
              registry.hasPlugin(plugin), !registry.isCore(plugin),
              let name = CommandName(asSent: plugin, command: sent) else { return nil }
        let registers: Bool
        switch sent {
        case "register_listener", "registerListener": registers = true
        case "remove_listener", "removeListener": registers = false
        default: return nil
        }
        let command = registers ? "register_listener" : "remove_listener"
        let full = "plugin:\(plugin)|\(command)"
        let listeners = self.listeners
        let declaration = CommandDeclaration(command, summary: "the native Plugin base class's \(sent), as for every mobile plugin")
        return CommandRegistry.Entry(name: name, command: Command(unbound: declaration) { invocation throws(ResponseError) in
            let payload = invocation.arguments, client = invocation.context.client
            guard let event = payload["event"]?.stringValue else {
                throw .invalidParams("invalid args `event` for command `\(command)`: expected a string",
                                     details: ["command": .string(full), "field": "event", "layer": "command"])
            }
            if registers {
                guard let id = ChannelArgument.id(payload["handler"]) else {
                    let got = payload["handler"].map { $0.serialized() } ?? "nothing"
                    throw .invalidParams("invalid args `handler` for command `register_listener`: invalid channel value `\(got)`, expected a string in the `__CHANNEL__:ID` format",
                                         details: ["command": .string(full), "field": "handler", "layer": "command"])
                }
                listeners.register(plugin: plugin, event: event, client: client, channel: id)
                return .done(CommandOutput(result: .null))
            }
            guard let id = payload["channelId"]?.numberValue.flatMap({ UInt32(exactly: $0.doubleValue) }) else {
                throw .invalidParams("invalid args `channelId` for command `remove_listener`: expected a channel id (a number)",
                                     details: ["command": .string(full), "field": "channelId", "layer": "command"])
            }
            listeners.remove(plugin: plugin, event: event, client: client, channel: id)
            return .done(CommandOutput(result: .null))
        })
    }
}

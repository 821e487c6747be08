import BridgeEvents
import BridgeJSON
import BridgeProtocol

/// Tauri's event plugin (`plugin:event|…`, tauri@a8105ecc `crates/tauri/src/event/plugin.rs`),
/// which `@tauri-apps/api/event` calls: `listen`, `unlisten`, `emit`, `emit_to`, on the session's
/// event hub, for every transport: over stdio a handler's events come as `bridge/callback`
/// notifications; browser mode answers the same commands for each page (`AppEvents`).
public enum EventCommands {
    /// The answer to `plugin:event|<name>` from `client`.
    public static func answer(_ name: String, payload: JSON, client: String?, hub: EventHub) -> Result<JSON, ResponseError> {
        switch name {
        case "listen":
            guard let event = payload["event"]?.stringValue else { return .failure(missing("event", name, "a string")) }
            if let refusal = checkName(event) { return .failure(refusal) }
            guard let handler = payload["handler"]?.numberValue.flatMap({ UInt32(exactly: $0.doubleValue) }) else {
                return .failure(missing("handler", name, "a callback id (a number)"))
            }
            return .success(.number(JSONNumber(hub.listen(event: event, client: client, handler: handler))))
        case "unlisten":
            guard let event = payload["event"]?.stringValue else { return .failure(missing("event", name, "a string")) }
            guard let id = payload["eventId"]?.numberValue.flatMap({ Int(exactly: $0.doubleValue) }) else {
                return .failure(missing("eventId", name, "a number"))
            }
            hub.unlisten(event: event, id: id)
            return .success(.null)
        case "emit", "emit_to":
            guard let event = payload["event"]?.stringValue else { return .failure(missing("event", name, "a string")) }
            if let refusal = checkName(event) { return .failure(refusal) }
            hub.emitAppEvent(event, payload: payload["payload"] ?? .null)
            return .success(.null)
        default:
            return .failure(.notFound("Command \(name) not found", details: ["command": .string("plugin:event|\(name)")]))
        }
    }

    private static func missing(_ key: String, _ command: String, _ expected: String) -> ResponseError {
        .invalidParams("invalid args `\(key)` for command `\(command)`: expected \(expected)",
                       details: ["command": .string("plugin:event|\(command)"), "field": .string(key), "layer": "command"])
    }

    /// Tauri's rule for event names.
    static func checkName(_ event: String) -> ResponseError? {
        let ok = !event.isEmpty && event.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-/:_".unicodeScalars.contains($0)
        }
        return ok ? nil : .invalidParams("Event name must include only alphanumeric characters, `-`, `/`, `:` and `_`.",
                                         details: ["field": "event"])
    }
}

/// The event plugin as a registered core plugin, so `plugin:event|listen` answers over stdio as
/// in a page, under `core:event:*`.
struct EventCorePlugin: CorePlugin {
    let hub: EventHub
    var name: String { "event" }

    var coreCommands: [CoreCommand] {
        let hub = self.hub
        return ["listen", "unlisten", "emit", "emit_to"].map { command in
            CoreCommand(command) { (payload, context) throws(ResponseError) -> JSON in
                try EventCommands.answer(command, payload: .object(payload), client: context.client, hub: hub).get()
            }
        }
    }
}

import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeEvents
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// Tauri's event plugin (`plugin:event|…`, tauri@a8105ecc `crates/tauri/src/event/plugin.rs`),
/// which `@tauri-apps/api/event` calls: `listen`, `unlisten`, `emit`, `emit_to`, on the session's
/// event hub, for every transport: over stdio a handler's events come as `bridge/callback`
/// notifications, and a page's (its client) over its event stream, through the same router.
public enum EventCommands {
    /// The answer to `plugin:event|<name>` from `client`.
    ///
    /// Each argument is bound as the command macro binds it, in the order the Rust signature
    /// declares them (tauri 2.0.6 `crates/tauri/src/event/plugin.rs`, unchanged in 2.8.5): the
    /// first that fails is the answer, ``invalid args `<key>` for command `<name>`: …``.
    public static func answer(_ name: String, payload: JSON, client: String?, hub: EventHub) -> Result<JSON, ResponseError> {
        do throws(ResponseError) {
            switch name {
            case "listen":
                // listen(event: EventName, target: EventTarget, handler: CallbackFn)
                let event = try bind(payload, "event", name, eventName)
                let target = try bind(payload, "target", name, EventCommands.target)
                let handler = try bind(payload, "handler", name) { integer($0, as: "u32", UInt32.self) }
                return .success(.number(JSONNumber(hub.listen(event: event, target: target, client: client, handler: handler))))
            case "unlisten":
                // unlisten(event: EventName, event_id: EventId), EventId = u32
                let event = try bind(payload, "event", name, eventName)
                let id = try bind(payload, "eventId", name) { integer($0, as: "u32", UInt32.self) }
                hub.unlisten(event: event, id: Int(id))
                return .success(.null)
            case "emit":
                // emit(event: EventName, payload: Option<JsonValue>)
                let event = try bind(payload, "event", name, eventName)
                hub.emitAppEvent(event, payload: payload["payload"] ?? .null)
                return .success(.null)
            case "emit_to":
                // emit_to(target: EventTarget, event: EventName, payload: Option<JsonValue>)
                let target = try bind(payload, "target", name, EventCommands.target)
                let event = try bind(payload, "event", name, eventName)
                hub.emitAppEvent(event, payload: payload["payload"] ?? .null, to: target)
                return .success(.null)
            default:
                return .failure(.notFound("Command \(name) not found", details: ["command": .string("plugin:event|\(name)")]))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The argument `key` read by `read`, or Tauri's refusal: a missing key is
    /// `command <name> missing required key <key>` (tauri `ipc/command.rs`), a value `read`
    /// refuses is serde's complaint.
    private static func bind<T>(_ payload: JSON, _ key: String, _ command: String,
                                _ read: (JSON) -> Result<T, Refusal>) throws(ResponseError) -> T {
        guard let value = payload[key] else {
            throw TauriArguments.invalid(key, command: command, "command \(command) missing required key \(key)")
        }
        switch read(value) {
        case .success(let v): return v
        case .failure(let refusal): throw TauriArguments.invalid(key, command: command, refusal.message)
        }
    }

    /// serde's complaint about an argument.
    struct Refusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func integer<T: FixedWidthInteger>(_ value: JSON, as name: String, _ type: T.Type) -> Result<T, Refusal> {
        RustInteger.read(value, as: name, into: type).mapError { Refusal($0.message) }
    }

    /// tauri `event/plugin.rs` (2.0.6; `event/event_name.rs` in 2.8.5) `EventName`'s deserialiser:
    /// a string every character of which is alphanumeric (Rust's Unicode `char::is_alphanumeric`)
    /// or one of `-/:_`; the empty name passes.
    static func eventName(_ value: JSON) -> Result<String, Refusal> {
        guard let event = value.stringValue else { return .failure(Refusal("invalid type: \(ArgumentBinder.describe(value)), expected a string")) }
        guard isValidEventName(event) else {
            return .failure(Refusal("Event name must include only alphanumeric characters, `-`, `/`, `:` and `_`."))
        }
        return .success(event)
    }

    /// tauri `is_event_name_valid`: `c.is_alphanumeric() || c == '-' || c == '/' || c == ':' || c == '_'`
    /// for every `char` (Alphabetic, or the general categories Nd, Nl, No).
    static func isValidEventName(_ event: String) -> Bool {
        event.unicodeScalars.allSatisfy { c in
            if "-/:_".unicodeScalars.contains(c) || c.properties.isAlphabetic { return true }
            switch c.properties.generalCategory {
            case .decimalNumber, .letterNumber, .otherNumber: return true
            default: return false
            }
        }
    }

    /// `EventTarget` as serde derives its deserialiser (`#[serde(tag = "kind")]`, an internally
    /// tagged enum; tauri `event/mod.rs`, 2.0.6 and 2.8.5): a map whose `kind` names the variant
    /// (or gives its index) and whose `label` a labelled variant needs, other keys ignored; or a
    /// sequence, the tag first.
    static func target(_ value: JSON) -> Result<EventTarget, Refusal> {
        let tag: JSON?
        // What the labelled variants read their label from: the map, or the sequence's rest.
        let label: Result<JSON, Refusal>
        switch value {
        case .object(let o):
            tag = o["kind"]
            label = o["label"].map { .success($0) } ?? .failure(Refusal("missing field `label`"))
        case .array(let items):
            tag = items.first
            label = items.count > 1 ? .success(items[1]) : .failure(Refusal("invalid length 0, expected struct variant EventTarget::\(variant(items.first)) with 1 element"))
        default:
            return .failure(Refusal("invalid type: \(ArgumentBinder.describe(value)), expected internally tagged enum EventTarget"))
        }
        guard let tag else { return .failure(Refusal("missing field `kind`")) }
        let names = EventTarget.variantNames
        let index: Int
        switch tag {
        case .string(let s):
            guard let i = names.firstIndex(of: s) else {
                return .failure(Refusal("unknown variant `\(s)`, expected one of \(names.map { "`\($0)`" }.joined(separator: ", "))"))
            }
            index = i
        case .number(let n) where !n.text.contains(where: { ".eE-".contains($0) }):
            guard let i = Int(n.text), i < names.count else {
                return .failure(Refusal("invalid value: integer `\(n.text)`, expected variant index 0 <= i < \(names.count)"))
            }
            index = i
        default:
            return .failure(Refusal("invalid type: \(ArgumentBinder.describe(tag)), expected variant identifier"))
        }
        func labelled(_ make: (String) -> EventTarget) -> Result<EventTarget, Refusal> {
            label.flatMap { value in
                guard let text = value.stringValue else {
                    // The rest of the value is buffered as serde's `Content`, where null is `()`.
                    let got = value.isNull ? "unit value" : ArgumentBinder.describe(value)
                    return .failure(Refusal("invalid type: \(got), expected a string"))
                }
                return .success(make(text))
            }
        }
        switch index {
        case 0: return .success(.any)
        case 1: return labelled(EventTarget.anyLabel)
        case 2: return .success(.app)
        case 3: return labelled(EventTarget.window)
        case 4: return labelled(EventTarget.webview)
        default: return labelled(EventTarget.webviewWindow)
        }
    }

    /// The variant name a sequence's tag gives, for serde's length complaint.
    private static func variant(_ tag: JSON?) -> String {
        if let s = tag?.stringValue { return s }
        if let n = tag?.numberValue.flatMap({ Int($0.text) }), EventTarget.variantNames.indices.contains(n) { return EventTarget.variantNames[n] }
        return "?"
    }
}

/// The event plugin as a registered core plugin, so `plugin:event|listen` answers over stdio as
/// in a page, under `core:event:*`.
struct EventCorePlugin {
    let hub: EventHub
    var name: String { "event" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name), commands: coreCommands) }

    var coreCommands: [KitCommand] {
        let hub = self.hub
        return ["listen", "unlisten", "emit", "emit_to"].map { command in
            KitCommand(command) { (payload, context) throws(ResponseError) -> JSON in
                try EventCommands.answer(command, payload: .object(payload), client: context.client, hub: hub).get()
            }
        }
    }
}

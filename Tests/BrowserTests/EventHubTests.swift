import BridgeEvents
import BridgeCorePlugins
import BridgeKit
import BridgeProtocol
import BridgeJSON
import Synchronization
import Testing

/// Collects what the hub hands its transports.
final class Deliveries: Sendable {
    private let list = Mutex<[EventDelivery]>([])
    func add(_ d: EventDelivery) { list.withLock { $0.append(d) } }
    var all: [EventDelivery] { list.withLock { $0 } }
}

@Suite("Event hub: plugin listeners and listen()")
struct EventHubTests {
    @Test("a plugin event reaches each registered channel in order, its listen() name, and observers")
    func emit() {
        let hub = EventHub(), got = Deliveries()
        hub.observe { got.add($0) }
        hub.register(plugin: "share-extension", event: "shareReceived", client: "page:a", channel: 7)
        let id = hub.listen(event: "share-extension://shareReceived", client: "page:b", handler: 9)
        let event = PluginEvent(plugin: "share-extension", event: "shareReceived", payload: ["id": "x"])
        hub.emit(event)
        hub.emit(event)
        #expect(got.all == [
            .callback(client: "page:a", callback: 7, payload: ["message": ["id": "x"], "index": 0, "id": 0]),
            .callback(client: "page:b", callback: 9, payload: ["event": "share-extension://shareReceived", "id": .number(JSONNumber(id)), "payload": ["id": "x"]]),
            .event(event),
            .callback(client: "page:a", callback: 7, payload: ["message": ["id": "x"], "index": 1, "id": 1]),
            .callback(client: "page:b", callback: 9, payload: ["event": "share-extension://shareReceived", "id": .number(JSONNumber(id)), "payload": ["id": "x"]]),
            .event(event),
        ])
    }

    @Test("removed channels, unlistened ids and forgotten clients get nothing more")
    func removal() {
        let hub = EventHub(), got = Deliveries()
        hub.observe { got.add($0) }
        hub.register(plugin: "p", event: "e", client: "page:a", channel: 1)
        hub.register(plugin: "p", event: "e", client: "page:a", channel: 1)
        #expect(hub.listenerCount(plugin: "p", event: "e") == 1)
        #expect(hub.remove(plugin: "p", event: "e", client: "page:a", channel: 1))
        let id = hub.listen(event: "x", client: "page:a", handler: 2)
        hub.unlisten(event: "x", id: id)
        hub.register(plugin: "p", event: "e", client: "page:c", channel: 3)
        hub.forget(client: "page:c")
        hub.emit(PluginEvent(plugin: "p", event: "e", payload: .null))
        hub.emitAppEvent("x", payload: .null)
        #expect(got.all == [.event(PluginEvent(plugin: "p", event: "e", payload: .null))])
    }
}

@Suite("Event hub: listen() ids and emit_to targets, as Tauri's Listeners")
struct EventTargetTests {
    @Test("listener ids start at 0 (tauri event/listener.rs next_event_id, an AtomicU32 from 0)")
    func idsFromZero() {
        let hub = EventHub()
        #expect(hub.listen(event: "a", client: nil, handler: 1) == 0)
        #expect(hub.listen(event: "b", client: nil, handler: 2) == 1)
    }

    /// The oracle's listeners (Tests/Oracle/calls.py `_event`), each with its own callback.
    static let listeners: [(String, EventTarget)] = [
        ("any", .any), ("any_label", .anyLabel("main")), ("app", .app), ("window", .window("main")),
        ("webview", .webview("main")), ("webview_window", .webviewWindow("main")), ("other_window", .window("other")),
    ]

    /// Who hears an `emit_to` of each target, under each rule: Tauri 2.8.5's answers (the oracle)
    /// for `labelAware`, tauri 2.0.6 `manager/mod.rs` `emit_to` for `exact`.
    @Test("emit_to reaches the listeners its target matches; Any listeners hear all", arguments: [
        (EventTarget.any, EventTargetMatching.exact, ["any", "any_label", "app", "window", "webview", "webview_window", "other_window"]),
        (.anyLabel("main"), .exact, ["any", "window", "webview", "webview_window"]),
        (.anyLabel("main"), .labelAware, ["any", "any_label", "window", "webview", "webview_window"]),
        (.anyLabel("other"), .labelAware, ["any", "other_window"]),
        (.app, .exact, ["any", "app"]),
        (.app, .labelAware, ["any", "app"]),
        (.window("main"), .exact, ["any", "window"]),
        (.window("main"), .labelAware, ["any", "any_label", "window"]),
        (.webview("main"), .labelAware, ["any", "any_label", "webview"]),
        (.webviewWindow("main"), .labelAware, ["any", "any_label", "webview_window"]),
        (.window("nosuch"), .labelAware, ["any"]),
    ])
    func emitTo(target: EventTarget, matching: EventTargetMatching, heard: [String]) {
        let hub = EventHub(), got = Deliveries()
        hub.targetMatching = matching
        hub.observe { got.add($0) }
        var names: [UInt32: String] = [:]
        for (i, (name, listener)) in Self.listeners.enumerated() {
            names[UInt32(i)] = name
            _ = hub.listen(event: "oracle", target: listener, client: nil, handler: UInt32(i))
        }
        hub.emitAppEvent("oracle", payload: "x", to: target)
        let reached = got.all.compactMap { d -> String? in
            if case .callback(_, let callback, _) = d { return names[callback] }
            return nil
        }
        #expect(reached == heard)
    }
}

@Suite("plugin:event| commands bind their arguments as Tauri's command macro")
struct EventCommandsTests {
    func answer(_ name: String, _ payload: JSON, hub: EventHub = EventHub()) -> Result<JSON, ResponseError> {
        EventCommands.answer(name, payload: payload, client: nil, hub: hub)
    }

    func failure(_ result: Result<JSON, ResponseError>) -> ResponseError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test("each refusal, in Tauri 2.8.5's words (the oracle), the first argument in signature order", arguments: [
        ("listen", #"{"event": "bad name", "target": {"kind": "Any"}, "handler": 1}"#,
         "invalid args `event` for command `listen`: Event name must include only alphanumeric characters, `-`, `/`, `:` and `_`."),
        ("listen", #"{"event": "oracle", "target": {"kind": "Any"}}"#,
         "invalid args `handler` for command `listen`: command listen missing required key handler"),
        ("listen", #"{"event": "oracle", "handler": 1}"#, "invalid args `target` for command `listen`: command listen missing required key target"),
        ("emit", #"{"event": "bad name!"}"#,
         "invalid args `event` for command `emit`: Event name must include only alphanumeric characters, `-`, `/`, `:` and `_`."),
        ("emit", "{}", "invalid args `event` for command `emit`: command emit missing required key event"),
        ("emit", #"{"event": 1}"#, "invalid args `event` for command `emit`: invalid type: integer `1`, expected a string"),
        ("unlisten", #"{"event": "oracle"}"#, "invalid args `eventId` for command `unlisten`: command unlisten missing required key eventId"),
        ("unlisten", #"{"event": "oracle", "eventId": -1}"#, "invalid args `eventId` for command `unlisten`: invalid value: integer `-1`, expected u32"),
        ("emit_to", #"{"event": "oracle"}"#, "invalid args `target` for command `emit_to`: command emit_to missing required key target"),
        ("emit_to", #"{"target": {"kind": "Bogus"}, "event": "oracle"}"#,
         "invalid args `target` for command `emit_to`: unknown variant `Bogus`, expected one of `Any`, `AnyLabel`, `App`, `Window`, `Webview`, `WebviewWindow`"),
        ("emit_to", #"{"target": {"kind": "Window"}, "event": "oracle"}"#, "invalid args `target` for command `emit_to`: missing field `label`"),
        ("emit_to", #"{"target": "main", "event": "oracle"}"#,
         #"invalid args `target` for command `emit_to`: invalid type: string "main", expected internally tagged enum EventTarget"#),
        ("emit_to", #"{"target": {"label": "main"}, "event": "oracle"}"#, "invalid args `target` for command `emit_to`: missing field `kind`"),
        ("emit_to", #"{"target": {"kind": 9}, "event": "oracle"}"#,
         "invalid args `target` for command `emit_to`: invalid value: integer `9`, expected variant index 0 <= i < 6"),
        ("emit_to", #"{"target": {"kind": true}, "event": "oracle"}"#,
         "invalid args `target` for command `emit_to`: invalid type: boolean `true`, expected variant identifier"),
        ("emit_to", #"{"target": {"kind": "Webview", "label": null}, "event": "oracle"}"#,
         "invalid args `target` for command `emit_to`: invalid type: unit value, expected a string"),
        ("emit_to", #"{"target": {"kind": "Bogus"}, "event": "bad name"}"#,
         "invalid args `target` for command `emit_to`: unknown variant `Bogus`, expected one of `Any`, `AnyLabel`, `App`, `Window`, `Webview`, `WebviewWindow`"),
    ])
    func refusals(command: String, payload: String, message: String) throws {
        #expect(failure(answer(command, try JSONParser.parse(payload)))?.message == message)
    }

    @Test("an event name of Unicode letters and digits, or empty, passes (Rust's char::is_alphanumeric)")
    func names() {
        for name in ["", "héllo", "événement/٣:x_y-z", "Ⅻ"] {
            #expect(answer("emit", ["event": .string(name)]) == .success(.null), "\(name)")
        }
        for name in ["a b", "a.b", "a!", "😀"] {
            #expect(failure(answer("emit", ["event": .string(name)])) != nil, "\(name)")
        }
    }

    @Test("a target by variant index or as a sequence binds as serde reads it")
    func targetForms() {
        let hub = EventHub(), got = Deliveries()
        hub.observe { got.add($0) }
        _ = hub.listen(event: "e", target: .window("main"), client: nil, handler: 1)
        #expect(answer("emit_to", ["target": ["kind": 3, "label": "main"], "event": "e"], hub: hub) == .success(.null))
        #expect(answer("emit_to", ["target": ["Window", "main"], "event": "e"], hub: hub) == .success(.null))
        #expect(answer("emit_to", ["target": ["kind": "App", "label": 5], "event": "e"], hub: hub) == .success(.null))
        #expect(got.all.count == 2)
    }

    @Test("listen registers under its target: emit_to another window does not reach it")
    func listenTarget() {
        let hub = EventHub(), got = Deliveries()
        hub.observe { got.add($0) }
        #expect(answer("listen", ["event": "e", "target": ["kind": "Window", "label": "main"], "handler": 4], hub: hub) == .success(0))
        _ = answer("emit_to", ["target": ["kind": "Window", "label": "other"], "event": "e"], hub: hub)
        _ = answer("emit_to", ["target": ["kind": "Window", "label": "main"], "event": "e", "payload": 1], hub: hub)
        #expect(got.all == [.callback(client: nil, callback: 4, payload: ["event": "e", "id": 0, "payload": 1])])
    }
}

import BridgeEvents
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

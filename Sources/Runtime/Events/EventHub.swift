import BridgeCall
import BridgeJSON
import BridgeSystem

/// Routes events to the clients that listen for them, whatever the transport.
///
/// Two registries, as in Tauri:
/// - plugin listeners (`addPluginListener` → `plugin:<p>|register_listener {event, handler: Channel}`),
///   fed by `emit(_:)` as a mobile plugin's `trigger` feeds its channels: each message is
///   `{"message", "index", "id"}` in the channel's order (`index` for `@tauri-apps/api` ≥ 2.3, `id`
///   for earlier 2.x);
/// - app event listeners (`listen()` → `plugin:event|listen {event, target, handler}`), fed by
///   `emitAppEvent`, by the front end's own `emit()`, and by every plugin event under its
///   `appEventName`, as `{"event", "id", "payload"}`.
///
/// Transports observe the hub and deliver what it hands them (`EventDelivery`).
public final class EventHub: PluginListening, Sendable {
    private struct ChannelKey: Hashable {
        let client: String?
        let channel: UInt32
    }

    private struct PluginListener {
        let plugin: String
        let event: String
        let key: ChannelKey
    }

    private struct AppListener {
        let event: String
        let id: Int
        let target: EventTarget
        let client: String?
        let handler: UInt32
    }

    private struct State {
        var pluginListeners: [PluginListener] = []
        var nextIndex: [ChannelKey: Int] = [:]
        var appListeners: [AppListener] = []
        // tauri `event/listener.rs` `next_event_id`: an `AtomicU32` from its default, 0 (2.0.6, 2.8.5).
        var nextEventID = 0
        var targetMatching = EventTargetMatching.labelAware
        var observers: [Int: @Sendable (EventDelivery) -> Void] = [:]
        var nextObserver = 0
    }

    private let state = SharedLock(State())

    public init() {}

    // MARK: Observers

    /// Adds a transport that delivers events; returns a token for `removeObserver`.
    @discardableResult
    public func observe(_ deliver: @escaping @Sendable (EventDelivery) -> Void) -> Int {
        state.withLock { s in
            s.nextObserver += 1
            s.observers[s.nextObserver] = deliver
            return s.nextObserver
        }
    }

    public func removeObserver(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    private func deliver(_ deliveries: [EventDelivery], to observers: [@Sendable (EventDelivery) -> Void]) {
        for d in deliveries { for o in observers { o(d) } }
    }

    // MARK: Plugin listeners (Channels)

    /// Registers `channel` of `client` for `plugin`'s `event` (a channel may be registered once per event).
    public func register(plugin: String, event: String, client: String?, channel: UInt32) {
        state.withLock { s in
            let key = ChannelKey(client: client, channel: channel)
            guard !s.pluginListeners.contains(where: { $0.plugin == plugin && $0.event == event && $0.key == key }) else { return }
            s.pluginListeners.append(PluginListener(plugin: plugin, event: event, key: key))
        }
    }

    /// Removes `channel` from `plugin`'s `event`; returns whether it was registered.
    @discardableResult
    public func remove(plugin: String, event: String, client: String?, channel: UInt32) -> Bool {
        state.withLock { s in
            let before = s.pluginListeners.count
            s.pluginListeners.removeAll { $0.plugin == plugin && $0.event == event && $0.key.channel == channel && ($0.key.client == client || client == nil) }
            return s.pluginListeners.count != before
        }
    }

    /// Sends `message` on the Channel `channel` of `client` (a command's `tauri::ipc::Channel`
    /// argument, `__CHANNEL__:<id>`), numbered in the channel's order as Tauri numbers it.
    public func send(channel: UInt32, client: String?, message: JSON) {
        let (deliveries, observers) = state.withLock { s -> ([EventDelivery], [@Sendable (EventDelivery) -> Void]) in
            let key = ChannelKey(client: client, channel: channel)
            let index = s.nextIndex[key, default: 0]
            s.nextIndex[key] = index + 1
            let payload: JSON = ["message": message, "index": .number(JSONNumber(index)), "id": .number(JSONNumber(index))]
            return ([.callback(client: client, callback: channel, payload: payload)], Array(s.observers.values))
        }
        deliver(deliveries, to: observers)
    }

    /// Ends the Channel `channel` of `client`, as Tauri ≥ 2.5 does when the Rust `Channel` is
    /// dropped (tauri #13136, `ipc/channel.rs`): `{index, end: true}` after its last message,
    /// so the page's `Channel` cleans its callback up once every message before it arrived.
    public func end(channel: UInt32, client: String?) {
        let (deliveries, observers) = state.withLock { s -> ([EventDelivery], [@Sendable (EventDelivery) -> Void]) in
            let key = ChannelKey(client: client, channel: channel)
            let index = s.nextIndex.removeValue(forKey: key) ?? 0
            let payload: JSON = ["index": .number(JSONNumber(index)), "end": true]
            return ([.callback(client: client, callback: channel, payload: payload)], Array(s.observers.values))
        }
        deliver(deliveries, to: observers)
    }

    /// How many channels listen for `plugin`'s `event`.
    public func listenerCount(plugin: String, event: String) -> Int {
        state.withLock { s in s.pluginListeners.filter { $0.plugin == plugin && $0.event == event }.count }
    }

    /// Emits a plugin event: to each registered channel in order, to `listen()` listeners of
    /// its `appEventName`, and to observers as `.event`.
    public func emit(_ event: PluginEvent) {
        let (deliveries, observers) = state.withLock { s -> ([EventDelivery], [@Sendable (EventDelivery) -> Void]) in
            var out: [EventDelivery] = []
            for listener in s.pluginListeners where listener.plugin == event.plugin && listener.event == event.event {
                let index = s.nextIndex[listener.key, default: 0]
                s.nextIndex[listener.key] = index + 1
                let payload: JSON = ["message": event.payload, "index": .number(JSONNumber(index)), "id": .number(JSONNumber(index))]
                out.append(.callback(client: listener.key.client, callback: listener.key.channel, payload: payload))
            }
            out += EventHub.appDeliveries(s, name: event.appEventName, payload: event.payload)
            out.append(.event(event))
            return (out, Array(s.observers.values))
        }
        deliver(deliveries, to: observers)
    }

    // MARK: App events (listen / unlisten / emit)

    /// Which listeners `emit_to` reaches (the Tauri version modelled); `labelAware` unless set.
    public var targetMatching: EventTargetMatching {
        get { state.withLock { $0.targetMatching } }
        set { state.withLock { $0.targetMatching = newValue } }
    }

    /// Registers a `listen()` handler listening as `target`; returns the event id `unlisten`
    /// takes (the first is 0, as in Tauri).
    public func listen(event: String, target: EventTarget = .any, client: String?, handler: UInt32) -> Int {
        state.withLock { s in
            let id = s.nextEventID
            s.nextEventID += 1
            s.appListeners.append(AppListener(event: event, id: id, target: target, client: client, handler: handler))
            return id
        }
    }

    /// Removes the listener `id` of `event`; unknown ids are ignored, as in Tauri.
    public func unlisten(event: String, id: Int) {
        state.withLock { s in s.appListeners.removeAll { $0.event == event && $0.id == id } }
    }

    /// Emits an app event to every `listen()` handler of `name` (`emit`), or, given a `target`,
    /// to the handlers whose target it reaches (`emit_to`, `EventTarget.reaches`).
    public func emitAppEvent(_ name: String, payload: JSON, to target: EventTarget = .any) {
        let (deliveries, observers) = state.withLock { s in
            (EventHub.appDeliveries(s, name: name, payload: payload, to: target), Array(s.observers.values))
        }
        deliver(deliveries, to: observers)
    }

    private static func appDeliveries(_ s: State, name: String, payload: JSON, to target: EventTarget = .any) -> [EventDelivery] {
        s.appListeners.filter { $0.event == name && target.reaches($0.target, matching: s.targetMatching) }.map { l in
            .callback(client: l.client, callback: l.handler,
                      payload: ["event": .string(name), "id": .number(JSONNumber(l.id)), "payload": payload])
        }
    }

    /// Forgets every registration of `client` (a page that went away).
    public func forget(client: String) {
        state.withLock { s in
            s.pluginListeners.removeAll { $0.key.client == client }
            s.appListeners.removeAll { $0.client == client }
            s.nextIndex = s.nextIndex.filter { $0.key.client != client }
        }
    }
}

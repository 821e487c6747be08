import BridgeJSON

/// What a transport must deliver for the event hub.
public enum EventDelivery: Sendable, Equatable {
    /// Run the page's callback `callback` with `payload` (Tauri: `window.__TAURI_INTERNALS__.runCallback(id,
    /// payload)`), in the client that registered it (`nil`: a client that did not say who it is;
    /// every client may try it, only the one that owns the callback has it).
    case callback(client: String?, callback: UInt32, payload: JSON)
    /// A plugin event, for clients that watch every event (the stdio `bridge/event`
    /// notification, the Node client's `on("event")`).
    case event(PluginEvent)
}

import BridgeJSON

/// An event a plugin emits (Tauri's mobile `Plugin.trigger(event, data)`), such as
/// `share-extension`'s `shareReceived` when an item lands in the inbox.
public struct PluginEvent: Sendable, Equatable {
    public let plugin: String
    public let event: String
    public let payload: JSON

    public init(plugin: String, event: String, payload: JSON) {
        self.plugin = plugin
        self.event = event
        self.payload = payload
    }

    /// The name under which `listen()` from `@tauri-apps/api/event` receives it:
    /// `<plugin>://<event>` (Tauri's event names allow letters, digits, `-`, `/`, `:` and `_`).
    public var appEventName: String { "\(plugin)://\(event)" }
}

import BridgeJSON

/// Where a mobile plugin's listeners live: `addPluginListener(plugin, event, cb)` sends
/// `plugin:<p>|register_listener {event, handler: Channel}` and `PluginListener.unregister()`
/// `remove_listener {event, channelId}`, which Tauri's mobile `Plugin` base class answers for
/// every plugin (`registerListener` / `removeListener` in Swift and Kotlin), so the plugin's
/// `trigger` reaches the page's Channel. The session's event hub keeps them.
public protocol PluginListening: Sendable {
    func register(plugin: String, event: String, client: String?, channel: UInt32)
    @discardableResult
    func remove(plugin: String, event: String, client: String?, channel: UInt32) -> Bool
}

import BridgeDevice
import BridgeJSON

/// The settings of a `serve` session.
public struct ServerConfiguration: Sendable {
    /// The largest message accepted, in bytes (`--max-message-bytes`).
    public var maxMessageBytes: Int
    /// The name and version `initialize` reports.
    public var serverName: String
    public var serverVersion: String
    /// The globals a webview has before the page runs, by name, for the session's platform
    /// (`__TAURI_OS_PLUGIN_INTERNALS__`, which plugin-os's init script sets): `initialize`
    /// reports them as `globals`, and the Node client's `installMocks` defines them.
    public var pageGlobals: @Sendable (Platform) -> JSONObject = { _ in JSONObject() }

    public init(maxMessageBytes: Int = 16 * 1024 * 1024, serverName: String = "bridge", serverVersion: String) {
        self.maxMessageBytes = maxMessageBytes
        self.serverName = serverName
        self.serverVersion = serverVersion
    }
}

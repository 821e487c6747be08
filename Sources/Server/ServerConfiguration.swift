/// The settings of a `serve` session.
public struct ServerConfiguration: Sendable {
    /// The largest message accepted, in bytes (`--max-message-bytes`).
    public var maxMessageBytes: Int
    /// The name and version `initialize` reports.
    public var serverName: String
    public var serverVersion: String

    public init(maxMessageBytes: Int = 16 * 1024 * 1024, serverName: String = "bridge", serverVersion: String) {
        self.maxMessageBytes = maxMessageBytes
        self.serverName = serverName
        self.serverVersion = serverVersion
    }
}

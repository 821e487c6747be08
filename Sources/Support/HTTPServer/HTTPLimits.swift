/// The bounds the server puts on every connection, so a client cannot make it hold unbounded
/// memory, threads or time.
public struct HTTPLimits: Sendable, Equatable {
    /// The request line and header fields together, in bytes (also the bound on chunked trailers).
    public var maxHeaderBytes: Int
    /// The number of header fields.
    public var maxHeaderCount: Int
    /// The body, after chunked decoding, in bytes (`--max-message-bytes`).
    public var maxBodyBytes: Int
    /// Open connections; one more is answered 503 and closed.
    public var maxConnections: Int
    /// Seconds a connection may stay silent, between requests or inside one, before it is closed.
    public var idleTimeout: Double
    /// Seconds from a request's first byte to its last: a client dripping bytes is cut off (408).
    public var requestTimeout: Double
    /// Event streams open at once, apart from calls: past it a new stream is answered 503, and
    /// idle tabs never take every connection from the calls.
    public var maxStreams: Int
    /// Under pressure (three quarters of `maxConnections` open), the seconds a connection may
    /// take to send a request, or stay idle between requests: slow clients give their place
    /// to the ones that send at once.
    public var pressuredTimeout: Double

    public init(maxHeaderBytes: Int = 16 * 1024, maxHeaderCount: Int = 100, maxBodyBytes: Int = 16 * 1024 * 1024,
                maxConnections: Int = 64, idleTimeout: Double = 30, requestTimeout: Double = 30,
                maxStreams: Int = 32, pressuredTimeout: Double = 2) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maxStreams = maxStreams
        self.pressuredTimeout = pressuredTimeout
    }

    /// Whether `open` connections put the server under pressure.
    func underPressure(_ open: Int) -> Bool { open * 4 >= maxConnections * 3 }
}

import BridgeJSON

/// What the host asks the HTTP library to download (crosses the C boundary as JSON text).
struct DownloadRequest {
    let url: String
    /// The file the body is written to (created or truncated).
    let destination: String
    let maxBytes: Int
    let connectTimeoutMs: Int
    let readTimeoutMs: Int
    let maxRedirects: Int

    init?(json: JSON) {
        guard let url = json["url"]?.stringValue, let destination = json["destination"]?.stringValue else { return nil }
        self.url = url
        self.destination = destination
        maxBytes = json["maxBytes"]?.numberValue?.intValue ?? 10 << 20
        connectTimeoutMs = json["connectTimeoutMs"]?.numberValue?.intValue ?? 1500
        readTimeoutMs = json["readTimeoutMs"]?.numberValue?.intValue ?? 1500
        maxRedirects = json["maxRedirects"]?.numberValue?.intValue ?? 20
    }
}

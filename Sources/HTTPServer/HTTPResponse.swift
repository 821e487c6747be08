/// A response to send: status, header fields and body. `Content-Length`, `Connection` and
/// `Date`-free framing are added when it is written.
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A body read from a file as it is written (`body` is then unused): a large static file
    /// costs a 64 KiB buffer, not its size.
    public var file: HTTPFileBody?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain` response whose body is `message` and a newline: how every refusal says what
    /// to do.
    public static func text(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var h = headers
        h["Content-Type"] = "text/plain; charset=utf-8"
        return HTTPResponse(status: status, headers: h, body: Array((message + "\n").utf8))
    }

    /// The bytes on the wire. `keepAlive: false` adds `Connection: close`; `omitBody` (a `HEAD`
    /// request, a `100`/`204`/`304` status) writes the head only. `streaming` leaves the length
    /// open: the body is whatever follows until the connection closes.
    public func serialized(keepAlive: Bool, omitBody: Bool = false, streaming: Bool = false) -> [UInt8] {
        var out = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for field in headers where !HTTPHeaders.same(field.name, "Content-Length") && !HTTPHeaders.same(field.name, "Connection") {
            out += "\(field.name): \(field.value)\r\n"
        }
        let bodiless = status.code < 200 || status.code == 204 || status.code == 304
        if !streaming && !bodiless { out += "Content-Length: \(file?.length ?? body.count)\r\n" }
        if !keepAlive || streaming { out += "Connection: close\r\n" }
        out += "\r\n"
        var bytes = Array(out.utf8)
        if !omitBody && !bodiless && !streaming && file == nil { bytes += body }
        return bytes
    }
}

/// `length` bytes of the file at `path` from `offset`: a response body read as it is sent.
public struct HTTPFileBody: Sendable, Equatable {
    public let path: String
    public let offset: Int
    public let length: Int

    public init(path: String, offset: Int, length: Int) {
        self.path = path
        self.offset = offset
        self.length = length
    }
}

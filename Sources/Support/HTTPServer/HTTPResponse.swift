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
        var out: [UInt8] = []
        write(to: &out, keepAlive: keepAlive, omitBody: omitBody, streaming: streaming)
        return out
    }

    /// Appends `serialized(keepAlive:omitBody:streaming:)` to `out`: a connection's answers
    /// gather in one buffer, written in one system call.
    func write(to out: inout [UInt8], keepAlive: Bool, omitBody: Bool = false, streaming: Bool = false) {
        let bodiless = status.code < 200 || status.code == 204 || status.code == 304
        let withBody = !omitBody && !bodiless && !streaming && file == nil
        // Written as bytes into one buffer: no string per field, no copy of the whole at the end.
        out.reserveCapacity(out.count + 160 + headers.byteCount + (withBody ? body.count : 0))
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        HTTPResponse.appendDecimal(status.code, to: &out)
        out.append(32)
        out.append(contentsOf: status.reason.utf8)
        out.append(13); out.append(10)
        headers.writeSkippingFraming(to: &out)
        if !streaming && !bodiless {
            out.append(contentsOf: "Content-Length: ".utf8)
            HTTPResponse.appendDecimal(file?.length ?? body.count, to: &out)
            out.append(13); out.append(10)
        }
        if !keepAlive || streaming { out.append(contentsOf: "Connection: close\r\n".utf8) }
        out.append(13); out.append(10)
        if withBody { out.append(contentsOf: body) }
    }

    /// Appends `value` (not negative) in decimal digits, without a `String`.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { room in
            var rest = UInt(max(0, value)), at = room.count
            repeat {
                at -= 1
                room[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: room[at...]))
        }
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

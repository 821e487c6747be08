/// What the framer found in the byte stream.
public enum FrameEvent: Sendable, Equatable {
    /// One complete message body (the JSON text, without framing).
    case message([UInt8])
    /// A message longer than the byte cap; it was skipped without being buffered whole.
    /// `limit` is the cap in force.
    case oversized(limit: Int)
    /// Content-Length framing only: a header block that cannot be understood. The framer skips
    /// ahead to the next `Content-Length:` header.
    case malformedHeader(String)
    /// The input ended in the middle of a message; `byteCount` bytes of it were dropped.
    case truncated(byteCount: Int)
}

/// The framing of a session, chosen from its first bytes.
public enum FramingMode: Sendable, Equatable {
    /// Not decided yet: too few bytes seen.
    case undecided
    /// Newline-delimited JSON: one message per line.
    case lines
    /// LSP-style: `Content-Length: N` headers, a blank line, then N bytes of body.
    case contentLength

    /// Frames `body` for output in this mode (undecided frames as lines).
    public func frame(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        frame(body, into: &out)
        return out
    }

    /// Appends `body`, framed for this mode, to `out`.
    public func frame(_ body: [UInt8], into out: inout [UInt8]) {
        switch self {
        case .contentLength:
            out.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
            out.append(contentsOf: body)
        case .lines, .undecided:
            out.append(contentsOf: body)
            out.append(0x0A)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the parser found in the bytes so far.
public enum HTTPParseEvent: Sendable, Equatable {
    /// A whole request.
    case request(HTTPRequest)
    /// A request head with `Expect: 100-continue` whose body has not arrived: the server should
    /// answer `100 Continue` now (the request itself follows as `.request`).
    case continueExpected
    /// The bytes are not an acceptable request; answer with the status and close the connection.
    case failure(HTTPParseError)
}

/// Why a request was refused, with the status to answer and a sentence that says what to fix.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let status: HTTPStatus
    public let message: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status): \(message)" }
}

/// An incremental HTTP/1.0 and HTTP/1.1 request parser (RFC 9112), independent of any socket.
///
/// Feed bytes with `append(_:)` as they arrive, in chunks of any size, and pull events with
/// `next()` until it returns `nil`. Pipelined requests come out one by one, in order.
///
/// - Important: Memory is bounded by `limits`: a head over `maxHeaderBytes` or with more than
///   `maxHeaderCount` fields is refused (431), a body over `maxBodyBytes` is refused (413) before it
///   is buffered. After a `.failure` the parser stops: the connection must be closed, since the
///   next request's start can no longer be found reliably.
///
/// Framing rules, as RFC 9112 §6 asks of a server: `Transfer-Encoding: chunked` (the only coding
/// accepted, 501 for others) or `Content-Length` (digits only; repeated values must agree); both
/// at once is refused (400), since an intermediary could read them differently (request
/// smuggling). HTTP/1.1 requests need exactly one `Host`. Obsolete line folding, whitespace before
/// a field's colon and control characters in values are refused. Bare `LF` line ends are accepted.
public struct HTTPRequestParser: Sendable {
    public let limits: HTTPLimits

    private enum State: Sendable {
        case head
        /// Waiting for `remaining` body bytes of a Content-Length body.
        case body(remaining: Int)
        /// Chunked body: waiting for a chunk-size line.
        case chunkSize
        /// Chunked body: waiting for `remaining` data bytes, then the CRLF after them.
        case chunkData(remaining: Int)
        case chunkDataEnd
        /// Chunked body: the trailer section after the last chunk; `bytes` counted so far.
        case trailer(bytes: Int)
        case failed
    }

    private var state: State = .head
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the head resumes.
    private var scanFrom = 0
    /// The head being completed, while its body arrives.
    private var pending: (method: String, target: String, minor: Int, headers: HTTPHeaders)?
    private var body: [UInt8] = []
    private var continuePending = false

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Adds bytes read from the connection.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = state { return }
        if start > 0 && (start == buffer.count || start > 64 * 1024) {
            buffer.removeFirst(start)
            scanFrom -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes read from the connection.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Whether bytes of an unfinished request are buffered (a connection closed now loses them).
    public var isInsideRequest: Bool {
        switch state {
        case .head: return buffer.count > start && !buffer[start...].allSatisfy { $0 == 13 || $0 == 10 }
        case .failed: return false
        default: return true
        }
    }

    /// The next event, or `nil` when more bytes are needed.
    public mutating func next() -> HTTPParseEvent? {
        while true {
            switch state {
            case .failed:
                return nil
            case .head:
                guard let end = findHeadEnd() else {
                    // Up to 3 bytes of the blank line that ends the head may already be here: a
                    // head of the limit is refused or not whatever reads it arrived in.
                    if buffer.count - start > limits.maxHeaderBytes + 3 {
                        return fail(.headerFieldsTooLarge, "the request line and headers are over \(limits.maxHeaderBytes) bytes")
                    }
                    return nil
                }
                let head = Array(buffer[start..<end.contentEnd])
                start = end.next
                scanFrom = start
                if head.count > limits.maxHeaderBytes {
                    return fail(.headerFieldsTooLarge, "the request line and headers are over \(limits.maxHeaderBytes) bytes")
                }
                if let event = beginRequest(head) { return event }
            case .body(let remaining):
                let available = buffer.count - start
                if available == 0 && continuePending {
                    continuePending = false
                    return .continueExpected
                }
                let take = min(available, remaining)
                body.append(contentsOf: buffer[start..<start + take])
                start += take
                if take < remaining {
                    state = .body(remaining: remaining - take)
                    return nil
                }
                return completeRequest()
            case .chunkSize:
                if buffer.count == start && continuePending {
                    continuePending = false
                    return .continueExpected
                }
                continuePending = false
                guard let line = takeLine(limit: 1024) else {
                    if buffer.count - start > 1024 { return fail(.badRequest, "a chunk-size line is over 1024 bytes") }
                    return nil
                }
                guard let size = HTTPRequestParser.chunkSize(line) else {
                    return fail(.badRequest, "malformed chunk size \"\(String(decoding: line.prefix(40), as: UTF8.self))\" in a chunked body")
                }
                if size == 0 {
                    state = .trailer(bytes: 0)
                } else {
                    guard size <= limits.maxBodyBytes - body.count else { return tooLarge() }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(buffer.count - start, remaining)
                body.append(contentsOf: buffer[start..<start + take])
                start += take
                if take < remaining {
                    state = .chunkData(remaining: remaining - take)
                    return nil
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard let line = takeLine(limit: 2) else {
                    if buffer.count - start >= 2 { return fail(.badRequest, "chunk data is longer than its chunk size") }
                    return nil
                }
                guard line.isEmpty else { return fail(.badRequest, "chunk data is longer than its chunk size") }
                state = .chunkSize
            case .trailer(let bytes):
                guard let line = takeLine(limit: limits.maxHeaderBytes) else {
                    // The CR of the blank line ending a trailer of exactly the limit may be here
                    // alone: refused only past that, as a whole read would refuse it.
                    if bytes + buffer.count - start > limits.maxHeaderBytes + 1 {
                        return fail(.headerFieldsTooLarge, "the chunked trailer is over \(limits.maxHeaderBytes) bytes")
                    }
                    return nil
                }
                if line.isEmpty { return completeRequest() }
                let total = bytes + line.count + 2
                if total > limits.maxHeaderBytes {
                    return fail(.headerFieldsTooLarge, "the chunked trailer is over \(limits.maxHeaderBytes) bytes")
                }
                state = .trailer(bytes: total)
            }
        }
    }

    // MARK: Head

    /// The end of the head: `contentEnd` excludes the blank line, `next` is the first body byte.
    private mutating func findHeadEnd() -> (contentEnd: Int, next: Int)? {
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        while start < buffer.count, buffer[start] == 13 || buffer[start] == 10 {
            if buffer[start] == 13 && start + 1 >= buffer.count { return nil }
            start += 1
        }
        var i = max(scanFrom, start)
        let count = buffer.count
        while i < count {
            // The next line feed, found by memchr rather than a look at every byte.
            let lf = buffer.withUnsafeBufferPointer { b -> Int in
                guard let base = b.baseAddress, let p = memchr(base + i, 10, count - i) else { return count }
                return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }
            i = lf
            guard i < count else { break }
            // "\n\n" or "\n\r\n" ends the head.
            if i + 1 < count && buffer[i + 1] == 10 { return (i + 1, i + 2) }
            if i + 2 < count && buffer[i + 1] == 13 && buffer[i + 2] == 10 { return (i + 1, i + 3) }
            if i + 2 >= count { scanFrom = i; return nil }
            i += 1
        }
        scanFrom = i
        return nil
    }

    private mutating func beginRequest(_ head: [UInt8]) -> HTTPParseEvent? {
        var lines = HTTPRequestParser.Lines(head)
        guard let requestLine = lines.next() else { return fail(.badRequest, "empty request") }
        // Exactly two spaces, found in place: splitting made an array of three slices.
        let space = UInt8(ascii: " ")
        guard let first = requestLine.firstIndex(of: space),
              let second = requestLine[(first + 1)...].firstIndex(of: space),
              !requestLine[(second + 1)...].contains(space),
              first > requestLine.startIndex, second > first + 1 else {
            return fail(.badRequest, "malformed request line; expected METHOD TARGET HTTP/1.1")
        }
        let methodBytes = requestLine[..<first], targetBytes = requestLine[(first + 1)..<second]
        guard methodBytes.allSatisfy(HTTPRequestParser.isTokenByte) else {
            return fail(.badRequest, "malformed method in the request line")
        }
        guard targetBytes.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return fail(.badRequest, "the request target must be printable ASCII without spaces")
        }
        let version = requestLine[(second + 1)...]
        let v = version.startIndex
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[v + 6] == UInt8(ascii: "."),
              (48...57).contains(version[v + 5]), (48...57).contains(version[v + 7]) else {
            return fail(.badRequest, "malformed HTTP version in the request line")
        }
        guard version[v + 5] == UInt8(ascii: "1") else {
            return fail(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are served")
        }
        let minor = Int(version[v + 7] - 48)
        let method = String(decoding: methodBytes, as: UTF8.self)
        let target = String(decoding: targetBytes, as: UTF8.self)
        guard target.hasPrefix("/") || target == "*" && method == "OPTIONS" || target.hasPrefix("http://") else {
            return fail(.badRequest, "the request target must be a path starting with /")
        }
        var headers = HTTPHeaders(head: head)
        headers.reserveCapacity(24)
        if let refusal = HTTPRequestParser.scanFields(head, lines: &lines, into: &headers, maxCount: limits.maxHeaderCount) {
            return fail(refusal.status, refusal.message)
        }
        if minor >= 1 {
            let hosts = headers.all(.host)
            guard hosts.count == 1 else {
                return fail(.badRequest, hosts.isEmpty ? "an HTTP/1.1 request needs a Host header" : "more than one Host header")
            }
        }
        pending = (method, target, minor, headers)
        body = []
        let expects = headers.all(.expect)
        if !expects.isEmpty {
            guard expects.count == 1, expects[0].lowercased() == "100-continue" else {
                return fail(.expectationFailed, "only Expect: 100-continue is supported")
            }
        }
        let transferEncodings = headers.all(.transferEncoding)
        let lengths = headers.all(.contentLength)
        if !transferEncodings.isEmpty {
            guard lengths.isEmpty else {
                return fail(.badRequest, "both Transfer-Encoding and Content-Length: send one of them")
            }
            let codings = transferEncodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPWhitespace().lowercased() }
            guard codings == ["chunked"] else {
                return fail(.notImplemented, "Transfer-Encoding \(transferEncodings.joined(separator: ", ")) is not supported; send chunked or a Content-Length")
            }
            guard minor >= 1 else { return fail(.badRequest, "Transfer-Encoding in an HTTP/1.0 request") }
            continuePending = !expects.isEmpty
            state = .chunkSize
            return nil
        }
        var length = 0
        if lengths.count == 1, let value = lengths.first, !value.isEmpty, value.utf8.count <= 18,
           value.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(value) {
            // The usual case, one plain number: what the general rule below gives, without its sets.
            length = n
        } else if !lengths.isEmpty {
            let values = Set(lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { $0.trimmingHTTPWhitespace() })
            guard values.count == 1, let value = values.first, !value.isEmpty, value.utf8.count <= 18,
                  value.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(value) else {
                return fail(.badRequest, "malformed or conflicting Content-Length \(lengths.joined(separator: ", "))")
            }
            length = n
        }
        guard length <= limits.maxBodyBytes else { return tooLarge(length) }
        if length == 0 { return completeRequest() }
        continuePending = !expects.isEmpty
        state = .body(remaining: length)
        return nil
    }

    private mutating func completeRequest() -> HTTPParseEvent {
        state = .head
        continuePending = false
        guard let head = pending else { return fail(.internalServerError, "request without head") }
        pending = nil
        let request = HTTPRequest(method: head.method, target: head.target, minorVersion: head.minor, headers: head.headers, body: body)
        body = []
        return .request(request)
    }

    private mutating func tooLarge(_ length: Int? = nil) -> HTTPParseEvent {
        let size = length.map { "\($0) bytes" } ?? "more"
        return fail(.contentTooLarge, "the body is \(size), over the \(limits.maxBodyBytes)-byte limit (raise it with --max-message-bytes)")
    }

    private mutating func fail(_ status: HTTPStatus, _ message: String) -> HTTPParseEvent {
        state = .failed
        buffer = []
        start = 0
        scanFrom = 0
        body = []
        return .failure(HTTPParseError(status, message))
    }

    // MARK: Lines

    /// Takes one line (without its `\r\n` or `\n`) of at most `limit` bytes, or `nil` if it has not
    /// fully arrived.
    private mutating func takeLine(limit: Int) -> ArraySlice<UInt8>? {
        let end = min(buffer.count, start + limit + 2)
        guard let lf = buffer[start..<end].firstIndex(of: 10) else { return nil }
        var line = buffer[start..<lf]
        if line.last == 13 { line = line.dropLast() }
        start = lf + 1
        scanFrom = start
        return line
    }

    /// The non-empty lines of a head, without their `\r\n` or `\n`, one by one (no array of
    /// them is built).
    struct Lines: IteratorProtocol {
        let head: [UInt8]
        var position = 0

        init(_ head: [UInt8]) { self.head = head }

        mutating func next() -> ArraySlice<UInt8>? {
            while position < head.count {
                let start = position
                let end = head.withUnsafeBufferPointer { b -> Int in
                    guard let base = b.baseAddress, let lf = memchr(base + start, 10, b.count - start) else { return b.count }
                    return base.distance(to: lf.assumingMemoryBound(to: UInt8.self))
                }
                position = end + 1
                var line = head[start..<end]
                if line.last == 13 { line = line.dropLast() }
                if !line.isEmpty { return line }
            }
            return nil
        }
    }

    /// The size of a `chunk-size [; ext]` line, or `nil` when it is not hexadecimal.
    static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        var digits = line
        if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) { digits = line[line.startIndex..<semicolon] }
        while let last = digits.last, last == 32 || last == 9 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var n = 0
        for b in digits {
            guard let v = PercentEncoding.hexValue(b) else { return nil }
            n = n << 4 | Int(v)
        }
        return n
    }

    /// Reads the header field lines `lines` has left of `head` into `headers` as ranges of it (no
    /// `String` per field), or says why the head is refused.
    ///
    /// The usual line is read in one pass: a token, a colon, field-value bytes (eight at a time),
    /// then CR LF or LF. Any other line is cut as `Lines` cuts it and checked by `check(_:…)`,
    /// which refuses it: the one-pass reading only takes lines that check would take, the same
    /// way (a line cost ~460 instructions in three passes: its end, its colon, its value).
    static func scanFields(_ head: [UInt8], lines: inout Lines, into headers: inout HTTPHeaders,
                           maxCount: Int) -> (status: HTTPStatus, message: String)? {
        head.withUnsafeBufferPointer { b -> (status: HTTPStatus, message: String)? in
            guard let base = b.baseAddress else { return nil }
            let end = b.count
            var p = lines.position
            while p < end {
                // An empty line (LF, CR LF, or a CR ending the head), skipped as `Lines` skips it.
                if b[p] == 10 { p += 1; continue }
                if b[p] == 13 && (p + 1 == end || b[p + 1] == 10) { p = min(p + 2, end); continue }
                var i = p
                while i < end && isTokenByte(b[i]) { i += 1 }
                if i > p && i < end && b[i] == UInt8(ascii: ":") {
                    let colon = i
                    let stop = valueEnd(base, colon + 1, end)
                    // The line ends where its value stops at LF, CR LF, a CR ending the head, or the head's end.
                    var next = -1
                    if stop == end { next = end }
                    else if b[stop] == 10 { next = stop + 1 }
                    else if b[stop] == 13 && (stop + 1 == end || b[stop + 1] == 10) { next = min(stop + 2, end) }
                    if next >= 0 {
                        headers.add(name: p..<colon, value: HTTPHeaders.trimmed((colon + 1)..<stop, of: b))
                        if headers.count > maxCount { return (.headerFieldsTooLarge, "more than \(maxCount) header fields") }
                        p = next
                        continue
                    }
                }
                // Any other line, cut and checked as before.
                lines.position = p
                guard let line = lines.next() else { break }
                if let refusal = check(line, of: head, base: base, into: &headers, maxCount: maxCount) { return refusal }
                p = lines.position
            }
            lines.position = end
            return nil
        }
    }

    /// One header field line (without its line end): added to `headers`, or why it is refused.
    static func check(_ line: ArraySlice<UInt8>, of head: [UInt8], base: UnsafePointer<UInt8>, into headers: inout HTTPHeaders,
                              maxCount: Int) -> (status: HTTPStatus, message: String)? {
        let start = line.startIndex, end = line.endIndex
        if head[start] == 32 || head[start] == 9 { return (.badRequest, "obsolete line folding in header fields is not accepted") }
        let colon = memchr(base + start, 58, end - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end
        guard colon < end, colon > start else { return (.badRequest, "malformed header field line (no name and colon)") }
        for i in start..<colon where !isTokenByte(head[i]) {
            return (.badRequest, "malformed header field name \"\(String(decoding: head[start..<min(colon, start + 40)], as: UTF8.self))\"")
        }
        if !isFieldValue(base, colon + 1, end) {
            return (.badRequest, "control characters in the value of \(String(decoding: head[start..<colon], as: UTF8.self))")
        }
        headers.add(name: start..<colon, value: HTTPHeaders.trimmed((colon + 1)..<end, of: head))
        if headers.count > maxCount { return (.headerFieldsTooLarge, "more than \(maxCount) header fields") }
        return nil
    }

    /// Whether the bytes `from..<to` are a field value's: a tab, or any byte from a space up but
    /// DEL.
    static func isFieldValue(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        valueEnd(base, from, to) == to
    }

    /// Where the field-value bytes from `from` stop before `to`: the first byte that is neither a
    /// tab nor a space or above but DEL (a line's CR or LF), or `to`. Eight bytes at a time: a
    /// word's bytes below a space or DEL are flagged, and the lowest flag is exactly the first
    /// of them (a borrow only runs upwards); a tab there is stepped over.
    static func valueEnd(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = from
        while i < to {
            if i + 8 <= to {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let controls = (word &- 0x20 &* ones) & ~word & highs
                let del = word ^ (0x7F &* ones)
                let flags = controls | ((del &- ones) & ~del & highs)
                if flags == 0 {
                    i += 8
                    continue
                }
                let first = i + flags.trailingZeroBitCount >> 3
                guard base[first] == 9 else { return first }
                i = first + 1
                continue
            }
            let c = base[i]
            guard c == 9 || (c >= 32 && c != 127) else { return i }
            i += 1
        }
        return to
    }

    /// RFC 9110 `tchar` (`!#$%&'*+-.^_`|~`, digits and ASCII letters), as one bit of two
    /// masks: a shift and a test a byte, where a `switch` over the ranges cost ~10.
    @inline(__always)
    static func isTokenByte(_ b: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_6CFA_0000_0000, high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        return b < 128 && ((b < 64 ? low : high) >> UInt64(b & 63)) & 1 != 0
    }
}

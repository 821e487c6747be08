#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental parser from a byte stream to messages: NDJSON, or LSP-style `Content-Length`
/// framing when the stream begins with a `Content-Length:` (or other `Content-`) header.
///
/// Feed bytes with `append(_:)` as they arrive, in chunks of any size, and pull events with
/// `next()` until it returns `nil`; call `finish()` once at end of input.
///
/// - Important: Memory is bounded by about twice `maxMessageBytes`: a message over the cap is
///   reported once as `.oversized` and its remaining bytes are discarded as they arrive.
///
/// Line mode: `\n` ends a message, a trailing `\r` is removed, whitespace before a message (blank
/// lines included, of any length) is skipped, and a last line without `\n` at end of input is
/// still a message.
/// Header mode: headers end at a blank line (`\r\n\r\n`, or `\n\n`); `Content-Length` is required,
/// other headers are ignored; the body is exactly that many bytes. After a malformed header block
/// the framer resumes at the next `Content-Length:`, wherever it starts.
///
/// - Important: The same bytes give the same events however they are split into `append` calls.
public struct MessageFramer: Sendable {
    /// The largest message body accepted, in bytes.
    public let maxMessageBytes: Int
    /// The largest header block accepted in Content-Length mode.
    public static let maxHeaderBytes = 8192

    /// The framing in force; decided by the first non-whitespace bytes.
    public private(set) var mode: FramingMode = .undecided

    private enum State: Sendable {
        case ready
        /// Line mode: discarding an oversized line up to its newline.
        case skippingLine
        /// Header mode: waiting for `length` body bytes.
        case body(length: Int)
        /// Header mode: discarding `remaining` bytes of an oversized body.
        case skippingBody(remaining: Int)
        /// Header mode: after a malformed header, dropping bytes until the next `Content-Length:`.
        case resync
    }

    private var state: State = .ready
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes (avoids rescanning a long partial line).
    private var scanFrom = 0

    /// A framer that accepts messages of at most `maxMessageBytes` bytes.
    public init(maxMessageBytes: Int = 16 * 1024 * 1024) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfUseful()
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    private var pending: Int { buffer.count - start }

    private mutating func compactIfUseful() {
        if start > 0 && (start >= buffer.count || start > 65536 && start * 2 > buffer.count) {
            buffer.removeSubrange(0..<start)
            scanFrom -= start
            start = 0
        }
    }

    private mutating func consume(_ count: Int) {
        start += count
        if scanFrom < start { scanFrom = start }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
            scanFrom = 0
        }
    }

    /// The next event the bytes so far allow, or `nil` when more bytes are needed.
    public mutating func next() -> FrameEvent? {
        while true {
            if mode == .undecided {
                guard decideMode(atEnd: false) else { return nil }
            }
            let (event, progressed) = mode == .lines ? nextLineEvent() : nextHeaderEvent()
            if let event { return event }
            if !progressed { return nil }
        }
    }

    /// Ends the stream: reports a partial message, if any, and resets the framer.
    /// A last NDJSON line without its newline is returned as a message.
    public mutating func finish() -> FrameEvent? {
        defer {
            buffer = []
            start = 0
            scanFrom = 0
            state = .ready
        }
        if mode == .undecided { _ = decideMode(atEnd: true) }
        switch state {
        case .skippingLine, .skippingBody:
            return nil
        case .resync:
            return nil
        case .body:
            return .truncated(byteCount: pending)
        case .ready:
            skipWhitespace()
            guard pending > 0 else { return nil }
            let rest = Array(buffer[start...])
            if mode == .lines {
                var body = rest
                if body.last == 0x0D { body.removeLast() }
                return body.count > maxMessageBytes ? .oversized(limit: maxMessageBytes) : .message(body)
            }
            return .truncated(byteCount: rest.count)
        }
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static let headerPrefix = Array("content-".utf8)

    /// Looks at the first non-whitespace bytes; returns whether the mode is now decided.
    private mutating func decideMode(atEnd: Bool) -> Bool {
        var k = start
        while k < buffer.count && MessageFramer.isWhitespace(buffer[k]) { k += 1 }
        let available = buffer.count - k
        let prefix = MessageFramer.headerPrefix
        let compared = min(available, prefix.count)
        for j in 0..<compared where MessageFramer.lower(buffer[k + j]) != prefix[j] {
            mode = .lines
            return true
        }
        if compared == prefix.count {
            mode = .contentLength
            return true
        }
        if atEnd {
            mode = .lines
            return true
        }
        return false
    }

    static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }

    private func indexOfNewline(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBytes { b -> Int? in
            guard let base = b.baseAddress,
                  let hit = memchr(base + from, 0x0A, b.count - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
    }

    // MARK: Line mode

    private mutating func nextLineEvent() -> (FrameEvent?, Bool) {
        if case .ready = state {
            // Whitespace before a message (blank lines included) is not part of it, however long.
            skipWhitespace()
            guard pending > 0 else { return (nil, false) }
        }
        guard let newline = indexOfNewline(from: max(scanFrom, start)) else {
            scanFrom = buffer.count
            if case .skippingLine = state {
                consume(pending)
                return (nil, false)
            }
            // One byte of slack for the `\r` that may precede the newline.
            if pending > maxMessageBytes + 1 {
                consume(pending)
                state = .skippingLine
                return (.oversized(limit: maxMessageBytes), false)
            }
            return (nil, false)
        }
        if case .skippingLine = state {
            consume(newline + 1 - start)
            state = .ready
            return (nil, true)
        }
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = buffer[start..<end]
        consume(newline + 1 - start)
        if line.count > maxMessageBytes { return (.oversized(limit: maxMessageBytes), true) }
        return (.message(Array(line)), true)
    }

    /// Drops the whitespace at the front of the buffer.
    private mutating func skipWhitespace() {
        var k = start
        while k < buffer.count && MessageFramer.isWhitespace(buffer[k]) { k += 1 }
        if k > start { consume(k - start) }
    }

    // MARK: Content-Length mode

    private mutating func nextHeaderEvent() -> (FrameEvent?, Bool) {
        switch state {
        case .ready, .skippingLine:
            return readHeaders()
        case .body(let length):
            guard pending >= length else { return (nil, false) }
            let body = Array(buffer[start..<start + length])
            consume(length)
            state = .ready
            return (.message(body), true)
        case .skippingBody(let remaining):
            let dropped = min(remaining, pending)
            consume(dropped)
            if dropped == remaining {
                state = .ready
                return (nil, true)
            }
            state = .skippingBody(remaining: remaining - dropped)
            return (nil, false)
        case .resync:
            return resync()
        }
    }

    private mutating func readHeaders() -> (FrameEvent?, Bool) {
        // Blank lines between messages are tolerated.
        skipWhitespace()
        guard pending > 0 else { return (nil, false) }
        // Find the blank line that ends the header block, resuming at the first line not yet
        // seen complete (a block arriving byte by byte is not rescanned from its start).
        var lineStart = max(scanFrom, start)
        var blockEnd: Int? = nil
        while let newline = indexOfNewline(from: lineStart) {
            var end = newline
            if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
            if end == lineStart {
                blockEnd = newline + 1
                break
            }
            lineStart = newline + 1
        }
        if blockEnd == nil { scanFrom = lineStart }
        // Decided the same way whether the block arrived whole or in pieces: a block longer
        // than the cap is malformed, and the search for the next header starts one byte in.
        if (blockEnd.map { $0 - start } ?? pending) > MessageFramer.maxHeaderBytes {
            consume(1)
            scanFrom = start
            state = .resync
            return (.malformedHeader("header block longer than \(MessageFramer.maxHeaderBytes) bytes"), true)
        }
        guard let blockEnd else { return (nil, false) }
        var lines: [ArraySlice<UInt8>] = []
        lineStart = start
        while lineStart < blockEnd, let newline = indexOfNewline(from: lineStart) {
            var end = newline
            if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
            if end > lineStart { lines.append(buffer[lineStart..<end]) }
            lineStart = newline + 1
        }
        consume(blockEnd - start)
        var length: Int? = nil
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                state = .resync
                return (.malformedHeader("header line without ':': \(MessageFramer.printable(line))"), true)
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                state = .resync
                return (.malformedHeader("Content-Length is not a decimal byte count: \(MessageFramer.printable(line))"), true)
            }
            length = Int(value) ?? Int.max
        }
        guard let length else {
            state = .resync
            return (.malformedHeader("missing Content-Length header"), true)
        }
        if length > maxMessageBytes {
            state = .skippingBody(remaining: length)
            return (.oversized(limit: maxMessageBytes), true)
        }
        state = .body(length: length)
        return (nil, true)
    }

    /// After a malformed header: drops bytes up to the next `Content-Length:` header, wherever it
    /// starts (at a line start, or right after a body, where a framed stream has no newline).
    private mutating func resync() -> (FrameEvent?, Bool) {
        let needle = MessageFramer.contentLength
        let found: Int? = buffer.withUnsafeBytes { b -> Int? in
            var k = start
            while k + needle.count <= b.count {
                if MessageFramer.lower(b[k]) == needle[0] {
                    var j = 1
                    while j < needle.count && MessageFramer.lower(b[k + j]) == needle[j] { j += 1 }
                    if j == needle.count { return k }
                }
                k += 1
            }
            return nil
        }
        if let found {
            consume(found - start)
            scanFrom = start
            state = .ready
            return (nil, true)
        }
        // Keep what could be the start of a header split across reads; drop the rest.
        let keep = needle.count - 1
        if pending > keep { consume(pending - keep) }
        return (nil, false)
    }

    private static let contentLength = Array("content-length:".utf8)

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return "\"" + text + (bytes.count > 80 ? "…" : "") + "\""
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}

extension MessageFramer {
    /// The bytes held, waiting for the rest of a message (for memory-bound checks).
    public var bufferedByteCount: Int { buffer.count - start }
}

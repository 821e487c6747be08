import Dispatch
import Synchronization

/// One request and the means to answer it, handed to the server's handler.
///
/// - Important: The handler must call `respond(_:)` or `openStream(_:)` exactly once, from any
///   thread, now or later; the connection waits for it before it reads the next request. A second
///   answer is ignored.
public final class HTTPExchange: Sendable {
    public let request: HTTPRequest

    enum Answer: Sendable {
        case response(HTTPResponse)
        case stream(HTTPResponse, HTTPEventStream)
    }

    private let answer = Mutex<Answer?>(nil)
    private let answered = DispatchSemaphore(value: 0)
    private let connection: HTTPConnectionWriter

    init(request: HTTPRequest, connection: HTTPConnectionWriter) {
        self.request = request
        self.connection = connection
    }

    /// Answers with `response`.
    public func respond(_ response: HTTPResponse) {
        let first = answer.withLock { a -> Bool in
            guard a == nil else { return false }
            a = .response(response)
            return true
        }
        if first { answered.signal() }
    }

    /// Answers with `head` and keeps the connection for a stream of bytes (Server-Sent Events):
    /// the stream stays open until the client goes away or `close()` is called.
    /// - Returns: the stream, or `nil` when the exchange was already answered.
    public func openStream(_ head: HTTPResponse) -> HTTPEventStream? {
        let stream = HTTPEventStream(writer: connection)
        let first = answer.withLock { a -> Bool in
            guard a == nil else { return false }
            a = .stream(head, stream)
            return true
        }
        guard first else { return nil }
        answered.signal()
        return stream
    }

    func waitForAnswer() -> Answer {
        answered.wait()
        return answer.withLock { $0 } ?? .response(.text(.internalServerError, "no answer"))
    }
}

/// The body of a streamed response: bytes written as they come, until either side closes.
public final class HTTPEventStream: Sendable {
    private struct State {
        var started = false
        var closed = false
        /// Bytes sent before the response head was written; written right after it.
        var pending: [UInt8] = []
        var onClose: [@Sendable () -> Void] = []
    }

    private let writer: HTTPConnectionWriter
    private let state = Mutex(State())

    init(writer: HTTPConnectionWriter) {
        self.writer = writer
    }

    /// Whether the stream can still be written.
    public var isOpen: Bool { !state.withLock { $0.closed } }

    /// Writes `bytes`; returns `false` when the stream is closed (the bytes are dropped).
    /// Bytes sent before the response head is on the wire are kept and follow it.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let now = state.withLock { s -> Bool? in
            if s.closed { return nil }
            if !s.started {
                s.pending += bytes
                return false
            }
            return true
        }
        guard let now else { return false }
        guard now else { return true }
        if !writer.write(bytes) {
            close()
            return false
        }
        return true
    }

    /// Runs `handler` once when the stream closes (at once if it already has).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { s -> Bool in
            if s.closed { return true }
            s.onClose.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Closes the stream and, with it, the connection.
    public func close() {
        let handlers = state.withLock { s -> [@Sendable () -> Void]? in
            if s.closed { return nil }
            s.closed = true
            defer { s.onClose = [] }
            return s.onClose
        }
        guard let handlers else { return }
        writer.shutdown()
        for handler in handlers { handler() }
    }

    /// Called by the connection once the head is written: flushes what was sent before.
    func markStarted() {
        let pending = state.withLock { s -> [UInt8] in
            s.started = true
            defer { s.pending = [] }
            return s.pending
        }
        if !pending.isEmpty && !writer.write(pending) { close() }
    }
}

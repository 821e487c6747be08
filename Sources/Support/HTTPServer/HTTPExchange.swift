import BridgeSystem
import Dispatch
import Glibc
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
    /// Whether a stream may open (fewer than `maxStreams` are).
    private let admitsStream: Bool
    private let maxStreams: Int

    init(request: HTTPRequest, connection: HTTPConnectionWriter, admitsStream: Bool = true, maxStreams: Int = 32) {
        self.request = request
        self.connection = connection
        self.admitsStream = admitsStream
        self.maxStreams = maxStreams
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
    /// - Returns: the stream, or `nil` when the exchange was already answered, or when the
    ///   server has its most streams open (it is then answered 503).
    public func openStream(_ head: HTTPResponse) -> HTTPEventStream? {
        guard admitsStream else {
            respond(.text(.serviceUnavailable, "the bridge has \(maxStreams) event streams open, its limit; close a tab (or its EventSource) and retry"))
            return nil
        }
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
        /// Bytes waiting for the socket, in order: sent before the head was written, or while
        /// the drain is behind. Bounded by `maxQueuedBytes`. One buffer, so a drain writes
        /// everything that gathered in one system call (an event each cost a `send`: under
        /// callgrind's one-thread-at-a-time scheduling the drain then fell 1 MiB behind 16
        /// connections and the stream was dropped).
        var queued: [UInt8] = []
        /// Whether a drain is scheduled or running on `queue`.
        var draining = false
        var onClose: [@Sendable () -> Void] = []
    }

    /// The most bytes a stream holds for a reader that does not read; past it the reader has
    /// fallen behind and is dropped (its page's `EventSource` reconnects). A caller never
    /// waits on a reader: `send` writes only what the socket takes at once, and queues the rest.
    public static let maxQueuedBytes = 1 << 20
    /// How long one write may block on a reader's full socket before the reader is dropped.
    public static let sendTimeoutSeconds = 10

    private let writer: HTTPConnectionWriter
    private let state = SharedLock(State())
    /// A pipe whose read end wakes the connection's own thread (`drainIfWoken`), which writes
    /// what the socket could not take at once: off every caller's thread, and on no shared pool
    /// that busy calls could keep it waiting on until the stream falls behind.
    private let wake: (read: Int32, write: Int32)

    init(writer: HTTPConnectionWriter) {
        self.writer = writer
        writer.setSendTimeout(seconds: HTTPEventStream.sendTimeoutSeconds)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        if wake.read >= 0 { Glibc.close(wake.read) }
        if wake.write >= 0 { Glibc.close(wake.write) }
    }

    /// The descriptor the connection's thread polls to learn that bytes wait (`-1`: none could
    /// be made; the connection then drains at each wake-up of its own).
    var wakeDescriptor: Int32 { wake.read }

    /// Asks the connection's thread to drain.
    private func signalDrain() {
        var one: UInt8 = 1
        if wake.write >= 0 { _ = Glibc.write(wake.write, &one, 1) }
    }

    /// On the connection's thread: empties the wake pipe and writes what is queued.
    func drainIfWoken() {
        var scratch = [UInt8](repeating: 0, count: 64)
        if wake.read >= 0 { while scratch.withUnsafeMutableBytes({ Glibc.read(wake.read, $0.baseAddress, $0.count) }) > 0 {} }
        let scheduled = state.withLock { $0.draining }
        if scheduled { drain() }
    }

    /// Whether the stream can still be written.
    public var isOpen: Bool { !state.withLock { $0.closed } }

    /// Sends `bytes` to the reader: written at once when nothing else waits and the socket has
    /// room, queued otherwise (in order). Returns `false` when the stream is closed (the bytes
    /// are dropped), or when the reader has fallen `maxQueuedBytes` behind or is gone (the
    /// stream is closed). Never blocks on the socket.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        enum Next { case closed, queued, drain, inline, overflow }
        let next = state.withLock { s -> Next in
            if s.closed { return .closed }
            if s.queued.count + bytes.count > HTTPEventStream.maxQueuedBytes { return .overflow }
            if s.started && !s.draining && s.queued.isEmpty {
                // Nothing waits and nobody writes: this caller writes what the socket takes
                // now (never waiting for room), and only a rest is left to the queue.
                s.draining = true
                return .inline
            }
            s.queued.append(contentsOf: bytes)
            guard s.started, !s.draining else { return .queued }
            s.draining = true
            return .drain
        }
        switch next {
        case .closed: return false
        case .overflow:
            close()
            return false
        case .queued: return true
        case .drain:
            signalDrain()
            return true
        case .inline:
            guard let written = writer.writeAvailable(bytes) else {
                state.withLock { $0.draining = false }
                close()
                return false
            }
            let rest = written < bytes.count ? bytes[written...] : nil
            let drain = state.withLock { s -> Bool in
                if let rest, !s.closed { s.queued.insert(contentsOf: rest, at: 0) }
                guard !s.closed, !s.queued.isEmpty else {
                    s.draining = false
                    return false
                }
                return true
            }
            if drain { signalDrain() }
            return true
        }
    }

    /// Writes what is queued until nothing is; a write that fails or times out closes the stream.
    /// Runs on the connection's thread only.
    private func drain() {
        while true {
            let gathered = state.withLock { s -> [UInt8]? in
                guard !s.closed, !s.queued.isEmpty else {
                    s.draining = false
                    return nil
                }
                defer { s.queued = [] }
                return s.queued
            }
            guard let gathered else { return }
            if !writer.write(gathered) {
                close()
                return
            }
        }
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

    /// Called on the connection's thread once the head is written: flushes what was sent before.
    func markStarted() {
        let drain = state.withLock { s -> Bool in
            s.started = true
            guard !s.queued.isEmpty, !s.draining else { return false }
            s.draining = true
            return true
        }
        if drain { self.drain() }
    }
}

import BridgeSystem
import Glibc

/// The body of a streamed response: bytes written as they come, until either side closes.
///
/// A sender never waits on the reader: `send` writes what the socket takes at once and queues
/// the rest, and the connection's event loop writes the queue as the socket makes room. On an
/// event loop's own thread (a call answered there), `send` only queues: the loop writes
/// everything its turn queued in one system call at the end of the turn, before the turn's
/// answers, so a page still learns of a call before its answer arrives.
public final class HTTPEventStream: Sendable {
    private struct State {
        var started = false
        var closed = false
        /// Bytes waiting for the socket, in order: sent before the head was written, during a
        /// loop's turn, or while the socket is full. Bounded by `maxQueuedBytes`. One buffer,
        /// so a write takes everything that gathered in one system call.
        var queued: [UInt8] = []
        /// Whether one writer holds the socket: a sender writing inline, a loop that queued
        /// during its turn, or the connection's loop. Others only queue; the holder writes the
        /// queue before letting go, so bytes go out in the order they were sent, never torn.
        var draining = false
        /// Whether the holder handed the queue to the connection's loop (the socket was full).
        var handedOver = false
        var onClose: [@Sendable () -> Void] = []
    }

    /// What a write of the queue left.
    enum Drained: Equatable {
        /// Nothing is queued.
        case idle
        /// The socket is full and bytes are left: the connection's loop waits for room.
        /// `progressed`: whether the socket took some bytes first.
        case blocked(progressed: Bool)
        /// The stream is closed.
        case closed
    }

    /// The most bytes a stream holds for a reader that does not read; past it the reader has
    /// fallen behind and is dropped (its page's `EventSource` reconnects).
    public static let maxQueuedBytes = 1 << 20
    /// How long a reader's full socket may refuse every byte before the reader is dropped.
    public static let sendTimeoutSeconds: Double = 10

    private let writer: HTTPConnectionWriter
    private let state = SharedLock(State())
    /// Asks the connection's loop to write the queue (`writeQueued`) on its thread.
    private let wake: @Sendable () -> Void

    init(writer: HTTPConnectionWriter, wake: @escaping @Sendable () -> Void = {}) {
        self.writer = writer
        self.wake = wake
    }

    /// Whether the stream can still be written.
    public var isOpen: Bool { !state.withLock { $0.closed } }

    /// Sends `bytes` to the reader, in order with every other send: written at once when
    /// nothing else waits and the socket has room, queued otherwise. Returns `false` when the
    /// stream is closed (the bytes are dropped), or when the reader has fallen `maxQueuedBytes`
    /// behind (the stream is closed). Never blocks on the socket.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        enum Next { case closed, queued, atEndOfTurn, inline, overflow }
        let loop = HTTPEventLoop.current
        let next = state.withLock { s -> Next in
            if s.closed { return .closed }
            if s.queued.count + bytes.count > HTTPEventStream.maxQueuedBytes { return .overflow }
            guard s.started, !s.draining else {
                s.queued.append(contentsOf: bytes)
                return .queued
            }
            s.draining = true
            if loop != nil {
                s.queued.append(contentsOf: bytes)
                return .atEndOfTurn
            }
            // Nothing waits and nobody writes: this caller writes what the socket takes now
            // (never waiting for room), and only a rest is left to the queue.
            return .inline
        }
        switch next {
        case .closed: return false
        case .overflow:
            close()
            return false
        case .queued: return true
        case .atEndOfTurn:
            loop?.writeAtEndOfTurn(self)
            return true
        case .inline:
            guard let written = writer.writeAvailable(bytes) else {
                state.withLock { $0.draining = false }
                close()
                return false
            }
            let rest = written < bytes.count ? bytes[written...] : nil
            let left = state.withLock { s -> Bool in
                if let rest, !s.closed { s.queued.insert(contentsOf: rest, at: 0) }
                guard !s.closed, !s.queued.isEmpty else {
                    s.draining = false
                    return false
                }
                s.handedOver = true
                return true
            }
            if left { wake() }
            return true
        }
    }

    /// On the connection's loop: writes what was handed to it and the socket takes now,
    /// without waiting for room. Does nothing when nothing was handed over.
    func writeQueued() -> Drained {
        guard state.withLock({ $0.handedOver }) else { return isOpen ? .idle : .closed }
        return writeAsHolder()
    }

    /// Writes, at the end of a loop's turn, what was queued during it; a rest the socket did
    /// not take is handed to the connection's own loop.
    func endTurn() {
        if case .blocked = writeAsHolder() { wake() }
    }

    /// Writes the queue while the socket takes it, as the one holding the socket: lets go once
    /// it is empty; when the socket is full, the rest stays first in the queue and is handed to
    /// the connection's loop.
    private func writeAsHolder() -> Drained {
        var progressed = false
        while true {
            let gathered = state.withLock { s -> [UInt8]? in
                guard !s.closed, !s.queued.isEmpty else {
                    s.draining = false
                    s.handedOver = false
                    return nil
                }
                defer { s.queued = [] }
                return s.queued
            }
            guard let gathered else { return isOpen ? .idle : .closed }
            guard let written = writer.writeAvailable(gathered) else {
                close()
                return .closed
            }
            if written < gathered.count {
                state.withLock { s in
                    if !s.closed { s.queued.insert(contentsOf: gathered[written...], at: 0) }
                    s.handedOver = true
                }
                return .blocked(progressed: progressed || written > 0)
            }
            progressed = true
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
            s.queued = []
            defer { s.onClose = [] }
            return s.onClose
        }
        guard let handlers else { return }
        writer.shutdown()
        for handler in handlers { handler() }
    }

    /// Called on the connection's loop once the head is written: writes what was sent before.
    func markStarted() -> Drained {
        let write = state.withLock { s -> Bool in
            s.started = true
            guard !s.queued.isEmpty, !s.draining else { return false }
            s.draining = true
            return true
        }
        return write ? writeAsHolder() : (isOpen ? .idle : .closed)
    }
}

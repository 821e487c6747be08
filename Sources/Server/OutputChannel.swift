import BridgeFraming
import Foundation

/// The single writer of the protocol stream: every message the session sends goes through here.
///
/// `send` frames a message and queues it without blocking on I/O; one writer thread drains the
/// queue with `write(2)`, coalescing messages that arrive together into one system call. When
/// the reader of the stream goes away (`EPIPE` or any other write error) the channel closes,
/// drops what is queued and calls `onClosed` once; it never busy-loops and never raises SIGPIPE
/// (the caller ignores that signal).
final class OutputChannel: @unchecked Sendable {
    // Sendable proof: every stored `var` below is read and written only while `condition` is
    // locked; `fd` and `onClosed` are immutable.
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var writing = false
    private var closed = false
    private var corked = false
    private var mode: FramingMode = .lines
    private let fd: Int32
    private let onClosed: @Sendable () -> Void

    /// A channel writing to `fd`; `onClosed` runs once, on the writer thread, if the stream breaks.
    init(fd: Int32, onClosed: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.onClosed = onClosed
        let thread = Thread { [self] in writerLoop() }
        thread.name = "bridge.output"
        thread.start()
    }

    /// Sets the framing of every later message (the framing the peer chose for its input).
    func setMode(_ newMode: FramingMode) {
        condition.lock()
        mode = newMode
        condition.unlock()
    }

    /// Queues one message body, framed for the session.
    func send(_ body: [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        let wasEmpty = pending.isEmpty
        mode.frame(body, into: &pending)
        if wasEmpty && !corked { condition.broadcast() }
    }

    /// Holds writes back while the reader handles one chunk of input, so the answers to a
    /// burst of pipelined requests leave in one `write(2)` instead of one each.
    /// - Important: pair with `uncork()` before blocking on input; `flush()` uncorks.
    func cork() {
        condition.lock()
        corked = true
        condition.unlock()
    }

    /// Lets the writer send what queued up while corked.
    func uncork() {
        condition.lock()
        corked = false
        if !pending.isEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// Blocks until everything queued so far is written (or the stream has closed).
    func flush() {
        condition.lock()
        corked = false
        condition.broadcast()
        while (!pending.isEmpty || writing) && !closed { condition.wait() }
        condition.unlock()
    }

    private func writerLoop() {
        var batch: [UInt8] = []
        while true {
            condition.lock()
            while pending.isEmpty || corked { condition.wait() }
            swap(&batch, &pending)
            writing = true
            condition.unlock()

            let ok = FileDescriptorIO.writeAll(fd, batch)
            batch.removeAll(keepingCapacity: batch.capacity <= 1 << 20)

            condition.lock()
            writing = false
            if !ok {
                closed = true
                pending = []
            }
            condition.broadcast()
            condition.unlock()
            if !ok {
                onClosed()
                return
            }
        }
    }
}

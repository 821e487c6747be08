import BridgeFraming
import BridgeJSON
import BridgeProtocol
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// The single writer of the protocol stream: every message the session sends goes through here.
///
/// `send` queues a message without blocking; one writer thread drains the queue, serialising and
/// framing the messages and coalescing those that arrive together into one `write(2)`. When
/// the reader of the stream goes away (`EPIPE` or any other write error) the channel closes,
/// drops what is queued and calls `onClosed` once; it never busy-loops and never raises SIGPIPE
/// (the caller ignores that signal).
final class OutputChannel: @unchecked Sendable {
    // Sendable proof: every stored `var` below is read and written only while `condition` is
    // locked; `fd` is immutable. (So the queue needs no exclusivity check of its own at run
    // time: the lock gives it, and the check cost ~130 instructions a message.)
    private let condition = Condition()
    @exclusivity(unchecked) private var pending: [OutboundMessage] = []
    private var writing = false
    private var closed = false
    private var corked = false
    private var mode: FramingMode = .lines
    private let fd: Int32

    /// A channel writing to `fd`; nothing is written before `start`.
    init(fd: Int32) {
        self.fd = fd
    }

    /// Starts the writer thread; `onClosed` runs once, on that thread, if the stream breaks;
    /// `written` runs on that thread after each successful write with the answers it carried,
    /// when `wanted` says someone waits for them, before `flush` returns.
    func start(onClosed: @escaping @Sendable () -> Void,
               written: WrittenAnswers? = nil) {
        Threads.detach { [self] in writerLoop(onClosed: onClosed, written: written) }
    }

    /// Sets the framing of every later message (the framing the peer chose for its input).
    func setMode(_ newMode: FramingMode) {
        condition.lock()
        mode = newMode
        condition.unlock()
    }

    /// Queues one message, to be framed for the session when it is written.
    func send(_ message: OutboundMessage) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        let wasEmpty = pending.isEmpty
        pending.append(message)
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

    /// Blocks while more than `limit` messages wait for the peer (it is not reading what the
    /// session writes), so the session stops reading requests until the peer catches up:
    /// backpressure, as a socket gives it. Returns at once once the stream has closed.
    func waitWhileBehind(limit: Int) {
        condition.lock()
        while pending.count > limit && !closed { condition.wait() }
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

    /// Who hears which answers were written: asked first whether anyone waits (`wanted`), so
    /// a session where nobody does pays one atomic load per write.
    struct WrittenAnswers: Sendable {
        let wanted: @Sendable () -> Bool
        let written: @Sendable ([(id: RequestID, succeeded: Bool)]) -> Void
    }

    /// The text a writer holds before it writes it out, inside a byte result.
    static let drainThreshold = 1 << 20

    private func writerLoop(onClosed: @Sendable () -> Void, written: WrittenAnswers?) {
        var batch: [OutboundMessage] = []
        var bytes: [UInt8] = []
        while true {
            condition.lock()
            while pending.isEmpty || corked { condition.wait() }
            swap(&batch, &pending)
            let framing = mode
            writing = true
            // The queue emptied: a reader held back by `waitWhileBehind` may read again.
            condition.broadcast()
            condition.unlock()

            // A large byte result is written out in parts as it is serialised (its text can be
            // 4 bytes a byte); after a failed part the rest is only dropped.
            var ok = true
            let drain = JSONDrain(threshold: OutputChannel.drainThreshold) { [fd] part in
                ok = ok && FileDescriptorIO.writeAll(fd, part)
                part.removeAll(keepingCapacity: true)
            }
            for message in batch { message.write(framed: framing, into: &bytes, drain: drain) }
            let answers = written.map { $0.wanted() } == true ? batch.flatMap(\.answers) : []
            batch.removeAll(keepingCapacity: true)
            ok = ok && FileDescriptorIO.writeAll(fd, bytes)
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            // Still `writing`: a `flush` (the session ending) waits for what heard of them.
            if ok && !answers.isEmpty { written?.written(answers) }

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

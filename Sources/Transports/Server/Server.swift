import BridgeCall
import BridgeFraming
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import BridgeStreams
import Dispatch
import FoundationEssentials
import Glibc
import BridgeSystem

/// A `bridge serve` session over a pair of file descriptors (stdin/stdout): the stdio transport
/// of a `SessionEngine`.
///
/// A reader thread frames and decodes the input and hands each chunk's messages to the engine
/// itself: a call that needs no waiting is answered on that thread, and one that waits goes on
/// as a task. Every message out goes through one `OutputChannel` (its writer thread), framed
/// the way the peer framed its input.
/// SIGTERM, SIGINT and SIGHUP reach the engine as events. The session ends as the state machine
/// decides (`SessionStateMachine`): after end of input, `exit`, a signal or a closed output.
public final class Server: Sendable {
    private let input: Int32
    private let maxMessageBytes: Int
    private let output: OutputChannel
    private let end = SessionEnd()
    private let engine: SessionEngine
    private let handlesSignals: Bool

    /// A session reading `input` and writing `output` (file descriptors it does not close).
    /// With `handlesSignals`, `run` turns SIGTERM/SIGINT/SIGHUP into session events (for the
    /// process's own session only: a signal disposition is process-wide).
    public init(router: Router, configuration: ServerConfiguration, context: CallContext,
                input: Int32, output: Int32, handlesSignals: Bool = true) {
        self.input = input
        self.maxMessageBytes = configuration.maxMessageBytes
        self.handlesSignals = handlesSignals
        let channel = OutputChannel(fd: output)
        self.output = channel
        self.engine = SessionEngine(router: router, configuration: configuration, context: context,
                                    transport: StdioTransport(output: channel, end: end))
    }

    /// Serves until the session ends.
    /// - Returns: the exit status: 0 after end of input, `shutdown` + `exit`, or a closed output;
    ///   1 after `exit` without `shutdown`; 128 + the signal after SIGTERM, SIGINT or SIGHUP.
    public func run() -> Int32 {
        // A closed output must surface as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // Dispatch reads SIGTERM/SIGINT/SIGHUP from a signalfd, which sees a signal only while
        // no thread takes it first: block them here, before the writer and reader threads are
        // made (they inherit the mask). A bridge started from a shell has them unblocked, and
        // then a signal was sometimes dropped as ignored and the session never ended.
        if handlesSignals { Server.blockSessionSignals() }
        let engine = self.engine
        output.start(onClosed: {
            Log.error("the output stream closed; ending the session")
            engine.outputClosed()
        }, written: OutputChannel.WrittenAnswers(wanted: { engine.awaitsWrites }, written: { engine.answersWritten($0) }))
        let signals = handlesSignals ? watchSignals() : []
        Threads.detach(stackSize: 8 << 20) { [self] in readLoop() }
        let status = end.wait()
        signals.forEach { $0.cancel() }
        return status
    }

    /// Blocks SIGTERM, SIGINT and SIGHUP on the calling thread and the threads it makes from
    /// then on, for Dispatch's signal sources (a signalfd) to receive them. Call it before any
    /// thread of the serving process is made.
    public static func blockSessionSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The signals that end a session, as events instead of their default (instant death).
    private func watchSignals() -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let engine = self.engine
            source.setEventHandler {
                Log.error("received signal \(number); answering running calls and ending")
                engine.signal(number)
            }
            source.resume()
            return source
        }
    }

    /// The app ended (plugin-process): `method` with `params` is sent, running calls are
    /// answered `-32800` with `reason`, and `run` returns `status`.
    public func appEnded(status: Int32, reason: String, method: String, params: JSON) {
        engine.appEnded(status: status, reason: reason, notification: SessionNotification(method: method, params: params))
    }

    /// Sends a notification at once, before or while the session runs (browser mode's
    /// `bridge/listening`, plugin events as `bridge/event`).
    public func notify(method: String, params: JSON) {
        output.send(.notification(SessionNotification(method: method, params: params)))
    }

    // MARK: Reading

    /// How many answers may wait for a peer that does not read them before the session stops
    /// reading its input.
    static let maxUnreadAnswers = 1024

    private func readLoop() {
        var framer = MessageFramer(maxMessageBytes: maxMessageBytes)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var modeSet = false
        while engine.isReading {
            // A peer that stops reading the answers stops the session reading its requests,
            // instead of answers queueing without bound (1 M unread answers held 80 MiB).
            output.waitWhileBehind(limit: Server.maxUnreadAnswers)
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { Log.error("reading input failed: \(String(cString: strerror(errno)))") }
                let last = framer.finish().map(Server.payload)
                // A stream too short to choose its framing is still answered in the framing it began.
                if last != nil { output.setMode(framer.mode) }
                if let last { engine.receive([last]) }
                engine.endOfInput()
                return
            }
            chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            var payloads: [IncomingPayload] = []
            while let event = framer.next() { payloads.append(Server.payload(event)) }
            if !modeSet && framer.mode != .undecided {
                output.setMode(framer.mode)
                modeSet = true
            }
            guard !payloads.isEmpty else { continue }
            // The calls start on this thread: handing each chunk to a session queue cost a
            // second thread's wake-ups, 11% more CPU per message and 5% of the wall time on one
            // core (issue #24 item 7). The answers to a burst of pipelined requests leave in one
            // write(2), not one each.
            output.cork()
            engine.receive(payloads)
            output.uncork()
        }
    }

    /// What one framing event is to the session: a message, or an error answered with `id: null`.
    static func payload(_ event: FrameEvent) -> IncomingPayload {
        switch event {
        case .message(let bytes):
            return IncomingPayload(bytes: bytes)
        case .oversized(let limit):
            return .failure(.messageTooLarge(limit: limit))
        case .malformedHeader(let reason):
            return .failure(.parseError("malformed Content-Length header: \(reason)"))
        case .truncated(let count):
            return .failure(.parseError("input ended inside a message (\(count) bytes dropped)"))
        }
    }
}

/// The stdio side of a session: messages go to the output channel; the end wakes `Server.run`.
private struct StdioTransport: SessionTransport {
    let output: OutputChannel
    let end: SessionEnd

    func send(_ message: OutboundMessage) { output.send(message) }

    func end(status: Int32) {
        // Flushed off the caller's thread: a signal handler that ends the session must return,
        // or a second signal (delivered on the same source) could not end a stuck flush.
        let output = self.output, end = self.end
        DispatchQueue.global().async {
            output.flush()
            end.finish(status)
        }
    }

    func endNow(status: Int32) { end.finish(status) }
}

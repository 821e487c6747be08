import BridgeFraming
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization

/// A `bridge serve` session: JSON-RPC 2.0 over a pair of file descriptors.
///
/// The reader thread frames and decodes messages and starts each plugin call as its own task,
/// so calls run concurrently and answer in any order. Every message out goes through one
/// `OutputChannel`. The session ends on `exit`, on end of input (after every running call has
/// been answered), or when the output stream closes.
public final class Server: Sendable {
    private let router: Router
    private let configuration: ServerConfiguration
    private let input: Int32
    private let output: OutputChannel
    private let inFlight = InFlightRequests()
    private let context: Mutex<CallContext>
    private let shuttingDown = Atomic<Bool>(false)
    /// Whether `initialize` asked for `bridge/presentation` notifications.
    private let inspect = Atomic<Bool>(false)
    private let end = SessionEnd()
    /// Calls prepared while reading the current chunk of input, launched together on `callQueue`.
    private let preparedCalls = Mutex<[(token: UInt64, call: Router.Call)]>([])
    /// Where calls start: a second core runs the commands while the reader parses the next chunk.
    private let callQueue = DispatchQueue(label: "bridge.calls")

    /// A session reading `input` and writing `output` (file descriptors it does not close).
    public init(router: Router, configuration: ServerConfiguration, context: CallContext, input: Int32, output: Int32) {
        self.router = router
        self.configuration = configuration
        self.input = input
        self.context = Mutex(context)
        let end = self.end
        self.output = OutputChannel(fd: output) {
            Log.error("the output stream closed; ending the session")
            end.finish(0)
        }
    }

    /// Serves until the session ends.
    /// - Returns: the exit status: 0 after EOF, `shutdown` + `exit`, or a closed output; 1 after
    ///   `exit` without `shutdown`.
    public func run() -> Int32 {
        // A closed output must surface as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let reader = Thread { [self] in readLoop() }
        reader.name = "bridge.input"
        reader.stackSize = 8 << 20
        reader.start()
        return end.wait()
    }

    // MARK: Reading

    private func readLoop() {
        var framer = MessageFramer(maxMessageBytes: configuration.maxMessageBytes)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var modeSet = false
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { Log.error("reading input failed: \(String(cString: strerror(errno)))") }
                if let event = framer.finish() { handle(event) }
                launchPreparedCalls()
                inFlight.whenIdle { [self] in
                    output.flush()
                    end.finish(0)
                }
                return
            }
            chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            output.cork()
            while let event = framer.next() {
                if !modeSet && framer.mode != .undecided {
                    output.setMode(framer.mode)
                    modeSet = true
                }
                handle(event)
            }
            launchPreparedCalls()
            output.uncork()
        }
    }

    private func handle(_ event: FrameEvent) {
        switch event {
        case .message(let bytes):
            handle(IncomingPayload(bytes: bytes))
        case .oversized(let limit):
            send(.single(.null), .failure(.messageTooLarge(limit: limit)))
        case .malformedHeader(let reason):
            send(.single(.null), .failure(.parseError("malformed Content-Length header: \(reason)")))
        case .truncated(let count):
            send(.single(.null), .failure(.parseError("input ended inside a message (\(count) bytes dropped)")))
        }
    }

    private func handle(_ payload: IncomingPayload) {
        switch payload {
        case .failure(let error):
            send(.single(.null), .failure(error))
        case .single(let message):
            handle(message, replyTo: { .single($0) })
        case .batch(let messages):
            let answered = messages.filter {
                switch $0 {
                case .request, .invalid: return true
                case .notification, .response: return false
                }
            }
            let batch = BatchReply(count: answered.count)
            var slot = 0
            for message in messages {
                handle(message) { id in
                    defer { slot += 1 }
                    return .batch(batch, slot: slot, id: id)
                }
            }
        }
    }

    /// Handles one message; `replyTo` makes the reply for a message that gets an answer and is
    /// called exactly once for each such message.
    private func handle(_ message: IncomingMessage, replyTo: (RequestID) -> Reply) {
        switch message {
        case .invalid(let id, let error):
            send(replyTo(id), .failure(error))
        case .response(let id):
            Log.error("ignored a response (id \(id)): the bridge sends no requests")
        case .notification(let n):
            handleNotification(n)
        case .request(let r):
            let reply = replyTo(r.id)
            if shuttingDown.load(ordering: .relaxed) {
                send(reply, .failure(.invalidRequest("the server is shutting down; only `exit` is accepted")))
                return
            }
            handleRequest(r, reply: reply)
        }
    }

    private func handleRequest(_ request: Request, reply: Reply) {
        switch request.method {
        case ProtocolMethod.initialize:
            send(reply, initialize(params: request.params))
        case ProtocolMethod.shutdown:
            shuttingDown.store(true, ordering: .relaxed)
            inFlight.whenIdle { [self] in send(reply, .success(.null)) }
        case ProtocolMethod.cancelRequest:
            cancel(params: request.params)
            send(reply, .success(.null))
        case ProtocolMethod.exit:
            send(reply, .success(.null))
            exit()
        default:
            start(method: request.method, params: request.params, id: request.id, reply: reply)
        }
    }

    private func handleNotification(_ notification: BridgeProtocol.Notification) {
        switch notification.method {
        case ProtocolMethod.exit:
            exit()
        case ProtocolMethod.cancelRequest:
            cancel(params: notification.params)
        case ProtocolMethod.initialized:
            break
        default:
            if notification.method.hasPrefix("$/") { return }
            if shuttingDown.load(ordering: .relaxed) { return }
            start(method: notification.method, params: notification.params, id: nil, reply: .none)
        }
    }

    private func exit() {
        output.flush()
        end.finish(shuttingDown.load(ordering: .relaxed) ? 0 : 1)
    }

    private func initialize(params: JSON?) -> Result<JSON, ResponseError> {
        let settings: SessionSettings
        do {
            settings = try SessionSettings(params: params)
        } catch {
            return .failure(error)
        }
        if let wanted = settings.inspect { inspect.store(wanted, ordering: .relaxed) }
        let current = context.withLock { c -> CallContext in
            c = settings.applied(to: c)
            return c
        }
        let result: JSON = [
            "serverInfo": ["name": .string(configuration.serverName), "version": .string(configuration.serverVersion)],
            "platform": .string(current.platform.rawValue),
            "device": .string(current.device.rawValue),
            "window": .string(current.window),
            "webview": .string(current.webview),
            "origin": .string(current.origin),
            "inspect": .bool(inspect.load(ordering: .relaxed)),
            "commands": .array(router.registry.all.map { .string($0.name.description) }),
        ]
        return .success(result)
    }

    private func cancel(params: JSON?) {
        guard let raw = params?["id"], let id = RequestID(json: raw) else {
            Log.error("ignored $/cancelRequest without a valid \"id\"")
            return
        }
        inFlight.cancel(id: id) { send($0, .failure(.cancelled)) }
    }

    // MARK: Plugin calls

    private func start(method: String, params: JSON?, id: RequestID?, reply: Reply) {
        let callContext = context.withLock { $0 }
        let call: Router.Call
        switch router.prepare(method: method, params: params, context: callContext) {
        case .success(let c): call = c
        case .failure(let error):
            if case .none = reply { Log.error("notification \(method): \(error.message)") }
            send(reply, .failure(error))
            return
        }
        let token = inFlight.begin(id: id, reply: reply)
        preparedCalls.withLock { $0.append((token, call)) }
    }

    /// Hands the calls of the chunk just read to `callQueue`, in order.
    private func launchPreparedCalls() {
        let batch = preparedCalls.withLock { calls -> [(token: UInt64, call: Router.Call)] in
            defer { calls.removeAll(keepingCapacity: true) }
            return calls
        }
        guard !batch.isEmpty else { return }
        callQueue.async { [self] in
            for (token, call) in batch where inFlight.isPending(token) { launch(token, call) }
        }
    }

    private func launch(_ token: UInt64, _ call: Router.Call) {
        // Starts on this thread and runs until the handler first suspends: a command that
        // answers without waiting costs no thread hop; one that waits frees this queue at once.
        let task = Task.immediate { [self, router] in
            let outcome = await router.run(call)
            inFlight.finish(token) { reply in
                if case .success(let output) = outcome { announce(output, for: reply) }
                send(reply, outcome.map(\.result))
            }
        }
        inFlight.attach(token, task: task)
    }

    // MARK: Writing

    /// Sends `bridge/presentation` for a request, before its response, when the client asked.
    private func announce(_ commandOutput: CommandOutput, for reply: Reply) {
        guard inspect.load(ordering: .relaxed), let presentation = commandOutput.presentation else { return }
        let id: RequestID
        switch reply {
        case .none: return
        case .single(let i): id = i
        case .batch(_, _, let i): id = i
        }
        output.send(OutgoingMessage.notification(method: "bridge/presentation",
                                                 params: ["id": id.json, "presentation": presentation]))
    }

    private func send(_ reply: Reply, _ outcome: Result<JSON, ResponseError>) {
        switch reply {
        case .none:
            break
        case .single(let id):
            output.send(OutgoingMessage.response(id: id, outcome))
        case .batch(let batch, let slot, let id):
            if let complete = batch.fill(slot, with: OutgoingMessage.response(id: id, outcome)) {
                output.send(complete)
            }
        }
    }
}

import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import BridgeStreams
import Synchronization

/// One JSON-RPC session over any transport: the `SessionStateMachine` behind one lock, the
/// router that runs the calls it starts, and the session's settings (`initialize`).
///
/// A transport uses it like this:
/// 1. create it with a `SessionTransport` (where messages go, how the session ends);
/// 2. feed it what the peer sent: `receive(_:)` with the decoded payloads of one chunk of input
///    (`IncomingPayload(bytes:)` per framed message; framing errors as `.failure`), then
///    `endOfInput()` when input ends. The payloads of one call are handled in order; calls from
///    several threads (one per HTTP request, say) are safe and handled one after the other;
/// 3. report `outputClosed()` when the peer cannot be written to, and `signal(_:)` for
///    SIGTERM/SIGINT/SIGHUP;
/// 4. stop reading once `isReading` is false (after `exit`), and wait for `transport.end`.
///
/// The engine answers `initialize` itself and runs every other call through the router: a call
/// that needs no waiting at once, any other as its own task, so calls run concurrently and
/// answer in any order. A finished call's response is
/// preceded by its notifications (`bridge/presentation` when `initialize` asked for `inspect`).
///
/// - Important: one engine per peer: request ids are the peer's, so two peers sharing an
///   engine must not reuse each other's ids.
public final class SessionEngine: Sendable {
    private struct State: Sendable {
        var machine = SessionStateMachine()
        /// What stops each running call (its task, or what it waits on without one); a call
        /// finished or cancelled before it was recorded is never recorded.
        var tasks: [CallToken: Running] = [:]
        var context: CallContext
        /// Reused between events to spare an allocation each time.
        var scratch: [SessionStateMachine.Action] = []
        /// The requests this session sent its peer (`bridge/answer`), by id, waiting for its answer.
        var asks: [String: CheckedContinuation<Result<JSON, ResponseError>, Never>] = [:]
        var lastAsk = 0
        /// Whether the session ended: an ask then fails at once.
        var over = false
    }

    private let state: Mutex<State>
    private let router: Router
    private let configuration: ServerConfiguration
    private let transport: any SessionTransport
    /// Whether `initialize` asked for `bridge/presentation` notifications.
    private let inspect = Atomic<Bool>(false)
    /// This session's name among the clients that handle commands.
    private let clientName: String
    private static let sessions = Atomic<Int>(0)
    /// What waits to hear that a call's answer was written (`CallObserver.whenAnswerWritten`),
    /// by the call's request id; `waitingForWrites` counts them, so a transport asks only then.
    private let receipts = Mutex<[RequestID: [@Sendable () -> Void]]>([:])
    private let waitingForWrites = Atomic<Int>(0)

    /// An engine for one session, writing through `transport`; `context` is the session's
    /// window, webview, origin, platform and device until `initialize` changes them.
    public init(router: Router, configuration: ServerConfiguration, context: CallContext, transport: any SessionTransport) {
        self.router = router
        self.configuration = configuration
        self.transport = transport
        self.state = Mutex(State(context: context))
        clientName = "session-\(SessionEngine.sessions.add(1, ordering: .relaxed).newValue)"
    }

    /// Whether the transport should keep reading input (false after `exit`, a signal, or the end).
    public var isReading: Bool { state.withLock { $0.machine.isReading } }

    /// Handles the messages of one chunk of input, in order, and starts the calls they make.
    /// Every call starts on this thread (`Router.start`: its checks, once); one that completes
    /// without waiting is answered without a task, and the part of any other that waits gets a
    /// task and runs on this thread until it first suspends. Either way a call that answers without waiting is answered before this returns;
    /// none is waited for.
    public func receive(_ payloads: [IncomingPayload]) {
        guard !payloads.isEmpty else { return }
        var started: [SessionStateMachine.Action] = []
        var context = CallContext()
        let later = state.withLock { s -> Deferred in
            for payload in payloads { s.machine.handle(.received(payload), into: &s.scratch) }
            let later = perform(&s, started: &started)
            context = s.context
            return later
        }
        later.run(transport)
        guard !started.isEmpty else { return }
        // Calls that finish before their task is recorded are reported together, under one lock.
        let early = EarlyCompletions()
        var tasks: [(CallToken, Running)] = []
        tasks.reserveCapacity(started.count)
        for case .startCall(let token, let method, let params, let id, let envelope) in started {
            // The envelope's own warnings (a key written twice): refused under strict, else sent first.
            if context.strict, let first = envelope.first {
                _ = early.offer(token, .failure(.strict(first)))
                continue
            }
            let envelopeNotice = id.flatMap { envelope.isEmpty ? nil : SessionEngine.warningNotification(id: $0, envelope) }
            if ProtocolMethod.mayBeProtocol(method) && method == ProtocolMethod.initialize {
                var answer = initialize(params: params, context: &context)
                if let envelopeNotice { answer.notifications.insert(envelopeNotice, at: 0) }
                _ = early.offer(token, answer)
                continue
            }
            if ProtocolMethod.mayBeProtocol(method) && method == ProtocolMethod.handle {
                _ = early.offer(token, handle(params: params))
                continue
            }
            // A plugin's session method is `bridge/…`: one byte rules out every command.
            if ProtocolMethod.mayBeProtocol(method), method.utf8.first == UInt8(ascii: "b"), let extra = router.registry.sessionMethod(method) {
                _ = early.offer(token, CallCompletion(outcome: extra.run(params, context)))
                continue
            }
            // One object per call: the observer is also what the task needs besides the call.
            let observer = SessionCallObserver(engine: self, token: token, id: id)
            // The call's checks run here, once; a call that needs no waiting is answered
            // here, without a task, and only what waits gets one.
            switch router.drive(method: method, params: params, context: context, observer: observer) {
            case .done(let call, let outcome):
                let warnings = envelope.isEmpty ? call.warnings : envelope + call.warnings
                _ = early.offer(token, completion(of: outcome, id: id, warnings: warnings))
            case .waiting(let call, let rest):
                let warnings = envelope.isEmpty ? call.warnings : envelope + call.warnings
                let task = Task.immediate {
                    SessionEngine.report(await rest(), of: observer, warnings: warnings, early: early)
                }
                tasks.append((token, .task(task)))
            case .resuming(let call, let resumed):
                // No task: answered on the thread where its wait ends (this one, if at once).
                let warnings = envelope.isEmpty ? call.warnings : envelope + call.warnings
                let cancellation = resumed.begin { outcome in
                    SessionEngine.report(outcome, of: observer, warnings: warnings, early: early)
                }
                tasks.append((token, .resumed(cancellation)))
            case .refused(let error):
                if id == nil { Log.error("notification \(method): \(error.message)") }
                _ = early.offer(token, CallCompletion(notifications: envelopeNotice.map { [$0] } ?? [], outcome: .failure(error)))
            }
        }
        let finished = early.close()
        var none: [SessionStateMachine.Action] = []
        // Tokens increase in the order calls start (so along `tasks`); the early ones, sorted,
        // are matched against them in one walk instead of a hash set per chunk.
        var finishedTokens = finished.map(\.0)
        finishedTokens.sort()
        let afterwards = state.withLock { s -> Deferred in
            for (token, completion) in finished {
                s.machine.handle(.callFinished(token, completion), into: &s.scratch)
            }
            var later = perform(&s, started: &none)
            var next = 0
            for (token, task) in tasks {
                while next < finishedTokens.count && finishedTokens[next] < token { next += 1 }
                let finishedEarly = next < finishedTokens.count && finishedTokens[next] == token
                if s.machine.isRunning(token) {
                    s.tasks[token] = task
                } else if !finishedEarly {
                    // Cancelled (or finished elsewhere) before its task was recorded.
                    later.tasks.append(task)
                }
            }
            return later
        }
        afterwards.run(transport)
    }

    /// Whether a call waits to hear that its answer was written: then the transport reports
    /// each answer it writes (`answersWritten`). One atomic load.
    public var awaitsWrites: Bool { waitingForWrites.load(ordering: .relaxed) > 0 }

    /// The transport wrote these answers whole to the peer (`succeeded`: whether each was a
    /// result, not an error): what waited on a successful one runs, on the caller's thread;
    /// what waited on an error is dropped.
    public func answersWritten(_ answers: [(id: RequestID, succeeded: Bool)]) {
        let actions = receipts.withLock { waiting -> [@Sendable () -> Void] in
            var run: [@Sendable () -> Void] = []
            for answer in answers {
                guard let actions = waiting.removeValue(forKey: answer.id) else { continue }
                waitingForWrites.subtract(1, ordering: .relaxed)
                if answer.succeeded { run += actions }
            }
            return run
        }
        actions.forEach { $0() }
    }

    /// Runs `action` once the answer to `id` is written whole (see `answersWritten`).
    fileprivate func whenWritten(_ id: RequestID, _ action: @escaping @Sendable () -> Void) {
        receipts.withLock { waiting in
            if waiting[id] == nil { waitingForWrites.add(1, ordering: .relaxed) }
            waiting[id, default: []].append(action)
        }
    }

    /// The peer's input ended: running calls are answered, then the session ends with 0.
    public func endOfInput() {
        retire()
        handle(.endOfInput)
    }

    /// The peer cannot be written to any more: the session ends with 0.
    public func outputClosed() {
        retire()
        handle(.outputClosed)
    }

    /// The process received `number` (SIGTERM, SIGINT, SIGHUP): running calls are answered
    /// `-32800` and the session ends with `128 + number`; a second signal ends it at once.
    public func signal(_ number: Int32) { handle(.signal(number)) }

    /// The app ended (`AppLifecycle`): `notification` goes to the peer, running calls are
    /// answered `-32800` with `reason`, and the session ends with `status`.
    public func appEnded(status: Int32, reason: String, notification: SessionNotification) {
        handle(.appEnded(status: status, reason: reason, notification: notification))
    }

    fileprivate func handle(_ event: SessionStateMachine.Event) {
        var started: [SessionStateMachine.Action] = []
        let later = state.withLock { s -> Deferred in
            s.machine.handle(event, into: &s.scratch)
            return perform(&s, started: &started)
        }
        later.run(transport)
    }

    /// Reports a call's end to the state machine.
    fileprivate func finish(_ token: CallToken, _ completion: CallCompletion) {
        var started: [SessionStateMachine.Action] = []
        let later = state.withLock { s -> Deferred in
            s.tasks[token] = nil
            s.machine.handle(.callFinished(token, completion), into: &s.scratch)
            return perform(&s, started: &started)
        }
        later.run(transport)
    }

    /// What an event leaves to do once the lock is released.
    /// A waiting call's outcome, once known: into the batch while `receive` still starts calls,
    /// else to the state machine at once.
    private static func report(_ outcome: Result<CommandOutput, ResponseError>, of observer: SessionCallObserver,
                               warnings: [CallWarning], early: EarlyCompletions) {
        let engine = observer.engine, token = observer.token
        let completion = engine.completion(of: outcome, id: observer.id, warnings: warnings)
        if !early.offer(token, completion) { engine.finish(token, completion) }
    }

    /// What stops a running call: its task, or what it waits on without one.
    private enum Running: Sendable {
        case task(Task<Void, Never>)
        case resumed(CallCancellation)

        func cancel() {
            switch self {
            case .task(let task): task.cancel()
            case .resumed(let cancellation): cancellation.cancel()
            }
        }
    }

    private struct Deferred: Sendable {
        var tasks: [Running] = []
        var actions: [SessionStateMachine.Action] = []

        /// The peer's answers to the session's requests.
        var answers: [(CheckedContinuation<Result<JSON, ResponseError>, Never>, Result<JSON, ResponseError>)] = []

        /// Cancels the tasks, hands the peer's answers over, then logs and ends as the actions say.
        func run(_ transport: any SessionTransport) {
            tasks.forEach { $0.cancel() }
            for (continuation, outcome) in answers { continuation.resume(returning: outcome) }
            for action in actions {
                switch action {
                case .log(let message): Log.error(message)
                case .end(let status): transport.end(status: status)
                case .endNow(let status): transport.endNow(status: status)
                case .send, .startCall, .cancelCall, .answered: break
                }
            }
        }
    }

    /// Performs the actions that must happen under the lock (sends, in order; recording the
    /// calls to start; taking the tasks to cancel); returns the rest, to do after unlocking.
    private func perform(_ s: inout State, started: inout [SessionStateMachine.Action]) -> Deferred {
        var later = Deferred()
        for action in s.scratch {
            switch action {
            case .send(let message):
                transport.send(message)
            case .startCall(let token, _, _, _, _):
                if s.machine.isRunning(token) { started.append(action) }
            case .cancelCall(let token):
                if let task = s.tasks.removeValue(forKey: token) { later.tasks.append(task) }
            case .end, .endNow, .log:
                later.actions.append(action)
            case .answered(let id, let outcome):
                if case .string(let key) = id.json, let waiting = s.asks.removeValue(forKey: key) {
                    later.answers.append((waiting, outcome))
                } else {
                    later.actions.append(.log("ignored a response (id \(id)): no request of the bridge has that id"))
                }
            }
        }
        s.scratch.removeAll(keepingCapacity: true)
        return later
    }

    // MARK: Calls

    /// The completion of a call: its outcome, preceded by `bridge/warning` when the call has
    /// warnings, then `bridge/presentation` when asked for.
    fileprivate func completion(of outcome: Result<CommandOutput, ResponseError>, id: RequestID?,
                            warnings: [CallWarning]) -> CallCompletion {
        var notifications: [SessionNotification] = []
        if let id, !warnings.isEmpty { notifications.append(SessionEngine.warningNotification(id: id, warnings)) }
        if case .success(let output) = outcome, let id, let notice = presentationNotification(id: id, { output.presentation }) {
            notifications.append(notice)
        }
        return CallCompletion(notifications: notifications, outcome: outcome.map(\.result))
    }

    /// `bridge/presentation` `{"id", "presentation"}` when the session asked for records
    /// (`inspect`) and `record` builds one; the record is built only then.
    fileprivate func presentationNotification(id: RequestID, _ record: () -> JSON?) -> SessionNotification? {
        guard inspect.load(ordering: .relaxed), let presentation = record() else { return nil }
        return SessionNotification(method: "bridge/presentation", params: ["id": id.json, "presentation": presentation])
    }

    /// `bridge/warning` `{"id", "warnings"}`: the one shape of a call's warnings, whether known
    /// before it ran or learnt while it runs (`LiveWarnings`, through its `CallObserver`).
    static func warningNotification(id: RequestID, _ warnings: [CallWarning]) -> SessionNotification {
        SessionNotification(method: "bridge/warning", params: ["id": id.json, "warnings": .array(warnings.map(\.json))])
    }

    // MARK: Commands the peer answers (`bridge/handle`)

    /// `bridge/handle {"commands": [...]}` (`"*"`: every command nothing else answers): this
    /// session's peer answers those commands' calls, from any transport, through `bridge/answer`.
    private func handle(params: JSON?) -> CallCompletion {
        guard let clients = router.fallback?.clients else {
            return .failure(.notFound("bridge/handle: this bridge has no commands to hand to a client", details: ["command": "bridge/handle"]))
        }
        guard let list = params?["commands"]?.arrayValue, !list.isEmpty,
              case let names = list.compactMap(\.stringValue), names.count == list.count else {
            return .failure(.invalidParams("bridge/handle takes {\"commands\": [\"greet\", \"plugin:x|y\", …]} (\"*\" for every command nothing else answers)",
                                           details: ["command": "bridge/handle", "field": "commands"]))
        }
        clients.register(names, client: clientName, asker: self)
        return .success(["handling": .array(names.map(JSON.string))])
    }

    /// The session is over for its peer: its commands go back to the fixtures, and what it was
    /// asked and will never answer fails.
    private func retire() {
        router.fallback?.clients.unregister(client: clientName)
        let orphans = state.withLock { s -> [CheckedContinuation<Result<JSON, ResponseError>, Never>] in
            s.over = true
            defer { s.asks = [:] }
            return Array(s.asks.values)
        }
        for waiting in orphans {
            waiting.resume(returning: .failure(.rejected("the client that handles this command went away before answering")))
        }
    }

    // MARK: initialize

    /// Applies `initialize` params to the session and builds its result.
    private func initialize(params: JSON?, context: inout CallContext) -> CallCompletion {
        let settings: SessionSettings
        do {
            settings = try SessionSettings(params: params)
        } catch {
            return .failure(error)
        }
        if let wanted = settings.inspect { inspect.store(wanted, ordering: .relaxed) }
        let current = state.withLock { s -> CallContext in
            s.context = settings.applied(to: s.context)
            return s.context
        }
        context = current
        let result: JSON = [
            "capabilities": .object(JSONObject()),
            "serverInfo": ["name": .string(configuration.serverName), "version": .string(configuration.serverVersion)],
            "platform": .string(current.platform.rawValue),
            "device": .string(current.platform.deviceName(current.device)),
            "window": .string(current.window),
            "webview": .string(current.webview),
            "origin": .string(current.origin),
            "inspect": .bool(inspect.load(ordering: .relaxed)),
            "strict": .bool(current.strict),
            "outcome": .string(current.simulation.outcome.rawValue),
            "user": .string((current.screen?.user ?? .scripted).rawValue),
            "commands": .array(router.registry.commandNames.map { .string($0.description) }),
            "globals": .object(configuration.pageGlobals(current.platform)),
        ]
        return .success(result)
    }
}

extension SessionEngine: CommandAsker {
    /// Sends the peer `bridge/answer {command, args, context}` and waits for its response: its
    /// result resolves the call; its error rejects it (`data.rejection` is what `invoke()` sees).
    public func ask(_ command: String, payload: JSON, context: CallContext) async -> Result<JSON, ResponseError> {
        await withCheckedContinuation { (waiting: CheckedContinuation<Result<JSON, ResponseError>, Never>) in
            let sent = state.withLock { s -> Bool in
                guard !s.over else { return false }
                s.lastAsk += 1
                let id = "bridge-\(s.lastAsk)"
                s.asks[id] = waiting
                let params: JSON = ["command": .string(command), "args": payload, "context": [
                    "window": .string(context.window), "webview": .string(context.webview), "origin": .string(context.origin),
                    "platform": .string(context.platform.rawValue)]]
                transport.send(.request(id: id, SessionNotification(method: "bridge/answer", params: params)))
                return true
            }
            if !sent { waiting.resume(returning: .failure(.rejected("the client that handles \(command) went away before answering"))) }
        }
        .mapError { error in
            // A client's error: its `data.rejection` (or its message) is the value invoke() rejects with.
            error.data["rejection"] == nil ? error.adding(["rejection": .string(error.message), "answeredBy": "client"]) : error
        }
    }
}

/// What a running call of a session says while it runs, for the session's state machine: that
/// it waits on nobody, and the warnings it learns (`bridge/warning`).
private final class SessionCallObserver: CallObserver, @unchecked Sendable {
    // Sendable proof: immutable, and every property is Sendable.
    let engine: SessionEngine
    let token: CallToken
    let id: RequestID?

    init(engine: SessionEngine, token: CallToken, id: RequestID?) {
        self.engine = engine
        self.token = token
        self.id = id
        super.init()
    }

    override func waitsOnNobody() { engine.handle(.callWaitsOnNobody(token)) }

    // A request's answer is written by the transport; a notification has none to wait for.
    override func whenAnswerWritten(_ action: @escaping @Sendable () -> Void) {
        guard let id else { return }
        engine.whenWritten(id, action)
    }

    override func warned(_ warnings: [CallWarning]) {
        guard let id else { return }
        engine.handle(.callNotifies(token, SessionEngine.warningNotification(id: id, warnings)))
    }

    // A call that presented and then failed: its `bridge/presentation`, sent before its error.
    override func presented(_ record: @escaping @Sendable () -> JSON) {
        guard let id, let notice = engine.presentationNotification(id: id, record) else { return }
        engine.handle(.callNotifies(token, notice))
    }
}

/// The completions of calls that finished while `receive` was still starting them: collected
/// and reported in one step instead of one lock each. Once closed, calls report on their own.
private final class EarlyCompletions: Sendable {
    private let state = Mutex<(open: Bool, items: [(CallToken, CallCompletion)])>((true, []))

    /// Keeps `completion` for the batch; `false` once closed (the caller reports it itself).
    func offer(_ token: CallToken, _ completion: CallCompletion) -> Bool {
        state.withLock { s in
            guard s.open else { return false }
            s.items.append((token, completion))
            return true
        }
    }

    /// Closes the batch; returns what it collected.
    func close() -> [(CallToken, CallCompletion)] {
        state.withLock { s in
            s.open = false
            defer { s.items = [] }
            return s.items
        }
    }
}

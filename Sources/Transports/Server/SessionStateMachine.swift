import BridgeJSON
import BridgeProtocol

/// The rules of a JSON-RPC session, as a value: events in, actions out.
///
/// The state machine decides what is owed to the peer and when the session may end. It does
/// no I/O, starts no threads and reads no clock, so every rule is enforced here and tested over
/// every interleaving of events without processes (in the manner of swift-nio's state machines).
/// A transport (stdio today, HTTP in browser mode) feeds it events in the order they happen,
/// performs the actions it returns in the order returned, and reports back when a call ends.
///
/// The rules it enforces:
/// - every request received before the session ends gets exactly one response; none is sent
///   twice, and nothing is sent after `.end`;
/// - end of input: every running call is answered, then `.end(status: 0)`;
/// - `shutdown` is answered `null` once no call is running; requests after it get `-32600`;
///   `exit` after `shutdown` (also in the same batch) lets everything owed be sent, then
///   `.end(status: 0)`;
/// - `exit` without `shutdown`: running calls are answered `-32800` (`data.reason` `"exit"`)
///   and cancelled, then `.end(status: 1)`;
/// - a signal: as `exit` without `shutdown` (`data.reason` `"signal"`), then
///   `.end(status: 128 + signal)`; a second signal (or one after `.end`) gives `.endNow`;
/// - a batch is answered with one array when its last request is answered (nothing for a batch
///   of notifications); protocol methods inside a batch follow the same rules;
/// - `$/cancelRequest` answers a running request `-32800` at once (O(1); a session's first one
///   indexes the running calls by id, once) and cancels its work; unknown or finished ids are
///   ignored;
/// - the output closed: the session ends (`.end(status: 0)`), running calls are cancelled;
/// - a running call's notifications (`.callNotifies`: a warning learnt while it runs) are sent
///   at once while the call is unanswered, and dropped once it is;
/// - a call that waits for a user who never acts (`.callWaitsOnNobody`: a sheet that never
///   completes) does not hold up the end: once input ended or `shutdown` came, it is answered
///   `-32800` (`data.reason` `"session_end"`) and cancelled, after the other calls' answers.
///
/// Nothing after `exit` is read: `isReading` turns false and later input is ignored (inside the
/// batch that carried `exit`, later requests are answered `-32600` so the batch completes).
///
/// - Important: Not thread-safe by itself (it is a value); a transport with several threads
///   keeps it behind one lock and performs `.send` actions under that lock, in order.
public struct SessionStateMachine: Sendable {
    /// Something that happened to the session.
    public enum Event: Sendable, Equatable {
        /// One decoded message (or batch, or a message-level error) from the peer.
        case received(IncomingPayload)
        /// A call started by `.startCall` ended.
        case callFinished(CallToken, CallCompletion)
        /// The peer's input ended.
        case endOfInput
        /// The peer can no longer be written to.
        case outputClosed
        /// The process received a signal (SIGTERM, SIGINT, SIGHUP).
        case signal(Int32)
        /// The app ended (plugin-process's `exit(code)` or `restart()`): `notification` is sent,
        /// running calls are answered `-32800` with `reason`, and the session ends with `status`.
        case appEnded(status: Int32, reason: String, notification: SessionNotification)
        /// A running call waits for a user who will never act; it runs until cancelled.
        case callWaitsOnNobody(CallToken)
        /// A running call has something to say before its answer (a warning it learnt while
        /// running): sent now, unless the call was already answered.
        case callNotifies(CallToken, SessionNotification)
    }

    /// What the transport must do, in order.
    public enum Action: Sendable, Equatable {
        /// Run `method` with `params` and report `.callFinished(token, …)` when it ends.
        /// `id` is the request's id, `nil` for a notification (run, never answered). `initialize`
        /// arrives here too: the transport applies its settings and answers it as a call.
        /// `warnings` are the request envelope's own (a key written twice), reported with the call's.
        case startCall(CallToken, method: String, params: JSON?, id: RequestID?, warnings: [CallWarning] = [])
        /// Write this message to the peer.
        case send(OutboundMessage)
        /// Stop the call's work; it was already answered (or needs no answer).
        case cancelCall(CallToken)
        /// Make sure everything sent reaches the peer, then end the session with `status`.
        case end(status: Int32)
        /// End at once with `status`, without waiting for output (a second signal).
        case endNow(status: Int32)
        /// A diagnostic for humans (stderr), never for the peer.
        case log(String)
        /// The peer answered a request the session sent it (`bridge/answer`).
        case answered(RequestID, Result<JSON, ResponseError>)
    }

    /// Where the answer to one request goes.
    enum Target: Sendable, Equatable {
        /// A notification: nothing is sent.
        case none
        case single(RequestID)
        /// Slot `slot` of the batch `batch`.
        case batch(UInt64, slot: Int, id: RequestID)

        /// The request's id; `nil` for a notification.
        var id: RequestID? {
            switch self {
            case .none: return nil
            case .single(let id), .batch(_, _, let id): return id
            }
        }
    }

    /// Why the session stops reading and will end.
    enum Ending: Sendable, Equatable {
        case exitAfterShutdown
        case exitWithoutShutdown
        case signal(Int32)
        case app(Int32)

        var status: Int32 {
            switch self {
            case .exitAfterShutdown: return 0
            case .exitWithoutShutdown: return 1
            case .signal(let n): return 128 + n
            case .app(let status): return status
            }
        }
    }

    /// A batch waiting for some of its responses.
    struct PendingBatch: Sendable {
        var responses: [Response?]
        var remaining: Int
        /// Every member has been read; the array may go once `remaining` is 0.
        var sealed = false
    }

    /// The key of the cancellation index: integer ids hash as integers (cheap), others by value.
    enum IDKey: Hashable, Sendable {
        case int(Int)
        case string(String)
        case other(RequestID)

        init(_ id: RequestID) {
            switch id {
            case .string(let s): self = .string(s)
            case .number(let n): self = n.intValue.map(IDKey.int) ?? .other(id)
            case .null: self = .other(id)
            }
        }
    }

    /// The running calls with an id, by id (a client may reuse an id).
    enum Tokens: Sendable {
        case one(CallToken)
        case many([CallToken])
    }

    private var running: [CallToken: Target] = [:]
    /// Running calls that wait on nobody: answered when the session ends rather than awaited.
    private var waitingOnNobody: Set<CallToken> = []
    private var byID: [IDKey: Tokens] = [:]
    /// Whether `byID` is kept: from the first `$/cancelRequest` on (built then from `running`),
    /// so a session that never cancels never hashes its ids (two hash operations a call).
    private var indexesIDs = false
    private var batches: [UInt64: PendingBatch] = [:]
    private var pendingShutdowns: [Target] = []
    private var nextToken: UInt64 = 0
    private var nextBatch: UInt64 = 0
    private var shutdownRequested = false
    private var inputEnded = false
    private var ending: Ending?
    private var ended = false
    private var loggedIgnoredInput = false

    public init() {}

    /// Whether the transport should keep reading input: false once `exit`, a signal, a closed
    /// output or the end of the session stopped it.
    public var isReading: Bool { !ended && ending == nil }

    /// Whether `.end` or `.endNow` was returned: nothing more will be sent.
    public var hasEnded: Bool { ended }

    /// Whether `token` is running and still owed its answer (not finished, not cancelled).
    public func isRunning(_ token: CallToken) -> Bool { running[token] != nil }

    /// The number of calls running (requests and notifications).
    public var runningCount: Int { running.count }

    /// Handles one event; returns the actions to perform, in order.
    public mutating func handle(_ event: Event) -> [Action] {
        var actions: [Action] = []
        handle(event, into: &actions)
        return actions
    }

    /// Handles one event, appending the actions to perform to `actions`, in order.
    public mutating func handle(_ event: Event, into actions: inout [Action]) {
        switch event {
        case .received(let payload):
            receive(payload, &actions)
        case .callFinished(let token, let completion):
            finish(token, completion, &actions)
        case .endOfInput:
            inputEnded = true
        case .callWaitsOnNobody(let token):
            if running[token] != nil { waitingOnNobody.insert(token) }
        case .callNotifies(let token, let notification):
            if !ended, running[token] != nil { actions.append(.send(.notification(notification))) }
            return
        case .outputClosed:
            guard !ended else { return }
            ended = true
            for token in running.keys.sorted() { actions.append(.cancelCall(token)) }
            running = [:]
            waitingOnNobody = []
            byID = [:]
            batches = [:]
            pendingShutdowns = []
            actions.append(.end(status: 0))
            return
        case .signal(let number):
            if ended || isSignalled {
                ended = true
                actions.append(.endNow(status: 128 + number))
                return
            }
            ending = .signal(number)
            cancelAll(reason: "signal", &actions)
        case .appEnded(let status, let reason, let notification):
            guard !ended, ending == nil else { return }
            actions.append(.send(.notification(notification)))
            ending = .app(status)
            cancelAll(reason: reason, &actions)
        }
        settle(&actions)
    }

    private var isSignalled: Bool {
        if case .signal? = ending { return true }
        return false
    }

    // MARK: Input

    private mutating func receive(_ payload: IncomingPayload, _ actions: inout [Action]) {
        guard isReading else {
            if !loggedIgnoredInput {
                loggedIgnoredInput = true
                actions.append(.log("ignored the input that came after exit"))
            }
            return
        }
        switch payload {
        case .failure(let error):
            answer(.single(.null), .failure(error), &actions)
        case .single(let message):
            handle(message, target: { .single($0) }, &actions)
        case .batch(let messages):
            let answered = messages.reduce(0) { $0 + (Self.isAnswered($1) ? 1 : 0) }
            guard answered > 0 else {
                for message in messages { handle(message, target: { _ in .none }, &actions) }
                return
            }
            nextBatch += 1
            let batch = nextBatch
            batches[batch] = PendingBatch(responses: Array(repeating: nil, count: answered), remaining: answered)
            var slot = 0
            for message in messages {
                handle(message, target: { id in
                    defer { slot += 1 }
                    return .batch(batch, slot: slot, id: id)
                }, &actions)
            }
            batches[batch]?.sealed = true
            sendBatchIfComplete(batch, &actions)
        }
    }

    private static func isAnswered(_ message: IncomingMessage) -> Bool {
        switch message {
        case .request, .invalid: return true
        case .notification, .response: return false
        }
    }

    /// Handles one message; `target` is called exactly once for each message that is answered.
    private mutating func handle(_ message: IncomingMessage, target: (RequestID) -> Target, _ actions: inout [Action]) {
        switch message {
        case .invalid(let id, let error):
            answer(target(id), .failure(error), &actions)
        case .response(let id, let outcome):
            actions.append(.answered(id, outcome))
        case .notification(let n):
            notification(n, &actions)
        case .request(let r):
            request(r, target(r.id), &actions)
        }
    }

    private mutating func notification(_ n: BridgeProtocol.Notification, _ actions: inout [Action]) {
        switch n.method {
        case ProtocolMethod.exit:
            if ending == nil { beginExit(&actions) }
        case ProtocolMethod.cancelRequest:
            if let id = Self.cancelledID(n.params) {
                cancel(id, &actions)
            } else {
                actions.append(.log("ignored $/cancelRequest without a valid \"id\""))
            }
        case ProtocolMethod.initialized:
            break
        default:
            if n.method.hasPrefix("$/") { return }
            if ending != nil || shutdownRequested {
                actions.append(.log("ignored notification \(n.method): the server is shutting down"))
                return
            }
            start(method: n.method, params: n.params, id: nil, target: .none, &actions)
        }
    }

    private mutating func request(_ r: Request, _ target: Target, _ actions: inout [Action]) {
        if ending != nil {
            answer(target, .failure(.invalidRequest("the server is exiting")), &actions)
            return
        }
        // The usual request, a plugin command: no protocol method to compare against.
        if !shutdownRequested && !ProtocolMethod.mayBeProtocol(r.method) {
            start(method: r.method, params: r.params, id: r.id, warnings: r.warnings, target: target, &actions)
            return
        }
        switch r.method {
        case ProtocolMethod.exit:
            answer(target, .success(.null), &actions)
            beginExit(&actions)
            return
        case _ where shutdownRequested:
            answer(target, .failure(.invalidRequest("the server is shutting down; only `exit` is accepted")), &actions)
        case ProtocolMethod.shutdown:
            shutdownRequested = true
            pendingShutdowns.append(target)
        case ProtocolMethod.cancelRequest:
            guard let id = Self.cancelledID(r.params) else {
                answer(target, .failure(.invalidParams("invalid params for `$/cancelRequest`: expected {\"id\": <request id>}",
                                                       details: ["field": "id"])), &actions)
                return
            }
            cancel(id, &actions)
            answer(target, .success(.null), &actions)
        default:
            start(method: r.method, params: r.params, id: r.id, warnings: r.warnings, target: target, &actions)
        }
    }

    private static func cancelledID(_ params: JSON?) -> RequestID? {
        guard let raw = params?["id"] else { return nil }
        return RequestID(json: raw)
    }

    // MARK: Calls

    private mutating func start(method: String, params: JSON?, id: RequestID?, warnings: [CallWarning] = [], target: Target,
                                _ actions: inout [Action]) {
        nextToken += 1
        let token = CallToken(nextToken)
        running[token] = target
        if indexesIDs, let id { index(token, id) }
        actions.append(.startCall(token, method: method, params: params, id: id, warnings: warnings))
    }

    private mutating func index(_ token: CallToken, _ id: RequestID) {
        let key = IDKey(id)
        // One hash lookup for the usual case, an id not in use.
        switch byID.updateValue(.one(token), forKey: key) {
        case nil: break
        case .one(let other)?: byID[key] = .many([other, token])
        case .many(var list)?:
            list.append(token)
            byID[key] = .many(list)
        }
    }

    private mutating func unindex(_ token: CallToken, _ target: Target) {
        guard indexesIDs, let id = target.id else { return }
        let key = IDKey(id)
        // One hash lookup for the usual case, the only call with its id.
        switch byID.removeValue(forKey: key) {
        case nil, .one?: return
        case .many(var list)?:
            list.removeAll { $0 == token }
            switch list.count {
            case 0: break
            case 1: byID[key] = .one(list[0])
            default: byID[key] = .many(list)
            }
        }
    }

    private mutating func finish(_ token: CallToken, _ completion: CallCompletion, _ actions: inout [Action]) {
        guard !ended, let target = running.removeValue(forKey: token) else { return }
        if !waitingOnNobody.isEmpty { waitingOnNobody.remove(token) }
        unindex(token, target)
        for n in completion.notifications { actions.append(.send(.notification(n))) }
        answer(target, completion.outcome, &actions)
    }

    private mutating func cancel(_ id: RequestID, _ actions: inout [Action]) {
        if !indexesIDs {
            // The first cancellation: every running call indexed once, in the order they started.
            indexesIDs = true
            for token in running.keys.sorted() {
                if let id = running[token]?.id { index(token, id) }
            }
        }
        guard let tokens = byID.removeValue(forKey: IDKey(id)) else { return }
        let list: [CallToken]
        switch tokens {
        case .one(let t): list = [t]
        case .many(let l): list = l
        }
        for token in list {
            guard let target = running.removeValue(forKey: token) else { continue }
            if !waitingOnNobody.isEmpty { waitingOnNobody.remove(token) }
            answer(target, .failure(.cancelled), &actions)
            actions.append(.cancelCall(token))
        }
    }

    /// Answers every running call `-32800` with `data.reason` and cancels its work.
    private mutating func cancelAll(reason: String, _ actions: inout [Action]) {
        let cancelled = ResponseError.cancelled.adding(["reason": .string(reason)])
        for token in running.keys.sorted() {
            guard let target = running.removeValue(forKey: token) else { continue }
            answer(target, .failure(cancelled), &actions)
            actions.append(.cancelCall(token))
        }
        byID = [:]
        waitingOnNobody = []
    }

    private mutating func beginExit(_ actions: inout [Action]) {
        if shutdownRequested {
            ending = .exitAfterShutdown
        } else {
            ending = .exitWithoutShutdown
            cancelAll(reason: "exit", &actions)
        }
    }

    // MARK: Output

    private mutating func answer(_ target: Target, _ outcome: Result<JSON, ResponseError>, _ actions: inout [Action]) {
        switch target {
        case .none:
            break
        case .single(let id):
            actions.append(.send(.response(Response(id: id, outcome: outcome))))
        case .batch(let batch, let slot, let id):
            guard batches[batch] != nil else { return }
            batches[batch]?.responses[slot] = Response(id: id, outcome: outcome)
            batches[batch]?.remaining -= 1
            sendBatchIfComplete(batch, &actions)
        }
    }

    private mutating func sendBatchIfComplete(_ batch: UInt64, _ actions: inout [Action]) {
        guard let pending = batches[batch], pending.sealed, pending.remaining == 0 else { return }
        batches[batch] = nil
        actions.append(.send(.batch(pending.responses.compactMap { $0 })))
    }

    /// After every event: once input ended or `shutdown` came, answers the calls that wait on
    /// nobody when nothing else runs; answers `shutdown` once nothing runs; ends the session when
    /// nothing more is owed and input ended or `exit` came.
    private mutating func settle(_ actions: inout [Action]) {
        guard !ended else { return }
        // Every call leaves `waitingOnNobody` as it leaves `running` (finished, cancelled by id,
        // by a signal, by a closed output): nothing to filter here, so an event costs the same
        // however many calls wait (it filtered every waiting call after every event: 10,000
        // waiting calls took 6.5 s to queue).
        if inputEnded || shutdownRequested, !waitingOnNobody.isEmpty, running.count == waitingOnNobody.count {
            let ended = ResponseError.cancelled.adding([
                "reason": "session_end",
                "detail": "the session ended while the call waited for a user who never acts (a sheet that never completes)",
            ])
            for token in waitingOnNobody.sorted() {
                guard let target = running.removeValue(forKey: token) else { continue }
                unindex(token, target)
                answer(target, .failure(ended), &actions)
                actions.append(.cancelCall(token))
            }
            waitingOnNobody = []
        }
        guard running.isEmpty else { return }
        if !pendingShutdowns.isEmpty {
            let waiting = pendingShutdowns
            pendingShutdowns = []
            for target in waiting { answer(target, .success(.null), &actions) }
        }
        if let ending {
            ended = true
            actions.append(.end(status: ending.status))
        } else if inputEnded {
            ended = true
            actions.append(.end(status: 0))
        }
    }
}

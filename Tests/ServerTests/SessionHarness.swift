import BridgeJSON
import BridgeProtocol
import Testing
import TestSupport
@testable import BridgeServer

typealias Action = SessionStateMachine.Action

/// A peer driving a `SessionStateMachine` without any I/O: it records what it sent (and
/// therefore which requests are owed an answer) and every action the machine returned, and
/// checks the session's rules over the whole record.
struct SessionHarness {
    var machine = SessionStateMachine()
    /// Every action, in order.
    private(set) var actions: [Action] = []
    /// The ids of the requests the machine read (received while it was reading).
    private(set) var owed: [RequestID] = []
    /// The calls started, by the id (or method, for notifications) they were started for.
    private(set) var started: [(token: CallToken, method: String, id: RequestID?)] = []
    private(set) var inputEnded = false

    /// Sends one message (or batch) as JSON text; ignored once input ended (a closed pipe).
    @discardableResult
    mutating func send(_ text: String) -> [Action] {
        send(IncomingPayload(bytes: Array(text.utf8)))
    }

    /// Sends one decoded message (or batch); ignored once input ended.
    @discardableResult
    mutating func send(_ payload: IncomingPayload) -> [Action] {
        guard !inputEnded else { return [] }
        if machine.isReading { owed += SessionHarness.answeredIDs(payload) }
        return handle(.received(payload))
    }

    /// Ends the input.
    @discardableResult
    mutating func endInput() -> [Action] {
        guard !inputEnded else { return [] }
        inputEnded = true
        return handle(.endOfInput)
    }

    /// Finishes the call started for request `id` with `result`.
    @discardableResult
    mutating func finish(_ id: RequestID, _ result: JSON = ["done": true], notifications: [SessionNotification] = []) -> [Action] {
        guard let token = token(for: id) else {
            Issue.record("no call was started for \(id)")
            return []
        }
        return handle(.callFinished(token, CallCompletion(notifications: notifications, outcome: .success(result))))
    }

    /// The token of the call started for `id`.
    func token(for id: RequestID) -> CallToken? { started.first { $0.id == id }?.token }

    @discardableResult
    mutating func handle(_ event: SessionStateMachine.Event) -> [Action] {
        let new = machine.handle(event)
        for case .startCall(let token, let method, _, let id, _) in new { started.append((token, method, id)) }
        actions += new
        return new
    }

    /// The messages sent, in order.
    var sent: [OutboundMessage] { actions.compactMap { if case .send(let m) = $0 { return m } else { return nil } } }

    /// Every response sent (batch members included), in order.
    var responses: [Response] {
        sent.flatMap { m -> [Response] in
            switch m {
            case .response(let r): return [r]
            case .batch(let rs): return rs
            case .notification, .request: return []
            }
        }
    }

    /// The response to `id`, if one was sent.
    func response(_ id: RequestID) -> Response? { responses.first { $0.id == id } }

    /// The status of `.end` or `.endNow`, if the session ended.
    var endStatus: Int32? {
        for action in actions {
            switch action {
            case .end(let s), .endNow(let s): return s
            default: continue
            }
        }
        return nil
    }

    /// The tokens the machine asked to cancel.
    var cancelledTokens: [CallToken] { actions.compactMap { if case .cancelCall(let t) = $0 { return t } else { return nil } } }

    /// Checks the rules that hold whatever happened: each owed request answered at most once
    /// (exactly once if the session ended normally), no answer to an unknown id, nothing sent
    /// after the end, one end at most, each cancel once and only for a started call.
    func checkRules(_ describe: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        var answered: [RequestID: Int] = [:]
        for r in responses { answered[r.id, default: 0] += 1 }
        var owedCount: [RequestID: Int] = [:]
        for id in owed { owedCount[id, default: 0] += 1 }
        for (id, n) in answered where n > owedCount[id, default: 0] {
            Issue.record("\(describe()): \(id) answered \(n) times, read \(owedCount[id, default: 0]) times", sourceLocation: sourceLocation)
        }
        var ends = 0
        var endedNow = false
        for action in actions {
            switch action {
            case .end: ends += 1
            case .endNow: endedNow = true
            case .send(let m) where ends > 0 || endedNow:
                Issue.record("\(describe()): sent \(m) after the end", sourceLocation: sourceLocation)
            default: break
            }
        }
        if ends > 1 { Issue.record("\(describe()): ended \(ends) times", sourceLocation: sourceLocation) }
        if ends == 1 && !closedOutput {
            for (id, n) in owedCount where answered[id, default: 0] < n {
                Issue.record("\(describe()): \(id) never answered before the end", sourceLocation: sourceLocation)
            }
        }
        let cancels = cancelledTokens
        if Set(cancels).count != cancels.count {
            Issue.record("\(describe()): a call was cancelled twice: \(cancels)", sourceLocation: sourceLocation)
        }
        let startedTokens = Set(started.map(\.token))
        for t in cancels where !startedTokens.contains(t) {
            Issue.record("\(describe()): cancelled \(t), which never started", sourceLocation: sourceLocation)
        }
    }

    /// Whether the test closed the output (then owed answers cannot be written).
    var closedOutput = false

    static func answeredIDs(_ payload: IncomingPayload) -> [RequestID] {
        func ids(_ m: IncomingMessage) -> [RequestID] {
            switch m {
            case .request(let r): return [r.id]
            case .invalid(let id, _): return [id]
            case .notification, .response: return []
            }
        }
        switch payload {
        case .failure: return [.null]
        case .single(let m): return ids(m)
        case .batch(let ms): return ms.flatMap(ids)
        }
    }
}

/// `{"jsonrpc":"2.0","id":<id>,"method":<method>[,"params":<params>]}`.
func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
    let p = params.map { #","params":\#($0)"# } ?? ""
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(p)}"#
}

/// `{"jsonrpc":"2.0","method":<method>[,"params":<params>]}`.
func notification(_ method: String, _ params: String? = nil) -> String {
    let p = params.map { #","params":\#($0)"# } ?? ""
    return #"{"jsonrpc":"2.0","method":"\#(method)"\#(p)}"#
}

func id(_ n: Int) -> RequestID { .number(JSONNumber(n)) }


import BridgeFraming
import BridgeJSON
import BridgeProtocol

/// One response: the request's id and its outcome.
public struct Response: Sendable, Equatable {
    public let id: RequestID
    public let outcome: Result<JSON, ResponseError>

    public init(id: RequestID, outcome: Result<JSON, ResponseError>) {
        self.id = id
        self.outcome = outcome
    }

    /// The response serialised: `{"jsonrpc":"2.0","id":…,"result"|"error":…}`.
    public var bytes: [UInt8] { OutgoingMessage.response(id: id, outcome) }
}

/// A notification the session sends to its peer, such as `bridge/presentation`.
public struct SessionNotification: Sendable, Equatable {
    public let method: String
    public let params: JSON

    public init(method: String, params: JSON) {
        self.method = method
        self.params = params
    }

    /// The notification serialised: `{"jsonrpc":"2.0","method":…,"params":…}`.
    public var bytes: [UInt8] { OutgoingMessage.notification(method: method, params: params) }
}

/// One message a session writes to its peer, as a value: the state machine decides what to
/// send and in which order, a transport serialises and frames it (`bytes`) when it writes.
public enum OutboundMessage: Sendable, Equatable {
    /// The response to one request outside a batch.
    case response(Response)
    /// The response to a batch: one array with a response per request of the batch, in the
    /// batch's order.
    case batch([Response])
    /// A notification, e.g. `bridge/presentation` before the response it belongs to.
    case notification(SessionNotification)
    /// A request to the peer (`bridge/answer`: a client that handles a command answers a call).
    case request(id: String, SessionNotification)

    /// The message serialised as JSON text, without framing.
    public var bytes: [UInt8] {
        switch self {
        case .response(let r): return r.bytes
        case .batch(let responses): return OutgoingMessage.batch(responses.map(\.bytes))
        case .notification(let n): return n.bytes
        case .request(let id, let n):
            let object: JSON = ["jsonrpc": "2.0", "id": .string(id), "method": .string(n.method), "params": n.params]
            return object.serializedBytes()
        }
    }

    /// Appends the message, framed for `mode`, to `out`: a response is serialised in place (in
    /// header framing after its length, counted first), everything else through `bytes`. A large
    /// byte result goes to `drain` in parts as it is written, so its text is never whole in memory.
    public func write(framed mode: FramingMode, into out: inout [UInt8], drain: JSONDrain? = nil) {
        guard case .response(let r) = self else {
            mode.frame(bytes, into: &out)
            return
        }
        if mode == .contentLength {
            out.append(contentsOf: "Content-Length: \(OutgoingMessage.responseCount(id: r.id, r.outcome))\r\n\r\n".utf8)
            OutgoingMessage.response(id: r.id, r.outcome, into: &out, drain: drain)
        } else {
            OutgoingMessage.response(id: r.id, r.outcome, into: &out, drain: drain)
            out.append(0x0A)
        }
    }

    /// The ids this message answers, each with whether its answer is a result (not an error).
    public var answers: [(id: RequestID, succeeded: Bool)] {
        func answer(_ r: Response) -> (id: RequestID, succeeded: Bool) {
            if case .success = r.outcome { return (r.id, true) }
            return (r.id, false)
        }
        switch self {
        case .response(let r): return [answer(r)]
        case .batch(let responses): return responses.map(answer)
        case .notification, .request: return []
        }
    }

    /// The ids this message answers (empty for a notification).
    public var answeredIDs: [RequestID] {
        switch self {
        case .response(let r): return [r.id]
        case .batch(let responses): return responses.map(\.id)
        case .notification, .request: return []
        }
    }
}

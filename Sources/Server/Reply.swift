import BridgeJSON
import BridgeProtocol
import Synchronization

/// Where the answer to one message goes.
enum Reply: Sendable {
    /// A notification: nothing is sent.
    case none
    /// A single request: its response is sent on its own.
    case single(RequestID)
    /// A request inside a batch: its response fills `slot` of the batch.
    case batch(BatchReply, slot: Int, id: RequestID)
}

/// Collects the responses of one batch and sends them as one array once the last arrives.
///
/// Per JSON-RPC 2.0, a batch with no requests (only notifications) sends nothing at all.
final class BatchReply: Sendable {
    private let slots: Mutex<(responses: [[UInt8]?], remaining: Int)>

    /// A batch with `count` requests to answer.
    init(count: Int) {
        slots = Mutex((Array(repeating: nil, count: count), count))
    }

    /// Fills one slot; returns the batch response when it was the last one missing.
    func fill(_ slot: Int, with response: [UInt8]) -> [UInt8]? {
        slots.withLock { state -> [UInt8]? in
            guard state.responses[slot] == nil else { return nil }
            state.responses[slot] = response
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            return OutgoingMessage.batch(state.responses.compactMap { $0 })
        }
    }
}

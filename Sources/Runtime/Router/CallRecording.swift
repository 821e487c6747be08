import BridgeCall
import BridgeJSON
import BridgeProtocol

/// Where the router writes each call it answered or refused (`--record FILE`), for
/// `bridge replay`.
public protocol CallRecording: Sendable {
    func record(_ command: String, params: JSON?, context: CallContext, outcome: Result<JSON, ResponseError>, warnings: [CallWarning])
}

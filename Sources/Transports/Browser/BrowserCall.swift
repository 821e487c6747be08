import BridgeCall
import BridgeJSON
import BridgeProtocol

/// What one call gave, as browser mode reports it.
public struct BrowserCallOutcome: Sendable {
    public var result: Result<JSON, ResponseError>
    /// What makes the platform record, sent to the page as `bridge/presentation`: made only
    /// when the page has an event stream open to read it, as bytes.
    public var presentation: JSONRecord?
    /// The call's warnings (`{code, message, field?}`), all of them (the `Bridge-Warnings` header);
    /// each went to the page as `bridge/warning` through `live` when it was learnt.
    public var warnings: [JSON]

    public init(result: Result<JSON, ResponseError>, presentation: JSONRecord? = nil, warnings: [JSON] = []) {
        self.result = result
        self.presentation = presentation
        self.warnings = warnings
    }
}

/// How a browser-mode call started: answered at once (most calls never wait), or with what is
/// left to await (a sheet the person answers, a download).
public enum BrowserCallStart: Sendable {
    case done(BrowserCallOutcome)
    case waiting(@Sendable () async -> BrowserCallOutcome)
    /// Waits without a task (`CallStep.resuming`): starts the wait, and hands the outcome to
    /// `answer` once, on the thread where the wait ends.
    case resuming(@Sendable (_ answer: @escaping @Sendable (BrowserCallOutcome) -> Void) -> Void)
}

/// Starts one call for browser mode (`RouterCalls`), on the caller's thread, so HTTP calls go
/// through the same router, ACL, validation and backends as stdio calls, and a call that never
/// waits is answered without a task. `live` gets what the call reports before its answer
/// (`bridge/warning` params learnt while it runs), to send at once.
public typealias BrowserCallRunner = @Sendable (_ method: String, _ params: JSON, _ context: CallContext,
                                                _ live: @escaping @Sendable (_ method: String, _ params: JSON) -> Void) -> BrowserCallStart

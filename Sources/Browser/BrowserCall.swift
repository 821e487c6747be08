import BridgeCall
import BridgeJSON
import BridgeProtocol

/// What one call gave, as browser mode reports it.
public struct BrowserCallOutcome: Sendable {
    public var result: Result<JSON, ResponseError>
    /// The platform record, sent to the page as `bridge/presentation`.
    public var presentation: JSON?
    /// The call's warnings (`{code, message, field?}`), all of them (the `Bridge-Warnings` header);
    /// each went to the page as `bridge/warning` through `live` when it was learnt.
    public var warnings: [JSON]

    public init(result: Result<JSON, ResponseError>, presentation: JSON? = nil, warnings: [JSON] = []) {
        self.result = result
        self.presentation = presentation
        self.warnings = warnings
    }
}

/// Runs one call for browser mode (`RouterCalls`), so HTTP calls go through the same router,
/// ACL, validation and backends as stdio calls. `live` gets what the call
/// reports before its answer (`bridge/warning` params learnt while it runs), to send at once.
public typealias BrowserCallRunner = @Sendable (_ method: String, _ params: JSON, _ context: CallContext,
                                                _ live: @escaping @Sendable (_ method: String, _ params: JSON) -> Void) async -> BrowserCallOutcome

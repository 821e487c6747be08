import BridgeJSON
import BridgeProtocol

/// How a call the session started ended, as its transport reports it back with
/// `SessionStateMachine.Event.callFinished`.
public struct CallCompletion: Sendable, Equatable {
    /// Notifications to write before the call's response, in order (`bridge/presentation`,
    /// `bridge/warning`, …). They are dropped with the response when the call was already
    /// answered (cancelled, or the session ended).
    public var notifications: [SessionNotification]
    /// The result or the error the response carries.
    public var outcome: Result<JSON, ResponseError>

    public init(notifications: [SessionNotification] = [], outcome: Result<JSON, ResponseError>) {
        self.notifications = notifications
        self.outcome = outcome
    }

    /// A completion with a result and no notifications.
    public static func success(_ result: JSON) -> CallCompletion { CallCompletion(outcome: .success(result)) }

    /// A completion with an error and no notifications.
    public static func failure(_ error: ResponseError) -> CallCompletion { CallCompletion(outcome: .failure(error)) }
}

/// Identifies one call a session started; unique within that session, increasing.
public struct CallToken: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (a: CallToken, b: CallToken) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "call \(rawValue)" }
}

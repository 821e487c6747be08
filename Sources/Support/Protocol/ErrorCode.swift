/// A JSON-RPC error code. Open, so codes can be added without breaking callers.
public struct ErrorCode: RawRepresentable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Invalid JSON or invalid UTF-8.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// Not a valid request object, a wrong `jsonrpc`, a bad id type, or a message over the size limit.
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// Unknown method, plugin or command.
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// Argument binding or validation failed, in any layer.
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// A bug in the bridge; the host stays up.
    public static let internalError = ErrorCode(rawValue: -32603)
    /// Cancelled by `$/cancelRequest`.
    public static let requestCancelled = ErrorCode(rawValue: -32800)
    /// The ACL denied the call.
    public static let notAllowed = ErrorCode(rawValue: -32001)
    /// The command has no implementation on this platform.
    public static let unsupportedPlatform = ErrorCode(rawValue: -32002)
    /// The backend rejected the call (the native `invoke.reject`).
    public static let rejected = ErrorCode(rawValue: -32003)

    /// The `data.kind` string clients match on for this code.
    public var kind: String {
        switch self {
        case .parseError: return "parse"
        case .invalidRequest: return "invalid_request"
        case .methodNotFound: return "not_found"
        case .invalidParams: return "invalid_args"
        case .internalError: return "internal"
        case .requestCancelled: return "cancelled"
        case .notAllowed: return "not_allowed"
        case .unsupportedPlatform: return "unsupported_platform"
        case .rejected: return "rejected"
        default: return "error"
        }
    }
}

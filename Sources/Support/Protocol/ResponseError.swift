import BridgeJSON

/// The error object of a JSON-RPC response: `{"code", "message", "data": {"kind", …}}`.
///
/// `message` is what a Tauri front end would receive from `invoke()` for the same failure.
/// `data` always carries `kind` (see `ErrorCode.kind`) and, where they apply, `command`, `layer`,
/// `field`, `suggestion` and `permissions`.
public struct ResponseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: ErrorCode
    public let message: String
    /// Structured details; always an object with `kind`.
    public let data: JSONObject

    /// An error with `code` and `message`; `details` are added to `data` after `kind`.
    public init(code: ErrorCode, message: String, details: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        var data = JSONObject([JSONObject.Member(key: "kind", value: .string(code.kind))])
        for member in details where member.key != "kind" { data[member.key] = member.value }
        self.data = data
    }

    /// The error as its wire object.
    public var json: JSON {
        .object(JSONObject([
            .init(key: "code", value: .number(JSONNumber(code.rawValue))),
            .init(key: "message", value: .string(message)),
            .init(key: "data", value: .object(data)),
        ]))
    }

    public var description: String { "\(message) (\(code.rawValue) \(code.kind))" }

    /// A copy with more `data` members (existing keys are replaced).
    public func adding(_ details: JSONObject) -> ResponseError {
        var merged = data
        for member in details { merged[member.key] = member.value }
        return ResponseError(code: code, message: message, details: merged)
    }

    // MARK: Factories

    /// Invalid JSON: the parser's sentence with its position in `data`.
    public static func parseError(_ error: JSONParseError) -> ResponseError {
        ResponseError(code: .parseError, message: "Parse error: \(error)", details: [
            "line": .number(JSONNumber(error.line)),
            "column": .number(JSONNumber(error.column)),
            "offset": .number(JSONNumber(error.offset)),
        ])
    }

    /// A framing or encoding problem found before JSON parsing.
    public static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: .parseError, message: "Parse error: \(message)")
    }

    /// Not a valid JSON-RPC request; `reason` says what to fix.
    public static func invalidRequest(_ reason: String) -> ResponseError {
        ResponseError(code: .invalidRequest, message: "Invalid request: \(reason)")
    }

    /// A message over the byte limit.
    public static func messageTooLarge(limit: Int) -> ResponseError {
        ResponseError(
            code: .invalidRequest,
            message: "Invalid request: message larger than \(limit) bytes (raise it with --max-message-bytes)",
            details: ["limit": .number(JSONNumber(limit))])
    }

    /// An unknown method, plugin or command, with Tauri's wording in `message`.
    public static func notFound(_ message: String, details: JSONObject = JSONObject()) -> ResponseError {
        ResponseError(code: .methodNotFound, message: message, details: details)
    }

    /// Arguments that failed binding or validation.
    public static func invalidParams(_ message: String, details: JSONObject = JSONObject()) -> ResponseError {
        ResponseError(code: .invalidParams, message: message, details: details)
    }

    /// A bug: `message` says what failed, without internals a client could depend on.
    public static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: .internalError, message: message)
    }

    /// A request cancelled by `$/cancelRequest`.
    public static let cancelled = ResponseError(code: .requestCancelled, message: "Request cancelled")

    /// The command exists but not on this platform.
    public static func unsupportedPlatform(_ message: String, details: JSONObject = JSONObject()) -> ResponseError {
        ResponseError(code: .unsupportedPlatform, message: message, details: details)
    }

    /// The backend rejected the call.
    public static func rejected(_ message: String, details: JSONObject = JSONObject()) -> ResponseError {
        ResponseError(code: .rejected, message: message, details: details)
    }

    /// The ACL denied the call.
    public static func notAllowed(_ message: String, details: JSONObject = JSONObject()) -> ResponseError {
        ResponseError(code: .notAllowed, message: message, details: details)
    }
}

import BridgeJSON

/// A JSON-RPC request id: a string, a number (kept as written) or `null`, echoed exactly as given.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(JSONNumber)
    case null

    /// The id as it appears on the wire.
    public var json: JSON {
        switch self {
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .null: return .null
        }
    }

    /// The id for a JSON value, or `nil` when the value is not a valid id type (bool, array, object).
    public init?(json: JSON) {
        switch json {
        case .string(let s): self = .string(s)
        case .number(let n): self = .number(n)
        case .null: self = .null
        default: return nil
        }
    }

    public var description: String { json.serialized() }
}

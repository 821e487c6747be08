import BridgeJSON

/// A TOML 1.0 value, with the four date-time kinds kept apart.
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    /// A float and the text it was written with (`inf`, `-nan`, `6.02e23`…).
    case float(Double, text: String)
    case bool(Bool)
    /// `1979-05-27T07:32:00Z`, normalised: `T` and `Z` upper-case.
    case offsetDateTime(String)
    case localDateTime(String)
    case localDate(String)
    case localTime(String)
    case array([TOMLValue])
    case table(TOMLTable)

    /// The value on the project's JSON type: tables are objects, date-times are their RFC 3339
    /// text, integers and finite floats are numbers; `inf`, `-inf` and `nan` have no JSON number,
    /// so they become those strings.
    public var json: JSON {
        switch self {
        case .string(let s): return .string(s)
        case .integer(let i): return .number(JSONNumber(Int(i)))
        case .float(let d, _): return JSONNumber(d).map(JSON.number) ?? .string(d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf"))
        case .bool(let b): return .bool(b)
        case .offsetDateTime(let s), .localDateTime(let s), .localDate(let s), .localTime(let s): return .string(s)
        case .array(let items): return .array(items.map(\.json))
        case .table(let t): return t.json
        }
    }
}

/// A TOML table: keys in document order.
public struct TOMLTable: Sendable, Equatable {
    public internal(set) var entries: [(key: String, value: TOMLValue)] = []

    public init() {}

    public static func == (a: TOMLTable, b: TOMLTable) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    public var json: JSON {
        .object(JSONObject(entries.map { JSONObject.Member(key: $0.key, value: $0.value.json) }))
    }
}

/// Why a document is not TOML 1.0, and where.
public struct TOMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// From 1.
    public let line: Int
    /// From 1, in characters.
    public let column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

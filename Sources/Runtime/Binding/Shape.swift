import BridgeJSON

/// The JSON shape of a parameter or a result, as a command declares it: what binding checks,
/// and what the generator writes into the command's JSON Schema and TypeScript declaration.
public indirect enum Shape: Sendable, Equatable {
    /// A string, optionally with a format (`date-time`) or a pattern (ECMA-262) it matches.
    case text(format: String?, pattern: String?)
    case boolean
    /// An integer, optionally with a minimum.
    case integer(minimum: Int?)
    case number
    /// An array of one shape.
    case list(Shape)
    /// An object with exactly these fields (no others).
    case record([Field])
    /// One of these strings.
    case choice([String])
    /// A value of this shape, or `null`.
    case nullable(Shape)
    /// Any JSON value.
    case any

    /// Any string.
    public static var string: Shape { .text(format: nil, pattern: nil) }
    /// Any integer.
    public static var integer: Shape { .integer(minimum: nil) }
    /// An array of any values.
    public static var array: Shape { .list(.any) }
    /// An object of any members.
    public static var object: Shape { .record([]) }

    /// The Rust type a value of this shape is bound as: serde's rules decide (`TauriArguments`).
    /// A list's items and a record's members are the command's to check (it names the item:
    /// `files[1]`, `preview.title`), as a `Vec<serde_json::Value>` or a map would leave them.
    public var rustType: RustType {
        switch self {
        case .text, .choice: return .string
        case .boolean: return .bool
        case .integer: return .integer("i64")
        case .number: return .float("f64")
        case .list: return .sequence(.any("serde_json::Value"))
        case .record: return .map
        case .nullable(let inner): return .option(inner.rustType)
        case .any: return .any("serde_json::Value")
        }
    }

    /// The JSON type the schemas write for this shape.
    public var kind: Parameter.Kind {
        switch self {
        case .text, .choice: return .string
        case .boolean: return .boolean
        case .integer: return .integer
        case .number: return .number
        case .list: return .array
        case .record: return .object
        case .nullable(let inner): return inner.kind
        case .any: return .any
        }
    }
}

/// A member of a `Shape.record`: its JSON key, its shape, whether it is always present, and
/// one sentence for the schema's and the TypeScript declaration's documentation.
public struct Field: Sendable, Equatable {
    public let key: String
    public let shape: Shape
    public let required: Bool
    public let doc: String

    public init(_ key: String, _ shape: Shape, required: Bool = true, doc: String = "") {
        self.key = key
        self.shape = shape
        self.required = required
        self.doc = doc
    }
}

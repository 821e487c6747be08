import BridgeJSON
import BridgeRegex

/// A schema compiled once for validation: a flat table of nodes, one per subschema location, with
/// every `$ref` already resolved to a node index (so recursive schemas are cycles of indices, not
/// infinite trees).
struct CompiledSchema: Sendable {
    /// Every node reached from `root`.
    let nodes: [SchemaNode]
    /// The index of the schema validation starts with.
    let root: Int

    /// Every reason `instance` fails the schema, in schema order; empty when it is valid.
    func errors(in instance: JSON) -> [ValidationError] {
        let evaluation = Evaluation(nodes: nodes, collecting: true)
        _ = evaluation.check(root, instance)
        return evaluation.errors
    }

    /// Whether `instance` is valid, stopping at the first failure without building messages.
    func accepts(_ instance: JSON) -> Bool {
        Evaluation(nodes: nodes, collecting: false).check(root, instance)
    }
}

/// One subschema.
struct SchemaNode: Sendable {
    /// `true`/`false` schemas, or an object's keywords in the order they were written.
    enum Body: Sendable {
        case always(Bool)
        case keywords([CompiledKeyword])
    }

    var body: Body
    /// `uri#pointer` of the subschema, for messages about the schema itself.
    var location: String
}

/// One keyword of a schema object, ready to evaluate.
struct CompiledKeyword: Sendable {
    /// The keyword's name as a JSON Pointer token (`$ref`, `properties`).
    let name: String
    let kind: Keyword
}

/// The draft-07 keywords, with their arguments checked and their subschemas compiled to node
/// indices.
enum Keyword: Sendable {
    // Any instance type (GenericKeywords.swift).
    case ref(Int)
    case type(JSONTypes)
    case enumeration([JSON], Set<ExactJSON>)
    case constant(JSON)
    // Numbers (NumericKeywords.swift).
    case multipleOf(JSONNumber)
    case maximum(JSONNumber)
    case exclusiveMaximum(JSONNumber)
    case minimum(JSONNumber)
    case exclusiveMinimum(JSONNumber)
    // Strings (StringKeywords.swift).
    case maxLength(Int)
    case minLength(Int)
    case pattern(ECMARegex)
    case format(StringFormat)
    // Arrays (ArrayKeywords.swift).
    case items(Int)
    case tupleItems([Int])
    case additionalItems(Int, from: Int)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case contains(Int)
    // Objects (ObjectKeywords.swift).
    case maxProperties(Int)
    case minProperties(Int)
    case required([String])
    case properties([ExactName: Int])
    case patternProperties([(regex: ECMARegex, node: Int)])
    case additionalProperties(Int, declared: Set<ExactName>, patterns: [ECMARegex])
    case dependencies([(property: String, dependency: Dependency)])
    case propertyNames(Int)
    // Combinations (CombinatorKeywords.swift).
    case conditional(if: Int, then: Int?, else: Int?)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)

    /// What `dependencies` requires when its property is present.
    enum Dependency: Sendable {
        case properties([String])
        case schema(Int)
    }

    /// The subschemas this keyword applies to the same instance (not to its items or members):
    /// the edges along which a `$ref` cycle could loop without consuming input.
    var inPlaceSubschemas: [Int] {
        switch self {
        case .ref(let n), .not(let n): return [n]
        case .allOf(let ns), .anyOf(let ns), .oneOf(let ns): return ns
        case .conditional(let i, let t, let e): return [i] + [t, e].compactMap { $0 }
        case .dependencies(let entries):
            return entries.compactMap { if case .schema(let n) = $0.dependency { return n } else { return nil } }
        default: return []
        }
    }
}

/// A set of JSON Schema type names; `integer` is a number with no fractional part.
struct JSONTypes: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = JSONTypes(rawValue: 1 << 0)
    static let boolean = JSONTypes(rawValue: 1 << 1)
    static let object = JSONTypes(rawValue: 1 << 2)
    static let array = JSONTypes(rawValue: 1 << 3)
    static let number = JSONTypes(rawValue: 1 << 4)
    static let string = JSONTypes(rawValue: 1 << 5)
    static let integer = JSONTypes(rawValue: 1 << 6)

    /// The names in the order a message lists them.
    static let names: [(String, JSONTypes)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("integer", .integer), ("string", .string),
    ]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The type named `name`, or `nil` for a name JSON Schema does not define.
    init?(name: String) {
        guard let entry = JSONTypes.names.first(where: { $0.0 == name }) else { return nil }
        self = entry.1
    }
}

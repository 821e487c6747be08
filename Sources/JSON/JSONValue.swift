/// A JSON value, exactly as it was written.
///
/// Unlike Foundation's `JSONSerialization`, this type keeps `true` apart from `1`, keeps each
/// number's text (`1.0` stays `1.0`), and keeps object members in their original order.
/// Equality is JSON equality: objects compare as sets of members, numbers by value (`1 == 1.0`).
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The JSON type name of this value, as error messages and JSON Schema use it.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The boolean, when this is `true` or `false` (never for numbers).
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object literal. Its keys are written in code and must be unique (checked in debug builds).
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(literal: elements))
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: CustomStringConvertible {
    /// The compact serialization of this value.
    public var description: String { serialized() }
}

extension JSON {
    /// A number from an integer.
    public static func integer(_ value: Int) -> JSON { .number(JSONNumber(value)) }

    /// A number from a double; `null` for NaN and infinities, which JSON cannot hold.
    public static func double(_ value: Double) -> JSON { JSONNumber(value).map(JSON.number) ?? .null }

    /// A string, or `null` for `nil`.
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
}

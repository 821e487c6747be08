/// A JSON value, exactly as it was written.
///
/// Unlike Foundation's `JSONSerialization`, this type keeps `true` apart from `1`, keeps each
/// number's text (`1.0` stays `1.0`), and keeps object members in their original order.
/// Equality is JSON equality: objects compare as sets of members, numbers by value (`1 == 1.0`),
/// and bytes as the array of their numbers.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSON])
    case object(JSONObject)
    /// An array of numbers 0–255 held as bytes (see `JSONBytes`): a command's byte buffer.
    /// - Important: match arrays through `arrayValue`, which reads both forms; `case .array`
    ///   does not see this one.
    case bytes(JSONBytes)

    /// The JSON type name of this value, as error messages and JSON Schema use it.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array, .bytes: return "array"
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

    /// The elements, when this is an array (bytes are made into their numbers here).
    public var arrayValue: [JSON]? {
        switch self {
        case .array(let a): return a
        case .bytes(let b): return b.elements
        default: return nil
        }
    }

    /// The bytes, when this is an array of numbers 0–255 held as bytes (`.bytes`).
    public var bytesValue: [UInt8]? {
        if case .bytes(let b) = self { return b.bytes }
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

extension JSON {
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.bytes(let a), .bytes(let b)): return a.bytes == b.bytes
        case (.bytes(let a), .array(let b)), (.array(let b), .bytes(let a)):
            guard a.count == b.count else { return false }
            return zip(a.bytes, b).allSatisfy { JSON.byteNumbers[Int($0)] == $1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .number(let n): hasher.combine(2); hasher.combine(n)
        case .string(let s): hasher.combine(3); hasher.combine(s)
        case .array(let a): hasher.combine(4); hasher.combine(a)
        case .object(let o): hasher.combine(5); hasher.combine(o)
        case .bytes(let b):
            // As the equal array hashes: its count, then each element.
            hasher.combine(4)
            hasher.combine(b.count)
            for byte in b.bytes { hasher.combine(JSON.byteNumbers[Int(byte)]) }
        }
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

import BridgeJSON

/// Arguments after binding (layer 1): values by snake_case parameter name, absent and `null`
/// optional values left out.
public struct BoundArguments: Sendable, Equatable {
    /// The parameters in declaration order, with their values where present.
    public let values: [(name: String, value: JSON)]

    init(values: [(name: String, value: JSON)]) { self.values = values }

    public static func == (lhs: BoundArguments, rhs: BoundArguments) -> Bool {
        lhs.values.map(\.name) == rhs.values.map(\.name) && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    /// The value of a parameter, by its snake_case name.
    public subscript(name: String) -> JSON? {
        values.first { $0.name == name }?.value
    }

    /// The string value of a parameter (binding has already checked the type).
    public func string(_ name: String) -> String? { self[name]?.stringValue }

    /// The payload handed to a backend: camelCase keys (`image_url` → `imageUrl`), in
    /// declaration order, absent values omitted — serde's `rename_all = "camelCase"` with
    /// `skip_serializing_if = "Option::is_none"`.
    public var camelCasePayload: JSONObject {
        JSONObject(values.map { JSONObject.Member(key: CaseConversion.lowerCamelCase($0.name), value: $0.value) })
    }
}

extension BoundArguments {
    /// No arguments.
    public init() { self.init(values: []) }
}

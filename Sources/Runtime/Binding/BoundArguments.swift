import BridgeJSON

/// Arguments after binding (layer 1): values by snake_case parameter name, absent and `null`
/// optional values left out.
public struct BoundArguments: Sendable, Equatable {
    /// One bound value: the parameter's snake_case name, its camelCase payload key, the value.
    public struct Value: Sendable, Equatable {
        public let name: String
        public let payloadKey: String
        public let value: JSON
    }

    /// The parameters that have a value, in declaration order.
    public let values: [Value]

    init(values: [Value]) { self.values = values }

    /// No arguments.
    public init() { self.init(values: []) }

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
        JSONObject(values.map { JSONObject.Member(key: $0.payloadKey, value: $0.value) })
    }
}

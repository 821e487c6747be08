/// One reason an instance does not satisfy a schema.
///
/// Both paths are JSON Pointers (RFC 6901). `schemaPath` follows the keywords that were evaluated
/// from the root schema, through `$ref` too (`/properties/size/$ref/minimum`), so it tells which
/// keyword failed as the validator reached it, like the `keywordLocation` of JSON Schema's output
/// formats.
public struct ValidationError: Sendable, Equatable, CustomStringConvertible {
    /// Where in the instance the problem is: `""` for the root, `/items/3/name` for a member.
    public let instancePath: String
    /// The keyword that failed: `/properties/url/type`; `""` when the root schema is `false`.
    public let schemaPath: String
    /// One sentence a user can act on, such as `expected string, got integer`.
    public let message: String

    /// An error at the given locations.
    public init(instancePath: String, schemaPath: String, message: String) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.message = message
    }

    /// `at /url: expected string, got integer (schema /properties/url/type)`; the root instance
    /// reads `at the root`.
    public var description: String {
        let place = instancePath.isEmpty ? "the root" : instancePath
        let keyword = schemaPath.isEmpty ? "the root schema" : schemaPath
        return "at \(place): \(message) (schema \(keyword))"
    }
}

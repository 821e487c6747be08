/// Why a schema cannot be registered or compiled.
///
/// Thrown by `SchemaRegistry.add(_:uri:)` and the `SchemaValidator` initializers; never by
/// validation itself, which reports problems with instances as `ValidationError` values.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem, open for new kinds without breaking callers.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as a stable, kebab-case name (`unresolvable-reference`).
        public let rawValue: String
        /// A code by name; the static constants below are the ones this module throws.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        public var description: String { rawValue }

        /// The schema does not validate against the draft-07 meta-schema; see `errors`.
        public static let invalidSchema = Code(rawValue: "invalid-schema")
        /// A `$ref` names no schema known to the validator or its registry; see `reference`.
        public static let unresolvableReference = Code(rawValue: "unresolvable-reference")
        /// `$ref`s form a cycle that re-applies a schema to the same value forever.
        public static let referenceCycle = Code(rawValue: "reference-cycle")
        /// A `pattern` or `patternProperties` key is not a regular expression.
        public static let invalidPattern = Code(rawValue: "invalid-pattern")
        /// Another schema is already registered under the same URI.
        public static let duplicateURI = Code(rawValue: "duplicate-uri")
        /// `add(_:uri:)` got neither a `uri` nor a schema with a `$id`, or a URI with a fragment.
        public static let missingURI = Code(rawValue: "missing-uri")
        /// `SchemaValidator(uri:registry:)` names a URI the registry does not hold.
        public static let unknownURI = Code(rawValue: "unknown-uri")
    }

    /// What kind of problem.
    public let code: Code
    /// One sentence a user can act on.
    public let message: String
    /// For `.invalidSchema`: why the meta-schema refused the schema (instance paths point into the
    /// schema). Empty otherwise.
    public let errors: [ValidationError]
    /// For `.unresolvableReference`: the `$ref` value as written.
    public let reference: String?

    /// An error with the given parts.
    public init(code: Code, message: String, errors: [ValidationError] = [], reference: String? = nil) {
        self.code = code
        self.message = message
        self.errors = errors
        self.reference = reference
    }

    /// The message, then one line per meta-schema error.
    public var description: String {
        ([message] + errors.map { "  " + $0.description }).joined(separator: "\n")
    }
}

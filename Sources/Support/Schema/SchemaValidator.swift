import BridgeJSON

/// Validates JSON instances against a JSON Schema draft-07 schema.
///
/// The schema is checked against the draft-07 meta-schema and compiled once, when the validator
/// is created; validating never throws and never changes the validator, so one validator can be
/// shared by any number of threads.
///
/// ```swift
/// let validator = try SchemaValidator(schema: try JSONParser.parse(#"{"type": "string"}"#))
/// validator.validate(.integer(1))  // [at the root: expected string, got integer (schema /type)]
/// ```
///
/// - Important: draft-07 only: `$schema` is not read, and keywords of later drafts
///   (`$defs`, `unevaluatedProperties`, …) are ignored like any unknown keyword.
public struct SchemaValidator: Sendable {
    private let compiled: CompiledSchema

    /// A validator for `schema`.
    ///
    /// - Parameters:
    ///   - schema: a draft-07 schema (an object or a boolean). Its `$id`s, and those of the
    ///     registry's schemas, are what its `$ref`s can name; it is not added to the registry.
    ///   - registry: schemas that `$ref`s may name by URI; the draft-07 meta-schema is always there.
    ///   - assertFormats: check `format` (`date-time`, `date`, `time`, `email`, `hostname`, `ipv4`,
    ///     `ipv6`, `uri`, `uri-reference`, `json-pointer`, `relative-json-pointer`, `regex`)
    ///     instead of treating it as an annotation.
    /// - Throws: `SchemaError`: `.invalidSchema` (with the meta-schema's errors), `.invalidPattern`,
    ///   `.unresolvableReference` (naming the `$ref`), `.referenceCycle`.
    public init(schema: JSON, registry: SchemaRegistry = SchemaRegistry(), assertFormats: Bool = false) throws(SchemaError) {
        let errors = Metaschema.errors(in: schema)
        guard errors.isEmpty else {
            throw SchemaError(code: .invalidSchema, message: "the schema is not a valid draft-07 schema", errors: errors)
        }
        var local = SchemaIndex()
        let document = SchemaDocument(root: schema, uri: URIReference(parsing: ""))
        _ = local.add(document)
        compiled = try SchemaCompiler.compile(SchemaLocation(document: document, pointer: []),
                                              indexes: [local, registry.snapshot], assertFormats: assertFormats)
    }

    /// A validator for the schema the registry holds at `uri` (a fragment may name a subschema:
    /// `http://example.com/s.json#/definitions/item`, or a plain-name `$id` such as `…#item`).
    ///
    /// - Throws: `SchemaError`: `.unknownURI` when the registry holds nothing there, and the
    ///   errors of `init(schema:registry:assertFormats:)` except `.invalidSchema` (the registry
    ///   checked the schema when it was added).
    public init(uri: String, registry: SchemaRegistry, assertFormats: Bool = false) throws(SchemaError) {
        let index = registry.snapshot
        guard let location = index.locate(URIReference(parsing: uri)) else {
            throw SchemaError(code: .unknownURI, message: "the registry holds no schema at \(uri)")
        }
        compiled = try SchemaCompiler.compile(location, indexes: [index], assertFormats: assertFormats)
    }

    /// Every reason `instance` does not satisfy the schema, in the order of the schema's keywords;
    /// empty when it is valid.
    ///
    /// Time is linear in the size of the instance (times the schema's work per value: `uniqueItems`
    /// hashes, patterns run the linear-time regex engine); JSON Pointer paths are built only for the errors returned.
    ///
    /// - Important: validation recurses once per level of the instance's nesting, like the rest of
    ///   the project's JSON handling; `JSONParser` caps nesting at 128 levels by default.
    public func validate(_ instance: JSON) -> [ValidationError] {
        compiled.errors(in: instance)
    }

    /// Whether `instance` satisfies the schema; faster than `validate(_:)`, as it stops at the
    /// first failure and builds no messages.
    public func isValid(_ instance: JSON) -> Bool {
        compiled.accepts(instance)
    }
}

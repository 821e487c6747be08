import BridgeJSON
import BridgeSystem

/// Schemas by absolute URI, for `$ref`s between schemas.
///
/// A schema is registered under the URI given to `add(_:uri:)` or else its `$id`, and also under
/// every `$id` inside it, resolved against its base URI (`"$id": "node"` inside
/// `http://example.com/tree` is `http://example.com/node`), and every plain-name fragment
/// (`"$id": "#foo"`). The draft-07 meta-schema, `http://json-schema.org/draft-07/schema#`, is built
/// in.
///
/// Adding is safe from any thread. A `SchemaValidator` takes what the registry holds when it is
/// created; schemas added later are seen by validators created later.
public final class SchemaRegistry: Sendable {
    private let index = SharedLock(Metaschema.index)

    /// A registry holding only the draft-07 meta-schema.
    public init() {}

    /// Registers `schema`.
    ///
    /// - Parameters:
    ///   - schema: a draft-07 schema.
    ///   - uri: the URI to register it under; `nil` to use the schema's `$id`. A relative URI is
    ///     kept as written and resolves `$ref`s written the same way.
    /// - Throws: `SchemaError` with code `.invalidSchema` and the meta-schema's errors when
    ///   `schema` is not a valid draft-07 schema; `.missingURI` when there is neither `uri` nor a
    ///   `$id`, or the URI has a fragment; `.duplicateURI` when one of its URIs names another
    ///   schema already registered. Adding the same schema under the same URI again does nothing.
    public func add(_ schema: JSON, uri: String? = nil) throws(SchemaError) {
        try add(schema, uri: uri, checked: true)
    }

    /// Registers a schema that is already known to be valid draft-07 (the compiled-in contract,
    /// checked by the test suite), skipping the meta-schema check to keep start-up short.
    public func addTrusted(_ schema: JSON, uri: String) throws(SchemaError) {
        try add(schema, uri: uri, checked: false)
    }

    private func add(_ schema: JSON, uri: String?, checked: Bool) throws(SchemaError) {
        let errors = checked ? Metaschema.errors(in: schema) : []
        guard errors.isEmpty else {
            throw SchemaError(code: .invalidSchema, message: "the schema is not a valid draft-07 schema", errors: errors)
        }
        guard let written = uri ?? schema["$id"]?.stringValue else {
            throw SchemaError(code: .missingURI, message: "the schema has no $id; pass the URI to register it under")
        }
        let reference = URIReference(parsing: written)
        if let fragment = reference.fragment, !fragment.isEmpty {
            throw SchemaError(code: .missingURI, message: "cannot register a schema under \(written), a URI with a fragment")
        }
        let key = reference.withoutFragment.string
        let document = SchemaDocument(root: schema, uri: reference.withoutFragment)
        let taken: [String]? = index.withLock { index in
            if let existing = index.resources[key], existing.pointer.isEmpty, existing.document.root == schema { return nil }
            return index.add(document)
        }
        if let taken, !taken.isEmpty {
            throw SchemaError(code: .duplicateURI,
                              message: "another schema is already registered as \(Quote.list(taken, conjunction: "and"))")
        }
    }

    /// Whether a schema is registered under `uri` (a fragment may name a subschema).
    public func contains(_ uri: String) -> Bool {
        snapshot.locate(URIReference(parsing: uri)) != nil
    }

    /// The identifiers registered now.
    var snapshot: SchemaIndex {
        index.withLock { $0 }
    }
}

import BridgeJSON
import BridgeSchema

/// Parses JSON text written in a test.
func json(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}

/// The validator for a schema written in a test.
func validator(_ schema: String, registry: SchemaRegistry = SchemaRegistry(), assertFormats: Bool = false) throws -> SchemaValidator {
    try SchemaValidator(schema: json(schema), registry: registry, assertFormats: assertFormats)
}

/// The `SchemaError` that compiling `schema` throws, or `nil` when it compiles.
func schemaError(_ schema: String, registry: SchemaRegistry = SchemaRegistry()) throws -> SchemaError? {
    let value = try json(schema)
    do {
        _ = try SchemaValidator(schema: value, registry: registry)
        return nil
    } catch {
        return error
    }
}

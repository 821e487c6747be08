import BridgeJSON
import BridgeSchema
import Testing

@Suite("$ref, $id and the registry")
struct ReferenceTests {
    @Test("a $ref cycle that never consumes input is a schema error, not a stack overflow", arguments: [
        (##"{"$ref": "#"}"##, "# → #"),
        (##"{"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"}"##,
         "#/definitions/a → #/definitions/b → #/definitions/a"),
        (##"{"allOf": [{"$ref": "#"}]}"##, "# → #/allOf/0 → #"),
        (##"{"anyOf": [{"type": "string"}, {"not": {"$ref": "#"}}]}"##, "# → #/anyOf/1 → #/anyOf/1/not → #"),
        (##"{"if": {"type": "object"}, "then": {"$ref": "#"}}"##, "# → #/then → #"),
        (##"{"dependencies": {"a": {"$ref": "#"}}}"##, "# → #/dependencies/a → #"),
    ])
    func cycles(_ schema: String, _ cycle: String) throws {
        let error = try schemaError(schema)
        #expect(error?.code == .referenceCycle)
        #expect(error?.message == "$ref cycle that never consumes input: \(cycle); validation would never end")
    }

    @Test("a $ref cycle across registry schemas is detected too")
    func crossSchemaCycle() throws {
        let registry = SchemaRegistry()
        try registry.add(json(##"{"$id": "http://example.com/a.json", "$ref": "b.json"}"##))
        try registry.add(json(##"{"$id": "http://example.com/b.json", "allOf": [{"$ref": "a.json"}]}"##))
        #expect(throws: SchemaError.self) { try SchemaValidator(uri: "http://example.com/a.json", registry: registry) }
    }

    @Test("recursion through items and properties consumes input and is fine")
    func recursion() throws {
        let tree = try validator(##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}, "v": {"type": "integer"}}}"##)
        #expect(tree.isValid(try json(##"{"children": [{"children": [{"v": 1}]}]}"##)))
        #expect(tree.validate(try json(##"{"children": [{"children": [{"v": "x"}]}]}"##)).map(\.instancePath) == ["/children/0/children/0/v"])
    }

    @Test("an unresolvable $ref names the ref")
    func unresolvable() throws {
        let error = try schemaError(##"{"properties": {"a": {"$ref": "#/definitions/missing"}}}"##)
        #expect(error?.code == .unresolvableReference)
        #expect(error?.reference == "#/definitions/missing")
        #expect(error?.message == ##"$ref "#/definitions/missing" at #/properties/a names no known schema (it resolves to #/definitions/missing)"##)
        #expect(try schemaError(##"{"$id": "http://example.com/x", "$ref": "other.json"}"##)?.reference == "other.json")
    }

    @Test("pointers unescape ~0 and ~1 and are percent-decoded")
    func pointerEscapes() throws {
        let v = try validator(##"{"definitions": {"a~b": {"type": "integer"}, "c/d": {"type": "string"}, "e%f g": {"type": "null"}},"##
            + ##""properties": {"x": {"$ref": "#/definitions/a~0b"}, "y": {"$ref": "#/definitions/c~1d"}, "z": {"$ref": "#/definitions/e%25f%20g"}}}"##)
        #expect(v.isValid(try json(##"{"x": 1, "y": "s", "z": null}"##)))
        #expect(v.validate(try json(##"{"x": "1", "y": 2, "z": 0}"##)).map(\.schemaPath)
                == ["/properties/x/$ref/type", "/properties/y/$ref/type", "/properties/z/$ref/type"])
    }

    @Test("location-independent identifiers and nested base URIs")
    func identifiers() throws {
        let v = try validator(#"""
            {"$id": "http://example.com/root.json",
             "properties": {"a": {"$ref": "#item"}, "b": {"$ref": "nested/inner.json"}, "c": {"$ref": "nested/inner.json#deep"}},
             "definitions": {
               "item": {"$id": "#item", "type": "integer"},
               "inner": {"$id": "nested/inner.json", "type": "string",
                         "definitions": {"deep": {"$id": "#deep", "type": "boolean"}}}}}
            """#)
        #expect(v.isValid(try json(##"{"a": 1, "b": "s", "c": true}"##)))
        #expect(v.validate(try json(##"{"a": "1", "b": 2, "c": 3}"##)).count == 3)
    }

    @Test("references between schemas in the registry, by absolute and relative URI")
    func registryReferences() throws {
        let registry = SchemaRegistry()
        try registry.add(json(##"{"$id": "http://example.com/defs.json", "definitions": {"port": {"type": "integer", "maximum": 65535}}}"##))
        try registry.add(json(##"{"type": "string", "minLength": 1}"##), uri: "http://example.com/name.json")
        let v = try validator(#"""
            {"$id": "http://example.com/service.json",
             "properties": {"port": {"$ref": "defs.json#/definitions/port"}, "name": {"$ref": "http://example.com/name.json"}}}
            """#, registry: registry)
        #expect(v.isValid(try json(##"{"port": 80, "name": "web"}"##)))
        #expect(v.validate(try json(##"{"port": 70000, "name": ""}"##)).map(\.schemaPath)
                == ["/properties/port/$ref/maximum", "/properties/name/$ref/minLength"])
        let byURI = try SchemaValidator(uri: "http://example.com/defs.json#/definitions/port", registry: registry)
        #expect(!byURI.isValid(.integer(70000)))
        #expect(registry.contains("http://example.com/name.json"))
    }

    @Test("the draft-07 meta-schema is built in")
    func metaschema() throws {
        let v = try validator(##"{"$ref": "http://json-schema.org/draft-07/schema#"}"##)
        #expect(v.isValid(try json(##"{"type": "string", "minLength": 2}"##)))
        #expect(!v.isValid(try json(##"{"minLength": -1}"##)))
        #expect(SchemaRegistry().contains("http://json-schema.org/draft-07/schema#"))
        #expect(try SchemaValidator(uri: "http://json-schema.org/draft-07/schema#", registry: SchemaRegistry()).isValid(json("{}")))
    }

    @Test("an invalid schema is refused with the meta-schema's errors")
    func invalidSchema() throws {
        let schema = try json(##"{"type": "strin", "minLength": -1}"##)
        for attempt in [{ try SchemaRegistry().add(schema, uri: "http://example.com/bad.json") },
                        { _ = try SchemaValidator(schema: schema) }] {
            do {
                try attempt()
                Issue.record("accepted an invalid schema")
            } catch let error as SchemaError {
                #expect(error.code == .invalidSchema)
                #expect(error.message == "the schema is not a valid draft-07 schema")
                // The anyOf explains its closest branch: the simple type names.
                #expect(error.errors.map(\.instancePath) == ["/type", "/type", "/minLength"])
                #expect(error.errors.map(\.schemaPath) == ["/properties/type/anyOf", "/properties/type/anyOf/0/$ref/enum",
                                                            "/properties/minLength/$ref/allOf/0/$ref/minimum"])
            }
        }
    }

    @Test("registering needs a URI; a different schema cannot take a registered one")
    func registration() throws {
        let registry = SchemaRegistry()
        #expect(throws: SchemaError.self) { try registry.add(json(##"{"type": "string"}"##)) }
        try registry.add(json(##"{"$id": "http://example.com/a.json", "type": "string"}"##))
        try registry.add(json(##"{"$id": "http://example.com/a.json", "type": "string"}"##))  // the same again: fine
        let other = try json(##"{"$id": "http://example.com/a.json", "type": "integer"}"##)
        do {
            try registry.add(other)
            Issue.record("replaced a registered schema")
        } catch {
            #expect(error.code == .duplicateURI)
        }
        #expect(throws: SchemaError.self) { try SchemaValidator(uri: "http://example.com/none.json", registry: registry) }
    }

    @Test("registries are safe to use from many tasks at once")
    func concurrentRegistration() async throws {
        let registry = SchemaRegistry()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for k in 0..<50 {
                group.addTask { try registry.add(.object(["type": "integer", "minimum": .integer(k)]), uri: "http://example.com/\(k).json") }
            }
            try await group.waitForAll()
        }
        for k in 0..<50 { #expect(registry.contains("http://example.com/\(k).json")) }
    }
}

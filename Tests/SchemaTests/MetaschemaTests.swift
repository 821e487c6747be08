import BridgeJSON
import Foundation
import Testing
import TestSupport
@testable import BridgeSchema

@Suite("The built-in draft-07 meta-schema")
struct MetaschemaTests {
    @Test("the embedded text is the draft-07 meta-schema, by its $id")
    func embeddedIdentity() throws {
        #expect(try JSONParser.parse(Metaschema.text)["$id"] == .string(Metaschema.uri))
    }

    @Test("the embedded text is the meta-schema the test suite ships", SharedConformance.required)
    func embedded() throws {
        let file = try SharedConformance.folder("json-schema-test-suite/draft-07-metaschema.json")
        #expect(try JSONParser.parse(Metaschema.text) == (try JSONParser.parse([UInt8](try Data(contentsOf: file)))))
    }

    @Test("the meta-schema is valid against itself")
    func selfValid() throws {
        #expect(Metaschema.errors(in: try JSONParser.parse(Metaschema.text)).isEmpty)
    }

    @Test("errors name the instance path, the schema path through $ref, and what was expected")
    func readme() throws {
        let registry = SchemaRegistry()   // holds http://json-schema.org/draft-07/schema# already
        try registry.add(try JSONParser.parse(#"{"$id": "http://example.com/port.json", "type": "integer", "maximum": 65535}"#))
        let validator = try SchemaValidator(schema: try JSONParser.parse(
            #"{"properties": {"url": {"type": "string"}, "port": {"$ref": "http://example.com/port.json"}}}"#),
            registry: registry)
        #expect(validator.validate(try JSONParser.parse(#"{"url": 3, "port": 70000}"#)).map(\.description) == [
            "at /url: expected string, got integer (schema /properties/url/type)",
            "at /port: expected at most 65535, got 70000 (schema /properties/port/$ref/maximum)",
        ])
        #expect(try SchemaValidator(schema: JSONParser.parse(#"{"multipleOf": 0.01}"#)).isValid(JSONParser.parse("0.07")))
    }
}

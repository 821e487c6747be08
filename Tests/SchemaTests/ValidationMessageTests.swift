import BridgeJSON
import BridgeSchema
import Testing

/// A schema, an instance, and the one error expected: the specification of the messages.
struct MessageCase: CustomTestStringConvertible, Sendable {
    let schema: String
    let instance: String
    let instancePath: String
    let schemaPath: String
    let message: String
    var testDescription: String { "\(schema) ← \(instance)" }
}

@Suite("Validation errors: paths and messages")
struct ValidationMessageTests {
    static let cases: [MessageCase] = [
        MessageCase(schema: ##"{"properties": {"url": {"type": "string"}}}"##, instance: ##"{"url": 3}"##,
                    instancePath: "/url", schemaPath: "/properties/url/type", message: "expected string, got integer"),
        MessageCase(schema: ##"{"type": ["string", "null"]}"##, instance: "1.5",
                    instancePath: "", schemaPath: "/type", message: "expected null or string, got number"),
        MessageCase(schema: ##"{"required": ["name"]}"##, instance: "{}",
                    instancePath: "", schemaPath: "/required", message: #"missing required property "name""#),
        MessageCase(schema: ##"{"properties": {"a": {}}, "additionalProperties": false}"##, instance: ##"{"a": 1, "b": 2}"##,
                    instancePath: "/b", schemaPath: "/additionalProperties",
                    message: #"unexpected property "b" (additionalProperties is false)"#),
        MessageCase(schema: ##"{"enum": ["red", "green"]}"##, instance: #""blue""#,
                    instancePath: "", schemaPath: "/enum", message: #"expected one of "red", "green", got "blue""#),
        MessageCase(schema: ##"{"const": 5}"##, instance: "4", instancePath: "", schemaPath: "/const", message: "expected 5, got 4"),
        MessageCase(schema: ##"{"minimum": 0}"##, instance: "-1", instancePath: "", schemaPath: "/minimum", message: "expected at least 0, got -1"),
        MessageCase(schema: ##"{"exclusiveMaximum": 10}"##, instance: "10",
                    instancePath: "", schemaPath: "/exclusiveMaximum", message: "expected less than 10, got 10"),
        MessageCase(schema: ##"{"multipleOf": 0.01}"##, instance: "1.005",
                    instancePath: "", schemaPath: "/multipleOf", message: "expected a multiple of 0.01, got 1.005"),
        MessageCase(schema: ##"{"maxLength": 3}"##, instance: #""abcde""#,
                    instancePath: "", schemaPath: "/maxLength", message: "expected at most 3 characters, got 5"),
        MessageCase(schema: #"{"minLength": 1}"#, instance: #""""#,
                    instancePath: "", schemaPath: "/minLength", message: "expected at least 1 character, got 0"),
        MessageCase(schema: ##"{"pattern": "^[a-z]+$"}"##, instance: #""ABC""#, instancePath: "", schemaPath: "/pattern",
                    message: #"expected a string matching the pattern "^[a-z]+$", got "ABC""#),
        MessageCase(schema: ##"{"items": {"type": "integer"}}"##, instance: #"[1, 2, "x"]"#,
                    instancePath: "/2", schemaPath: "/items/type", message: "expected integer, got string"),
        MessageCase(schema: ##"{"items": [{"type": "string"}], "additionalItems": false}"##, instance: #"["a", 1]"#,
                    instancePath: "", schemaPath: "/additionalItems",
                    message: "expected at most 1 item (additionalItems is false), got 2"),
        MessageCase(schema: ##"{"uniqueItems": true}"##, instance: "[1, 2, 1.0]", instancePath: "", schemaPath: "/uniqueItems",
                    message: "expected unique items, but items 0 and 2 are equal (1.0)"),
        MessageCase(schema: ##"{"maxItems": 1}"##, instance: "[1, 2]", instancePath: "", schemaPath: "/maxItems",
                    message: "expected at most 1 item, got 2"),
        MessageCase(schema: ##"{"contains": {"const": 0}}"##, instance: "[1, 2]", instancePath: "", schemaPath: "/contains",
                    message: "expected at least one item to match the contains schema, but none of 2 did"),
        MessageCase(schema: ##"{"contains": {"const": 0}}"##, instance: "[]", instancePath: "", schemaPath: "/contains",
                    message: "expected at least one item to match the contains schema, but the array is empty"),
        MessageCase(schema: ##"{"dependencies": {"card": ["billing"]}}"##, instance: ##"{"card": 1}"##,
                    instancePath: "", schemaPath: "/dependencies/card",
                    message: #"property "card" requires "billing", which is missing"#),
        MessageCase(schema: ##"{"propertyNames": {"maxLength": 3}}"##, instance: ##"{"long": 1}"##,
                    instancePath: "/long", schemaPath: "/propertyNames",
                    message: #"property name "long" is not allowed by propertyNames: expected at most 3 characters, got 4"#),
        MessageCase(schema: ##"{"oneOf": [{"minimum": 0}, {"maximum": 10}]}"##, instance: "5", instancePath: "", schemaPath: "/oneOf",
                    message: "expected to match exactly one schema in oneOf, but matched more (schemas 0 and 1)"),
        MessageCase(schema: ##"{"not": {"type": "null"}}"##, instance: "null", instancePath: "", schemaPath: "/not",
                    message: "expected not to match the schema in not, but it did"),
        MessageCase(schema: ##"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"const": 0}}"##, instance: "3",
                    instancePath: "", schemaPath: "/else/const", message: "expected 0, got 3"),
        MessageCase(schema: ##"{"definitions": {"port": {"maximum": 65535}}, "properties": {"p": {"$ref": "#/definitions/port"}}}"##,
                    instance: ##"{"p": 70000}"##, instancePath: "/p", schemaPath: "/properties/p/$ref/maximum",
                    message: "expected at most 65535, got 70000"),
        MessageCase(schema: ##"{"properties": {"a/b~c": {"type": "string"}}}"##, instance: ##"{"a/b~c": 1}"##,
                    instancePath: "/a~1b~0c", schemaPath: "/properties/a~1b~0c/type", message: "expected string, got integer"),
        MessageCase(schema: "false", instance: "1", instancePath: "", schemaPath: "",
                    message: "no value is allowed here (the schema is false)"),
    ]

    @Test("each failing keyword reports where, which keyword, and what was expected", arguments: cases)
    func message(_ c: MessageCase) throws {
        let errors = try validator(c.schema).validate(json(c.instance))
        #expect(errors == [ValidationError(instancePath: c.instancePath, schemaPath: c.schemaPath, message: c.message)])
    }

    @Test("a combinator that matched no branch says why the closest one failed: fewest discriminator (const/enum) failures, then fewest errors")
    func closestBranch() throws {
        let anyOf = try validator(##"{"anyOf": [{"type": "string"}, {"type": "null"}]}"##).validate(json("1"))
        #expect(anyOf == [
            ValidationError(instancePath: "", schemaPath: "/anyOf",
                            message: "expected to match at least one schema in anyOf, but matched none of 2; the closest is schema 0, which fails as follows"),
            ValidationError(instancePath: "", schemaPath: "/anyOf/0/type", message: "expected string, got integer"),
        ])
        // Branch 1 has fewer errors, but its discriminator names another kind: branch 0 is the one meant.
        let schema = ##"{"oneOf": [{"properties": {"kind": {"const": "a"}}, "required": ["kind", "x", "y"]},"##
            + ##" {"properties": {"kind": {"const": "b"}}, "required": ["kind"]}]}"##
        let oneOf = try validator(schema).validate(json(##"{"kind": "a"}"##))
        #expect(oneOf.map(\.schemaPath) == ["/oneOf", "/oneOf/0/required", "/oneOf/0/required"])
        #expect(oneOf.first?.message == "expected to match exactly one schema in oneOf, but matched none of 2; the closest is schema 0, which fails 2 ways as follows")
        let valid = try validator(schema)
        #expect(valid.isValid(try json(##"{"kind": "b"}"##)))
        #expect(!valid.isValid(try json(##"{"kind": "c"}"##)))
    }

    @Test("every failure is reported, in schema order, not just the first")
    func allErrors() throws {
        let schema = ##"{"type": "object", "required": ["a", "b"], "properties": {"c": {"type": "string"}, "d": {"minimum": 1}}}"##
        let errors = try validator(schema).validate(json(##"{"c": 1, "d": 0}"##))
        #expect(errors.map(\.schemaPath) == ["/required", "/required", "/properties/c/type", "/properties/d/minimum"])
    }

    @Test("a valid instance has no errors and isValid agrees")
    func valid() throws {
        let v = try validator(##"{"type": "object", "properties": {"url": {"type": "string"}}}"##)
        #expect(v.validate(try json(##"{"url": "x"}"##)).isEmpty)
        #expect(v.isValid(try json(##"{"url": "x"}"##)))
        #expect(!v.isValid(try json(##"{"url": 1}"##)))
    }

    @Test("description names the place, the message and the keyword")
    func description() {
        let error = ValidationError(instancePath: "/url", schemaPath: "/properties/url/type", message: "expected string, got integer")
        #expect(error.description == "at /url: expected string, got integer (schema /properties/url/type)")
        let root = ValidationError(instancePath: "", schemaPath: "", message: "no value is allowed here (the schema is false)")
        #expect(root.description == "at the root: no value is allowed here (the schema is false) (schema the root schema)")
    }
}

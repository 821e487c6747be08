import BridgeJSON
import Testing

/// The rules of ajv 8's default strict mode that a schema author can break (CONTRACT §7), as
/// ajv applies them: only draft-07 keywords and annotations; no union `type` except one type
/// with `"null"` (`allowUnionTypes` is off); a keyword that applies to one type (`properties`,
/// `items`, `minLength`, …) has that `type` in its schema object or in one at the same data
/// location (`allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else`); tuple `items` come with
/// `minItems` and `additionalItems` (strictTuples); and, beyond the default, what
/// `strict: true` adds (strictRequired): each `required` name is in its schema object's
/// `properties` or in a `properties` ajv has already evaluated at the same data location (ajv
/// runs the untyped applicators — `not`, `anyOf`, `oneOf`, `allOf`, `if` — before the object's
/// own `properties`, so a `oneOf` branch's `required` cannot lean on its parent's).
enum AjvStrictMode {
    static let keywords: Set<String> = [
        "$schema", "$id", "$ref", "$comment", "title", "description", "default", "examples", "readOnly", "writeOnly",
        "definitions", "type", "enum", "const", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties",
        "maxProperties", "dependencies", "items", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems",
        "minLength", "maxLength", "pattern", "format", "contentMediaType", "contentEncoding",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    ]
    static let typed: [(type: String, keywords: Set<String>)] = [
        ("object", ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependencies"]),
        ("array", ["items", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems"]),
        ("string", ["minLength", "maxLength", "pattern", "format"]),
        ("number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]),
    ]

    /// Each breach, as `path: what`.
    static func problems(_ schema: JSON, at path: String = "", inherited: Set<String>? = nil) -> [String] {
        var defined: Set<String> = []
        return problems(schema, at: path, inherited: inherited, defined: &defined)
    }

    /// `defined`: the property names ajv has seen in `properties` at this data location so far.
    private static func problems(_ schema: JSON, at path: String, inherited: Set<String>?, defined: inout Set<String>) -> [String] {
        guard case .object(let object) = schema else { return [] }
        var out: [String] = []
        var types: Set<String>?
        switch object["type"] {
        case .string(let t)?: types = [t]
        case .array(let list)?: types = Set(list.compactMap(\.stringValue))
        default: types = nil
        }
        if let t = types, t.count > 1, !(t.count == 2 && t.contains("null")) {
            out.append("\(path): union type \(t.sorted()) (ajv needs allowUnionTypes; use anyOf)")
        }
        let have = types ?? inherited
        for key in object.keys where !keywords.contains(key) { out.append("\(path): unknown keyword \(key)") }
        for (type, names) in typed {
            let used = object.keys.filter(names.contains)
            let covered = have.map { $0.contains(type) || (type == "number" && $0.contains("integer")) } ?? false
            if !used.isEmpty && !covered { out.append("\(path): \(used) without \"type\": \"\(type)\"") }
        }
        if case .array(let tuple)? = object["items"], !tuple.isEmpty, object["minItems"] == nil || object["additionalItems"] == nil {
            out.append("\(path): tuple items without minItems and additionalItems")
        }
        // The untyped applicators first, in ajv's order, sharing this location's defined names.
        for key in ["not", "anyOf", "oneOf", "allOf", "if", "then", "else"] {
            guard let value = object[key] else { continue }
            let here = "\(path)/\(key)"
            if case .array(let list) = value {
                for (i, sub) in list.enumerated() { out += problems(sub, at: "\(here)/\(i)", inherited: have, defined: &defined) }
            } else {
                out += problems(value, at: here, inherited: have, defined: &defined)
            }
        }
        let own = Set(object["properties"]?.objectValue?.members.map(\.key) ?? [])
        for name in object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !own.contains(name) && !defined.contains(name) {
            out.append("\(path): required property \"\(name)\" is not defined (strictRequired)")
        }
        defined.formUnion(own)
        for member in object {
            let here = "\(path)/\(member.key)"
            switch member.key {
            case "properties", "patternProperties", "definitions", "dependencies":
                for sub in member.value.objectValue?.members ?? [] { out += problems(sub.value, at: "\(here)/\(sub.key)") }
            case "items", "additionalItems", "contains", "additionalProperties", "propertyNames":
                if case .array(let list) = member.value {
                    for (i, sub) in list.enumerated() { out += problems(sub, at: "\(here)/\(i)") }
                } else {
                    out += problems(member.value, at: here)
                }
            default: break
            }
        }
        return out
    }
}

@Suite("Schemas/ compile in ajv 8's default strict mode")
struct AjvStrictModeTests {
    @Test("no file breaks a strict-mode rule")
    func strict() throws {
        for (path, text) in try schemaFiles() {
            let problems = AjvStrictMode.problems(try JSONParser.parse(text))
            #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
        }
    }

    @Test("the check finds what ajv refuses", arguments: [
        (#"{"type": ["string", "number"]}"#, "union type"),
        (#"{"properties": {"a": {}}}"#, "without \"type\": \"object\""),
        (#"{"type": "object", "properties": {"a": {"minLength": 1}}}"#, "without \"type\": \"string\""),
        (#"{"x-error-message": "no"}"#, "unknown keyword x-error-message"),
        (#"{"type": "array", "items": [{}]}"#, "tuple items"),
        (#"{"type": "object", "properties": {"a": {}}, "oneOf": [{"required": ["a"]}]}"#, "required property \"a\" is not defined (strictRequired)"),
        (#"{"type": "object", "required": ["b"]}"#, "required property \"b\""),
    ])
    func finds(schema: String, problem: String) throws {
        #expect(AjvStrictMode.problems(try JSONParser.parse(schema)).contains { $0.contains(problem) })
    }

    @Test("what ajv accepts passes", arguments: [
        #"{"type": ["string", "null"]}"#,
        #"{"type": "object", "allOf": [{"if": {"properties": {"a": {"const": 1}}}, "then": {"required": ["a"]}}]}"#,
        #"{"anyOf": [{"type": "string"}, {"type": "number"}]}"#,
    ])
    func accepts(schema: String) throws {
        #expect(AjvStrictMode.problems(try JSONParser.parse(schema)).isEmpty)
    }
}

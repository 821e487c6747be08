import BridgeJSON
import BridgeRegex

// `maxProperties`, `minProperties`, `required`, `properties`, `patternProperties`,
// `additionalProperties`, `dependencies` and `propertyNames`.

extension SchemaCompiler {
    /// `properties`: a schema per member name.
    mutating func compileProperties(_ value: JSON, in node: NodeContext) throws(SchemaError) -> Keyword {
        guard let object = value.objectValue else { throw SchemaError.malformed("properties", at: node.text, "must be an object") }
        var schemas: [ExactName: Int] = [:]
        for member in object {
            schemas[ExactName(text: member.key)] = try subschema(["properties", member.key], member.value, in: node)
        }
        return .properties(schemas)
    }

    /// `patternProperties`: a schema per regular expression over member names.
    mutating func compilePatternProperties(_ value: JSON, in node: NodeContext) throws(SchemaError) -> Keyword {
        guard let object = value.objectValue else {
            throw SchemaError.malformed("patternProperties", at: node.text, "must be an object")
        }
        var schemas: [(regex: ECMARegex, node: Int)] = []
        for member in object {
            let regex = try regex(member.key, keyword: "patternProperties", at: node.text)
            schemas.append((regex, try subschema(["patternProperties", member.key], member.value, in: node)))
        }
        return .patternProperties(schemas)
    }

    /// `additionalProperties`: a schema for the members that neither `properties` nor
    /// `patternProperties` of the same schema object name.
    mutating func compileAdditionalProperties(_ value: JSON, in node: NodeContext) throws(SchemaError) -> Keyword {
        let declared = Set((node.object["properties"]?.objectValue?.keys ?? []).map(ExactName.init))
        var patterns: [ECMARegex] = []
        for key in node.object["patternProperties"]?.objectValue?.keys ?? [] {
            patterns.append(try regex(key, keyword: "patternProperties", at: node.text))
        }
        return .additionalProperties(try subschema(["additionalProperties"], value, in: node), declared: declared, patterns: patterns)
    }

    /// `dependencies`: per member name, the names it requires or a schema the whole object must match.
    mutating func compileDependencies(_ value: JSON, in node: NodeContext) throws(SchemaError) -> Keyword {
        guard let object = value.objectValue else { throw SchemaError.malformed("dependencies", at: node.text, "must be an object") }
        var entries: [(property: String, dependency: Keyword.Dependency)] = []
        for member in object {
            if case .array(let names) = member.value {
                entries.append((member.key, .properties(try stringArray(names, keyword: "dependencies", at: node.text))))
            } else {
                entries.append((member.key, .schema(try subschema(["dependencies", member.key], member.value, in: node))))
            }
        }
        return .dependencies(entries)
    }

    /// `required` and the array form of `dependencies`: an array of strings.
    func stringArray(_ values: [JSON], keyword: String, at location: String) throws(SchemaError) -> [String] {
        var names: [String] = []
        for value in values {
            guard let name = value.stringValue else { throw SchemaError.malformed(keyword, at: location, "must hold only strings") }
            names.append(name)
        }
        return names
    }
}

extension Evaluation {
    func checkObject(_ keyword: Keyword, _ object: JSONObject, _ instance: JSON) -> Bool {
        switch keyword {
        case .maxProperties(let limit):
            return object.count <= limit || fail("expected at most \(Quote.count(limit, "property")), got \(object.count)")
        case .minProperties(let limit):
            return object.count >= limit || fail("expected at least \(Quote.count(limit, "property")), got \(object.count)")
        case .required(let names):
            var valid = true
            for name in names where JSONEquality.member(named: name, in: object) == nil {
                valid = fail("missing required property \(Quote.json(.string(name)))")
                if !collecting { return false }
            }
            return valid
        case .properties(let schemas):
            var valid = true
            for member in object {
                guard let node = schemas[ExactName(text: member.key)] else { continue }
                if !check(node, member.value, at: .key(member.key), schema: JSONPointer.escape(member.key)) {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        case .patternProperties(let schemas):
            var valid = true
            for member in object {
                for schema in schemas where schema.regex.matches(member.key) {
                    if !check(schema.node, member.value, at: .key(member.key), schema: JSONPointer.escape(schema.regex.source)) {
                        valid = false
                        if !collecting { return false }
                    }
                }
            }
            return valid
        case .additionalProperties(let node, let declared, let patterns):
            var valid = true
            let forbidden: Bool
            if case .always(false) = nodes[node].body { forbidden = true } else { forbidden = false }
            for member in object where !declared.contains(ExactName(text: member.key)) && !patterns.contains(where: { $0.matches(member.key) }) {
                let satisfied = forbidden
                    ? fail(at: .key(member.key), "unexpected property \(Quote.json(.string(member.key))) (additionalProperties is false)")
                    : check(node, member.value, at: .key(member.key))
                if !satisfied {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        case .dependencies(let entries):
            var valid = true
            for entry in entries where JSONEquality.member(named: entry.property, in: object) != nil {
                let satisfied: Bool
                switch entry.dependency {
                case .properties(let names):
                    let missing = names.filter { JSONEquality.member(named: $0, in: object) == nil }
                    satisfied = missing.isEmpty || withSchemaToken(JSONPointer.escape(entry.property)) {
                        fail("property \(Quote.json(.string(entry.property))) requires "
                             + Quote.list(missing.map { Quote.json(.string($0)) }, conjunction: "and") + ", which "
                             + (missing.count == 1 ? "is" : "are") + " missing")
                    }
                case .schema(let node):
                    satisfied = check(node, instance, schema: JSONPointer.escape(entry.property))
                }
                if !satisfied {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        case .propertyNames(let node):
            var valid = true
            for member in object {
                let name = JSON.string(member.key)
                let satisfied: Bool
                if collecting {
                    let (ok, reasons) = collectingSeparately { check(node, name) }
                    let reason = reasons.first.map { ": " + $0.message } ?? ""
                    satisfied = ok || fail(at: .key(member.key), "property name \(Quote.json(name)) is not allowed by propertyNames\(reason)")
                } else {
                    satisfied = check(node, name)
                }
                if !satisfied {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        default:
            return true
        }
    }
}

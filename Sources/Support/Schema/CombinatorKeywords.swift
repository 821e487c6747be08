import BridgeJSON

// `if`/`then`/`else`, `allOf`, `anyOf`, `oneOf` and `not`: keywords that apply subschemas to the
// same instance.

extension SchemaCompiler {
    /// `allOf`, `anyOf`, `oneOf`: a non-empty array of schemas.
    mutating func compileSchemaArray(_ name: String, _ value: JSON, in node: NodeContext) throws(SchemaError) -> [Int] {
        guard case .array(let schemas) = value, !schemas.isEmpty else {
            throw SchemaError.malformed(name, at: node.text, "must be a non-empty array of schemas")
        }
        var indices: [Int] = []
        for (k, schema) in schemas.enumerated() {
            indices.append(try subschema([name, String(k)], schema, in: node))
        }
        return indices
    }

    /// `if` with the `then` and `else` of the same schema object (which do nothing without `if`).
    mutating func compileConditional(_ value: JSON, in node: NodeContext) throws(SchemaError) -> Keyword {
        let condition = try subschema(["if"], value, in: node)
        var then: Int?, otherwise: Int?
        if let schema = node.object["then"] { then = try subschema(["then"], schema, in: node) }
        if let schema = node.object["else"] { otherwise = try subschema(["else"], schema, in: node) }
        return .conditional(if: condition, then: then, else: otherwise)
    }
}

extension Evaluation {
    func checkCombination(_ keyword: Keyword, _ instance: JSON) -> Bool {
        switch keyword {
        case .conditional(let condition, let then, let otherwise):
            let matched = quietly { check(condition, instance) }
            guard let branch = matched ? then : otherwise else { return true }
            renameKeyword(matched ? "then" : "else")
            defer { renameKeyword("if") }
            return check(branch, instance)
        case .allOf(let schemas):
            var valid = true
            for (k, schema) in schemas.enumerated() where !check(schema, instance, schema: String(k)) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .anyOf(let schemas):
            let matched = quietly { schemas.contains { check($0, instance) } }
            return matched || failWithClosest(schemas, instance,
                                              "expected to match at least one schema in anyOf, but matched none of \(schemas.count)")
        case .oneOf(let schemas):
            var matches: [Int] = []
            _ = quietly {
                for (k, schema) in schemas.enumerated() where check(schema, instance) {
                    matches.append(k)
                    if matches.count == 2 { break }
                }
                return true
            }
            if matches.count == 1 { return true }
            if matches.isEmpty {
                return failWithClosest(schemas, instance, "expected to match exactly one schema in oneOf, but matched none of \(schemas.count)")
            }
            return fail("expected to match exactly one schema in oneOf, but matched more (schemas \(matches[0]) and \(matches[1]))")
        case .not(let schema):
            let matched = quietly { check(schema, instance) }
            return !matched || fail("expected not to match the schema in not, but it did")
        default:
            return true
        }
    }

    /// Records `message` and then why the closest branch failed, so "matched none of 3" says
    /// what to change. The closest is the branch with the fewest discriminator failures (a
    /// `const`/`enum` on a member, such as a `nativeMethod` naming another kind of record), then
    /// the fewest errors, then the first. Only when collecting: a verdict-only run never
    /// evaluates the branches again.
    private func failWithClosest(_ schemas: [Int], _ instance: JSON, _ message: String) -> Bool {
        guard collecting else { return false }
        let here = instancePath
        func rank(_ errors: [ValidationError]) -> (Int, Int) {
            let discriminators = errors.filter {
                $0.instancePath.count > here.count && ($0.schemaPath.hasSuffix("/const") || $0.schemaPath.hasSuffix("/enum"))
            }
            return (discriminators.count, errors.count)
        }
        var closest: (index: Int, errors: [ValidationError])?
        for (k, schema) in schemas.enumerated() {
            let (_, found) = collectingSeparately { check(schema, instance, schema: String(k)) }
            if !found.isEmpty, closest.map({ rank(found) < rank($0.errors) }) ?? true { closest = (k, found) }
        }
        guard let closest else { return fail(message) }
        _ = fail("\(message); the closest is schema \(closest.index), which fails \(closest.errors.count == 1 ? "as follows" : "\(closest.errors.count) ways as follows")")
        appendErrors(closest.errors)
        return false
    }
}

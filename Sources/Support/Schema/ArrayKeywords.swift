import BridgeJSON

// `items`, `additionalItems`, `maxItems`, `minItems`, `uniqueItems` and `contains`.

extension SchemaCompiler {
    /// `items` as one schema for every element, or an array of schemas by position; with the
    /// array form, `additionalItems` (looked up in the same schema object) covers the rest.
    mutating func compileItems(_ value: JSON, in node: NodeContext) throws(SchemaError) -> [CompiledKeyword] {
        guard case .array(let schemas) = value else {
            return [CompiledKeyword(name: "items", kind: .items(try subschema(["items"], value, in: node)))]
        }
        var positions: [Int] = []
        for (k, schema) in schemas.enumerated() {
            positions.append(try subschema(["items", String(k)], schema, in: node))
        }
        var keywords = [CompiledKeyword(name: "items", kind: .tupleItems(positions))]
        if let additional = node.object["additionalItems"] {
            let rest = try subschema(["additionalItems"], additional, in: node)
            keywords.append(CompiledKeyword(name: "additionalItems", kind: .additionalItems(rest, from: positions.count)))
        }
        return keywords
    }
}

extension Evaluation {
    func checkArray(_ keyword: Keyword, _ elements: [JSON]) -> Bool {
        switch keyword {
        case .items(let node):
            var valid = true
            for (index, element) in elements.enumerated() where !check(node, element, at: .index(index)) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .tupleItems(let positions):
            var valid = true
            for (index, element) in zip(positions.indices, elements) where !check(positions[index], element, at: .index(index), schema: String(index)) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .additionalItems(let node, let from):
            guard elements.count > from else { return true }
            if case .always(false) = nodes[node].body {
                return fail("expected at most \(Quote.count(from, "item")) (additionalItems is false), got \(elements.count)")
            }
            var valid = true
            for index in from..<elements.count where !check(node, elements[index], at: .index(index)) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .maxItems(let limit):
            return elements.count <= limit || fail("expected at most \(Quote.count(limit, "item")), got \(elements.count)")
        case .minItems(let limit):
            return elements.count >= limit || fail("expected at least \(Quote.count(limit, "item")), got \(elements.count)")
        case .uniqueItems:
            var seen: [ExactJSON: Int] = [:]
            seen.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let first = seen.updateValue(index, forKey: ExactJSON(value: element)) {
                    return fail("expected unique items, but items \(first) and \(index) are equal (\(Quote.json(element)))")
                }
            }
            return true
        case .contains(let node):
            if elements.isEmpty { return fail("expected at least one item to match the contains schema, but the array is empty") }
            let found = quietly { elements.contains { check(node, $0) } }
            return found || fail("expected at least one item to match the contains schema, but none of \(elements.count) did")
        default:
            return true
        }
    }
}

import BridgeJSON

// `type`, `enum` and `const`: the keywords that apply to every instance type.

extension SchemaCompiler {
    /// `type`: one name or a non-empty array of names.
    func compileType(_ value: JSON, at location: String) throws(SchemaError) -> Keyword {
        var types = JSONTypes()
        let names: [JSON] = value.arrayValue ?? [value]
        for name in names {
            guard let text = name.stringValue, let type = JSONTypes(name: text) else {
                throw SchemaError.malformed("type", at: location, "must be a type name or an array of type names")
            }
            types.insert(type)
        }
        return .type(types)
    }

    /// `enum`: an array of allowed values, compared with JSON equality.
    func compileEnum(_ value: JSON, at location: String) throws(SchemaError) -> Keyword {
        guard let values = value.arrayValue else { throw SchemaError.malformed("enum", at: location, "must be an array") }
        return .enumeration(values, values.count > 8 ? Set(values.map(ExactJSON.init)) : [])
    }
}

extension Evaluation {
    func checkType(_ types: JSONTypes, _ instance: JSON) -> Bool {
        let satisfied: Bool
        switch instance {
        case .null: satisfied = types.contains(.null)
        case .bool: satisfied = types.contains(.boolean)
        case .string: satisfied = types.contains(.string)
        case .array, .bytes: satisfied = types.contains(.array)
        case .object: satisfied = types.contains(.object)
        case .number(let n): satisfied = types.contains(.number) || (types.contains(.integer) && DecimalArithmetic.isInteger(n))
        }
        if satisfied { return true }
        let expected = JSONTypes.names.filter { types.contains($0.1) }.map(\.0)
        return fail("expected \(Quote.list(expected)), got \(Quote.typeName(instance))")
    }

    /// `enum` with JSON Schema equality (`ExactJSON`): `1` and `1.0` are the same value, object
    /// member order does not matter, `true` is not `1`.
    func checkEnum(_ values: [JSON], _ set: Set<ExactJSON>, _ instance: JSON) -> Bool {
        if set.isEmpty ? values.contains(where: { JSONEquality.equal($0, instance) }) : set.contains(ExactJSON(value: instance)) {
            return true
        }
        let shown = values.prefix(10).map(Quote.json) + (values.count > 10 ? ["…"] : [])
        return fail("expected one of \(shown.joined(separator: ", ")), got \(Quote.json(instance))")
    }

    func checkConst(_ value: JSON, _ instance: JSON) -> Bool {
        JSONEquality.equal(value, instance) || fail("expected \(Quote.json(value)), got \(Quote.json(instance))")
    }
}

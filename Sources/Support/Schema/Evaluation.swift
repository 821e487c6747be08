import BridgeJSON

/// The state of one validation: the errors found so far and where the evaluation is, in the
/// instance and in the schema.
///
/// Both locations are stacks of tokens pushed on the way down and popped on the way back, and
/// are turned into JSON Pointer text only when an error is recorded, so validating a large
/// instance costs time linear in its size, whatever its depth.
final class Evaluation {
    /// One step into the instance.
    enum InstanceToken {
        case key(String)
        case index(Int)
    }

    let nodes: [SchemaNode]
    /// The errors recorded so far.
    private(set) var errors: [ValidationError] = []
    /// Whether failures are recorded; `false` inside `anyOf`, `oneOf`, `not`, `if`, `contains`
    /// (whose branches may fail without the instance failing) and for `isValid`, which lets
    /// evaluation stop at the first failure.
    private(set) var collecting: Bool
    private var instanceTokens: [InstanceToken] = []
    private var schemaTokens: [String] = []
    /// Whether locations are tracked: only when errors may be reported. A verdict-only run
    /// (`isValid`) skips all location bookkeeping, the bulk of the cost on small instances.
    private let tracksLocations: Bool

    init(nodes: [SchemaNode], collecting: Bool) {
        self.nodes = nodes
        self.collecting = collecting
        self.tracksLocations = collecting
    }

    /// Whether `instance` satisfies node `node`; records an error for each failure when collecting.
    func check(_ node: Int, _ instance: JSON) -> Bool {
        switch nodes[node].body {
        case .always(let valid):
            return valid || fail("no value is allowed here (the schema is false)")
        case .keywords(let keywords):
            var valid = true
            for keyword in keywords {
                if tracksLocations { schemaTokens.append(keyword.name) }
                let satisfied = evaluate(keyword.kind, instance)
                if tracksLocations { schemaTokens.removeLast() }
                if !satisfied {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        }
    }

    private func evaluate(_ keyword: Keyword, _ instance: JSON) -> Bool {
        switch keyword {
        case .ref(let node): return check(node, instance)
        case .type(let types): return checkType(types, instance)
        case .enumeration(let values, let set): return checkEnum(values, set, instance)
        case .constant(let value): return checkConst(value, instance)
        case .multipleOf, .maximum, .exclusiveMaximum, .minimum, .exclusiveMinimum:
            guard case .number(let number) = instance else { return true }
            return checkNumber(keyword, number)
        case .maxLength, .minLength, .pattern, .format:
            guard case .string(let string) = instance else { return true }
            return checkString(keyword, string)
        case .items, .tupleItems, .additionalItems, .maxItems, .minItems, .uniqueItems, .contains:
            guard let elements = instance.arrayValue else { return true }
            return checkArray(keyword, elements)
        case .maxProperties, .minProperties, .required, .properties, .patternProperties, .additionalProperties,
             .dependencies, .propertyNames:
            guard case .object(let object) = instance else { return true }
            return checkObject(keyword, object, instance)
        case .conditional, .allOf, .anyOf, .oneOf, .not:
            return checkCombination(keyword, instance)
        }
    }

    /// Records an error at the current locations (when collecting).
    /// - Returns: `false`, so a check can `return fail(…)`.
    func fail(_ message: @autoclosure () -> String) -> Bool {
        if collecting {
            errors.append(ValidationError(instancePath: instancePath, schemaPath: schemaPath, message: message()))
        }
        return false
    }

    /// Records an error one step below the current instance location, at `token`.
    func fail(at token: InstanceToken, _ message: @autoclosure () -> String) -> Bool {
        guard tracksLocations else { return fail(message()) }
        instanceTokens.append(token)
        defer { instanceTokens.removeLast() }
        return fail(message())
    }

    /// Runs `body` with `token` appended to the schema location.
    func withSchemaToken(_ token: @autoclosure () -> String, _ body: () -> Bool) -> Bool {
        guard tracksLocations else { return body() }
        schemaTokens.append(token())
        defer { schemaTokens.removeLast() }
        return body()
    }

    /// Checks `value`, found at `token` inside the current instance, against `node`, reached by
    /// the schema token `schema` (if any) below the current keyword.
    func check(_ node: Int, _ value: JSON, at token: @autoclosure () -> InstanceToken,
               schema: @autoclosure () -> String? = nil) -> Bool {
        guard tracksLocations else { return check(node, value) }
        instanceTokens.append(token())
        let schemaToken = schema()
        if let schemaToken { schemaTokens.append(schemaToken) }
        defer {
            instanceTokens.removeLast()
            if schemaToken != nil { schemaTokens.removeLast() }
        }
        return check(node, value)
    }

    /// Checks the current instance against `node`, reached by the schema token `schema` below the
    /// current keyword.
    func check(_ node: Int, _ value: JSON, schema: @autoclosure () -> String) -> Bool {
        guard tracksLocations else { return check(node, value) }
        schemaTokens.append(schema())
        defer { schemaTokens.removeLast() }
        return check(node, value)
    }

    /// Runs `body` with error recording off: for branches whose failures are not the instance's.
    func quietly(_ body: () -> Bool) -> Bool {
        let was = collecting
        collecting = false
        defer { collecting = was }
        return body()
    }

    /// Replaces the innermost schema token (`if` → `then`).
    func renameKeyword(_ name: String) {
        guard tracksLocations, !schemaTokens.isEmpty else { return }
        schemaTokens[schemaTokens.count - 1] = name
    }

    /// Records `found` (a branch's errors, from `collectingSeparately`) as the instance's.
    func appendErrors(_ found: [ValidationError]) {
        if collecting { errors += found }
    }

    /// Runs `body` with a separate list of errors, returned with the result.
    func collectingSeparately(_ body: () -> Bool) -> (Bool, [ValidationError]) {
        let saved = errors, was = collecting
        errors = []
        collecting = true
        let result = body()
        let found = errors
        errors = saved
        collecting = was
        return (result, found)
    }

    /// The current instance location as a JSON Pointer.
    var instancePath: String {
        var out = ""
        for token in instanceTokens {
            out += "/"
            switch token {
            case .key(let key): out += JSONPointer.escape(key)
            case .index(let index): out += String(index)
            }
        }
        return out
    }

    /// The current schema location as a JSON Pointer (tokens are stored escaped).
    var schemaPath: String {
        schemaTokens.isEmpty ? "" : "/" + schemaTokens.joined(separator: "/")
    }
}

/// How messages show values: compact JSON, long values cut short.
enum Quote {
    /// `value` as compact JSON, at most about 60 characters.
    static func json(_ value: JSON) -> String {
        let text = value.serialized()
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }

    /// The type name a message gives `value`: `integer` for a number with no fractional part.
    static func typeName(_ value: JSON) -> String {
        if case .number(let n) = value, DecimalArithmetic.isInteger(n) { return "integer" }
        return value.typeName
    }

    /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// `1 item`, `2 items`.
    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }
}

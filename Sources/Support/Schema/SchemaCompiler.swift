import BridgeJSON

/// The schema object a keyword is compiled in.
struct NodeContext {
    /// Where the schema object is.
    let location: SchemaLocation
    /// The schema object, for keywords that read their siblings (`additionalItems`, `then`).
    let object: JSONObject
    /// The base URI inside the object, its own `$id` applied: what its `$ref`s resolve against.
    let base: URIReference
    /// `uri#pointer`, for messages.
    let text: String
}

/// Turns schema JSON into a `CompiledSchema`: checks each keyword's argument, compiles regular
/// expressions, resolves every `$ref` (through the schema's own identifiers first, then the
/// registry's), and refuses `$ref` cycles that would never consume input.
///
/// Only the subschemas reachable from the starting schema are compiled; each location is compiled
/// once, so a `$ref` back to an enclosing schema becomes an index, not a copy.
struct SchemaCompiler {
    private let indexes: [SchemaIndex]
    /// Whether `format` is compiled into an assertion.
    let assertFormats: Bool
    private var nodes: [SchemaNode] = []
    private var compiled: [LocationKey: Int] = [:]

    private struct LocationKey: Hashable {
        let document: ObjectIdentifier
        let pointer: [String]
    }

    private init(indexes: [SchemaIndex], assertFormats: Bool) {
        self.indexes = indexes
        self.assertFormats = assertFormats
    }

    /// Compiles the schema at `location` and everything it reaches.
    /// - Parameter indexes: where `$ref`s are looked up, first match wins.
    /// - Throws: `SchemaError` for a malformed keyword, an invalid regular expression, a `$ref`
    ///   that names nothing, or a `$ref` cycle that never consumes input.
    static func compile(_ location: SchemaLocation, indexes: [SchemaIndex], assertFormats: Bool) throws(SchemaError) -> CompiledSchema {
        guard let value = location.value else {
            throw SchemaError(code: .unknownURI, message: "no schema at \(describe(location))")
        }
        var compiler = SchemaCompiler(indexes: indexes, assertFormats: assertFormats)
        let root = try compiler.node(at: location, value: value, enclosingBase: location.enclosingBase)
        try compiler.refuseCycles()
        return CompiledSchema(nodes: compiler.nodes, root: root)
    }

    /// `uri#/json/pointer` of `location`.
    static func describe(_ location: SchemaLocation) -> String {
        location.document.uri.withoutFragment.string + "#" + JSONPointer.string(location.pointer)
    }

    private mutating func node(at location: SchemaLocation, value: JSON, enclosingBase: URIReference) throws(SchemaError) -> Int {
        let key = LocationKey(document: ObjectIdentifier(location.document), pointer: location.pointer)
        if let existing = compiled[key] { return existing }
        let index = nodes.count
        let text = SchemaCompiler.describe(location)
        nodes.append(SchemaNode(body: .always(true), location: text))
        compiled[key] = index
        switch value {
        case .bool(let b):
            nodes[index].body = .always(b)
        case .object(let object):
            let base = SchemaIndex.base(inside: value, isDocumentRoot: location.pointer.isEmpty, inheriting: enclosingBase).base
            let context = NodeContext(location: location, object: object, base: base, text: text)
            nodes[index].body = .keywords(try keywords(of: context))
        default:
            throw SchemaError(code: .invalidSchema, message: "the schema at \(text) must be an object or a boolean, not \(value.typeName)")
        }
        return index
    }

    /// Compiles a subschema of `node`, found at `tokens` below it.
    mutating func subschema(_ tokens: [String], _ value: JSON, in node: NodeContext) throws(SchemaError) -> Int {
        let location = SchemaLocation(document: node.location.document, pointer: node.location.pointer + tokens)
        return try self.node(at: location, value: value, enclosingBase: node.base)
    }

    private mutating func keywords(of node: NodeContext) throws(SchemaError) -> [CompiledKeyword] {
        if let ref = node.object["$ref"] {
            // Draft-07: every sibling of `$ref` is ignored.
            guard let text = ref.stringValue else { throw SchemaError.malformed("$ref", at: node.text, "must be a string") }
            return [CompiledKeyword(name: "$ref", kind: .ref(try reference(text, in: node)))]
        }
        var keywords: [CompiledKeyword] = []
        func add(_ name: String, _ kind: Keyword) { keywords.append(CompiledKeyword(name: name, kind: kind)) }
        for member in node.object {
            let name = member.key, value = member.value
            switch name {
            case "type": add(name, try compileType(value, at: node.text))
            case "enum": add(name, try compileEnum(value, at: node.text))
            case "const": add(name, .constant(value))
            case "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum":
                add(name, try compileNumeric(name, value, at: node.text))
            case "maxLength": add(name, .maxLength(try count(name, value, at: node.text)))
            case "minLength": add(name, .minLength(try count(name, value, at: node.text)))
            case "pattern": add(name, try compilePattern(value, at: node.text))
            case "format": if let format = try compileFormat(value, at: node.text) { add(name, format) }
            case "items": keywords += try compileItems(value, in: node)
            case "maxItems": add(name, .maxItems(try count(name, value, at: node.text)))
            case "minItems": add(name, .minItems(try count(name, value, at: node.text)))
            case "uniqueItems":
                guard let unique = value.boolValue else { throw SchemaError.malformed(name, at: node.text, "must be a boolean") }
                if unique { add(name, .uniqueItems) }
            case "contains": add(name, .contains(try subschema([name], value, in: node)))
            case "maxProperties": add(name, .maxProperties(try count(name, value, at: node.text)))
            case "minProperties": add(name, .minProperties(try count(name, value, at: node.text)))
            case "required":
                guard let names = value.arrayValue else { throw SchemaError.malformed(name, at: node.text, "must be an array") }
                add(name, .required(try stringArray(names, keyword: name, at: node.text)))
            case "properties": add(name, try compileProperties(value, in: node))
            case "patternProperties": add(name, try compilePatternProperties(value, in: node))
            case "additionalProperties": add(name, try compileAdditionalProperties(value, in: node))
            case "dependencies": add(name, try compileDependencies(value, in: node))
            case "propertyNames": add(name, .propertyNames(try subschema([name], value, in: node)))
            case "if": add(name, try compileConditional(value, in: node))
            case "allOf": add(name, .allOf(try compileSchemaArray(name, value, in: node)))
            case "anyOf": add(name, .anyOf(try compileSchemaArray(name, value, in: node)))
            case "oneOf": add(name, .oneOf(try compileSchemaArray(name, value, in: node)))
            case "not": add(name, .not(try subschema([name], value, in: node)))
            default:
                // `additionalItems`, `then` and `else` are compiled with `items` and `if`; annotations
                // (`title`, `default`, …), `definitions` (compiled when referenced) and unknown
                // keywords do not validate.
                continue
            }
        }
        return keywords
    }

    /// Resolves a `$ref` against the base URI of its schema object and compiles its target.
    private mutating func reference(_ text: String, in node: NodeContext) throws(SchemaError) -> Int {
        let target = URIReference(parsing: text).resolved(against: node.base)
        var found: SchemaLocation?
        for index in indexes {
            if let location = index.locate(target) {
                found = location
                break
            }
        }
        guard let location = found, let value = location.value else {
            throw SchemaError(code: .unresolvableReference,
                              message: "$ref \(Quote.json(.string(text))) at \(node.text) names no known schema (it resolves to \(target.string))",
                              reference: text)
        }
        return try self.node(at: location, value: value, enclosingBase: location.enclosingBase)
    }

    /// A keyword argument that must be a non-negative integer (`2.0` counts); values beyond `Int`
    /// are clamped, which no instance can tell apart.
    private func count(_ name: String, _ value: JSON, at location: String) throws(SchemaError) -> Int {
        guard case .number(let n) = value, DecimalArithmetic.isInteger(n), DecimalArithmetic.compare(n, JSONNumber(0)) >= 0 else {
            throw SchemaError.malformed(name, at: location, "must be a non-negative integer")
        }
        return n.intValue ?? Int.max
    }

    /// Refuses a cycle of subschemas applied to the same instance (through `$ref`, `allOf`, `not`,
    /// …): validating would recurse forever without moving into the instance.
    private func refuseCycles() throws(SchemaError) {
        func edges(_ node: Int) -> [Int] {
            guard case .keywords(let keywords) = nodes[node].body else { return [] }
            return keywords.flatMap(\.kind.inPlaceSubschemas)
        }
        var state = [UInt8](repeating: 0, count: nodes.count)  // 0 unseen, 1 on the path, 2 finished
        for start in nodes.indices where state[start] == 0 {
            state[start] = 1
            var path: [(node: Int, edges: [Int], next: Int)] = [(start, edges(start), 0)]
            while var top = path.popLast() {
                guard top.next < top.edges.count else {
                    state[top.node] = 2
                    continue
                }
                let child = top.edges[top.next]
                top.next += 1
                path.append(top)
                switch state[child] {
                case 0:
                    state[child] = 1
                    path.append((child, edges(child), 0))
                case 1:
                    let nodesOnPath = path.map(\.node)
                    let from = nodesOnPath.lastIndex(of: child) ?? 0
                    let cycle = (nodesOnPath[from...] + [child]).map { nodes[$0].location }
                    throw SchemaError(code: .referenceCycle,
                                      message: "$ref cycle that never consumes input: \(cycle.joined(separator: " → ")); validation would never end")
                default:
                    continue
                }
            }
        }
    }
}

extension SchemaError {
    /// A keyword whose argument the meta-schema should have refused.
    static func malformed(_ keyword: String, at location: String, _ reason: String) -> SchemaError {
        SchemaError(code: .invalidSchema, message: "\(keyword) in the schema at \(location) \(reason)")
    }
}

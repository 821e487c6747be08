import BridgeBinding
import BridgeJSON

/// A command declaration as JSON Schema draft-07: its arguments (the contract of a correct
/// call, what `--strict` accepts) and its result.
public enum SchemaWriter {
    /// Where every `$id` lives (the contract's base, see `SchemaCatalog.base`).
    public static let base = "https://bridge.example/schemas/"

    /// The argument schema of `declaration` in `plugin`.
    public static func arguments(_ declaration: CommandDeclaration, plugin: String) -> JSON {
        let full = "plugin:\(plugin)|\(declaration.name)"
        let keys = declaration.layer == .nativeOnly
            ? "keys exactly as sent (a native-only command: Tauri forwards them unchanged to the native method `\(declaration.nativeMethod)`)"
            : (declaration.keyStyle == .camelCase ? "camelCase keys, as Tauri binds them to the snake_case parameters" : "snake_case keys")
        var schema: JSONObject = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": .string(base + path(plugin: plugin, command: declaration.name, "args")),
            "title": .string("\(full) arguments"),
            "description": .string("\(declaration.summary) The named arguments of invoke('\(full)', …), \(keys); null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings)."),
            "type": "object",
            "additionalProperties": false,
        ]
        var properties = JSONObject()
        for (parameter, key) in zip(declaration.parameters, declaration.signature.keys) {
            var node = JSONObject()
            if !parameter.doc.isEmpty { node["description"] = .string(parameter.doc) }
            for member in shape(parameter.required ? parameter.shape : .nullable(parameter.shape)) { node[member.key] = member.value }
            if !parameter.checks.isEmpty {
                node["allOf"] = .array(parameter.checks.map { check in
                    ["pattern": .string(check.pattern), "$comment": .string("otherwise the warning \(check.code), a refusal under --strict")]
                })
            }
            properties[key] = .object(node)
        }
        schema["properties"] = .object(properties)
        let required = zip(declaration.parameters, declaration.signature.keys).filter { $0.0.required }.map { JSON.string($0.1) }
        if !required.isEmpty { schema["required"] = .array(required) }
        let rules = declaration.rules.map { rule(for: $0, declaration: declaration) }
        if !rules.isEmpty { schema["allOf"] = .array(rules) }
        return .object(schema)
    }

    /// The result schema of `declaration` in `plugin`.
    public static func result(_ declaration: CommandDeclaration, plugin: String) -> JSON {
        var schema: JSONObject = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": .string(base + path(plugin: plugin, command: declaration.name, "result")),
            "title": .string("plugin:\(plugin)|\(declaration.name) result"),
        ]
        if !declaration.resultDoc.isEmpty { schema["description"] = .string(declaration.resultDoc) }
        for member in shape(declaration.result) { schema[member.key] = member.value }
        return .object(schema)
    }

    /// `commands/<plugin>/<command>.<part>.schema.json`.
    public static func path(plugin: String, command: String, _ part: String) -> String {
        "commands/\(plugin)/\(command).\(part).schema.json"
    }

    /// The schema of a shape.
    public static func shape(_ shape: Shape) -> JSONObject {
        switch shape {
        case .text(let format, let pattern):
            var node: JSONObject = ["type": "string"]
            if let format { node["format"] = .string(format) }
            if let pattern { node["pattern"] = .string(pattern) }
            return node
        case .boolean: return ["type": "boolean"]
        case .integer(let minimum):
            var node: JSONObject = ["type": "integer"]
            if let minimum { node["minimum"] = .integer(minimum) }
            return node
        case .number: return ["type": "number"]
        case .list(let items):
            var node: JSONObject = ["type": "array"]
            if items != .any { node["items"] = .object(self.shape(items)) }
            return node
        case .record(let fields):
            var node: JSONObject = ["type": "object"]
            guard !fields.isEmpty else { return node }
            let required = fields.filter(\.required).map { JSON.string($0.key) }
            if !required.isEmpty { node["required"] = .array(required) }
            node["additionalProperties"] = false
            var properties = JSONObject()
            for field in fields {
                var inner = JSONObject()
                if !field.doc.isEmpty { inner["description"] = .string(field.doc) }
                for member in self.shape(field.shape) { inner[member.key] = member.value }
                properties[field.key] = .object(inner)
            }
            node["properties"] = .object(properties)
            return node
        case .choice(let values): return ["type": "string", "enum": .array(values.map(JSON.string))]
        case .nullable(let inner):
            var node = self.shape(inner)
            if case .string(let type)? = node["type"] { node["type"] = [.string(type), "null"] }
            return node
        case .any: return [:]
        }
    }

    private static func rule(for rule: ArgumentRule, declaration: CommandDeclaration) -> JSON {
        switch rule {
        case .oneNonEmpty(let names, let message):
            return [
                "anyOf": .array(names.map { name in
                    let key = declaration.signature.keyStyle.key(for: name)
                    return ["required": [.string(key)], "properties": [key: nonEmpty(name, declaration)]]
                }),
                "$comment": .string("otherwise the command refuses: \(message)"),
            ]
        case .nonEmptyWhenPresent(let name, let message):
            let key = declaration.signature.keyStyle.key(for: name)
            return ["properties": [key: ["type": ["array", "null"], "minItems": 1]], "$comment": .string("otherwise the command refuses: \(message)")]
        }
    }

    /// A non-empty value of the parameter `name`: a string with a character, or an array with an item.
    private static func nonEmpty(_ name: String, _ declaration: CommandDeclaration) -> JSON {
        declaration.parameters.first { $0.name == name }?.kind == .array
            ? ["type": "array", "minItems": 1] : ["type": "string", "minLength": 1]
    }
}

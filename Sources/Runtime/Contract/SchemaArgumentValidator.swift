import BridgeSystem
import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeSchema

/// A command's arguments against `commands/<plugin>/<command>.args` — the contract of a correct
/// call, which `--strict` enforces through the command declaration the schema is generated from.
/// The test suite uses it to show that both agree; `bridge validate` checks files with it.
/// Failures are `-32602` in the wording a Tauri front end knows:
/// - a schema node's `x-error-message` when it carries one (the plugin's own message);
/// - a wrong type: ``invalid args `url` for command `share_text`: invalid type: integer `1`, expected a string``;
/// - an unknown key: ``invalid args `image_url` for command `share_text`: unknown key; did you mean `imageUrl`?``;
/// - a missing key: `command share_text missing required key url`;
/// and `data` names the instance path and the schema path.
public final class SchemaArgumentValidator: Sendable {
    public let catalog: SchemaCatalog
    /// Each command's validator (or its absence), found once.
    private let validators = SharedLock<[String: SchemaValidator?]>([:])

    public init(catalog: SchemaCatalog = .shared) {
        self.catalog = catalog
    }

    /// The first problem of `arguments` for the command `name`, or `nil` when they conform (or it has no schema).
    public func check(_ name: CommandName, arguments: JSONObject) -> ResponseError? {
        let found = validators.withLock { $0[name.description] }
        let validator: SchemaValidator?
        if let found {
            validator = found
        } else {
            let schemaName = SchemaCatalog.commandSchema(plugin: name.plugin, command: name.command, "args")
            validator = catalog.contains(schemaName) ? try? catalog.validator(schemaName) : nil
            validators.withLock { $0[name.description] = .some(validator) }
        }
        guard let validator else { return nil }
        let instance = JSON.object(arguments)
        // The common case, conforming arguments, stops early and builds no messages.
        guard !validator.isValid(instance) else { return nil }
        let schemaName = SchemaCatalog.commandSchema(plugin: name.plugin, command: name.command, "args")
        let errors = validator.validate(instance)
        guard let error = SchemaArgumentValidator.mostSpecific(errors) else { return nil }
        let schema = catalog.document(schemaName) ?? .null
        return SchemaArgumentValidator.wireError(error, instance: instance, schema: schema, command: name)
    }

    /// The error to report: the deepest instance path first, then a plain keyword over a
    /// combinator (whose failure only says that some branch failed).
    static func mostSpecific(_ errors: [ValidationError]) -> ValidationError? {
        let combinators: Set<String> = ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"]
        return errors.min { a, b in
            let da = a.instancePath.split(separator: "/").count, db = b.instancePath.split(separator: "/").count
            if da != db { return da > db }
            let ca = combinators.contains(keyword(a)), cb = combinators.contains(keyword(b))
            return !ca && cb
        }
    }

    static func keyword(_ error: ValidationError) -> String {
        String(error.schemaPath.split(separator: "/").last ?? "")
    }

    static func wireError(_ error: ValidationError, instance: JSON, schema: JSON, command: CommandName) -> ResponseError {
        let key = JSONPointer.tokens(error.instancePath)?.first
        let value = JSONPointer.value(at: error.instancePath, in: instance)
        var details: JSONObject = ["command": .string(command.description), "layer": "command",
                                   "instancePath": .string(error.instancePath), "schemaPath": .string(error.schemaPath)]
        if let key { details["field"] = .string(key) }
        if let template = customMessage(at: error.schemaPath, in: schema) {
            let message = template.replacingPlaceholders(value: value.map { $0.serialized() } ?? "null", key: key ?? "")
            return .invalidParams(message, details: details)
        }
        let prefix = "invalid args `\(key ?? "")` for command `\(command.command)`"
        switch keyword(error) {
        case "type":
            let node = JSONPointer.value(at: String(error.schemaPath.dropLast("/type".count)), in: schema)
            return .invalidParams("\(prefix): invalid type: \(ArgumentBinder.describe(value ?? .null)), expected \(expectation(node?["type"]))",
                                  details: details)
        case "additionalProperties":
            let known = JSONPointer.value(at: String(error.schemaPath.dropLast("/additionalProperties".count)), in: schema)?["properties"]?.objectValue?.keys ?? []
            if let suggestion = DidYouMean.suggest(for: key ?? "", among: known) {
                details["suggestion"] = .string(suggestion)
                return .invalidParams("\(prefix): unknown key; did you mean `\(suggestion)`?", details: details)
            }
            if known.isEmpty { return .invalidParams("\(prefix): unknown key; the command takes no arguments", details: details) }
            return .invalidParams("\(prefix): unknown key, expected one of \(known.map { "`\($0)`" }.joined(separator: ", "))", details: details)
        case "required":
            let node = JSONPointer.value(at: String(error.schemaPath.dropLast("/required".count)), in: schema)
            let present = JSONPointer.value(at: error.instancePath, in: instance)?.objectValue
            let missing = node?["required"]?.arrayValue?.compactMap(\.stringValue).first { present?[$0] == nil } ?? ""
            details["field"] = .string(missing)
            // Tauri's InvalidArgs wraps the deserializer's words, as the binder says them.
            return .invalidParams("invalid args `\(missing)` for command `\(command.command)`: command \(command.command) missing required key \(missing)",
                                  details: details)
        default:
            let at = key.map { "invalid args `\($0)` for command `\(command.command)`" } ?? "invalid args for command `\(command.command)`"
            return .invalidParams("\(at): \(error.message)", details: details)
        }
    }

    /// The nearest `x-error-message` on the schema path, from the failing node up to the root.
    static func customMessage(at schemaPath: String, in schema: JSON) -> String? {
        var parts = schemaPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while !parts.isEmpty {
            if let message = JSONPointer.value(at: parts.joined(separator: "/"), in: schema)?["x-error-message"]?.stringValue {
                return message
            }
            parts.removeLast()
        }
        return nil
    }

    /// Serde's wording for a schema `type`, `null` left out (null is the same as absent).
    static func expectation(_ type: JSON?) -> String {
        let names = (type?.arrayValue?.compactMap(\.stringValue) ?? type?.stringValue.map { [$0] } ?? []).filter { $0 != "null" }
        let words = names.map { name -> String in
            switch name {
            case "string": return "a string"
            case "boolean": return "a boolean"
            case "integer": return "i64"
            case "number": return "f64"
            case "object": return "a map"
            case "array": return "a sequence"
            default: return name
            }
        }
        return words.isEmpty ? "any value" : words.joined(separator: " or ")
    }
}

extension String {
    fileprivate func replacingPlaceholders(value: String, key: String) -> String {
        replacing(literal: "{value}", with: value).replacing(literal: "{key}", with: key)
    }
}

import BridgeJSON
import BridgeSchema
import BridgeSystem

/// The schemas of `Schemas/`, compiled into `bridge`: looked up by name
/// (`commands/frak-share/share_text.args`), by file (`….schema.json`) or by `$id`.
///
/// Documents are parsed and registered on first use, so a call that checks one command's
/// arguments does not pay for the whole contract at start-up.
public final class SchemaCatalog: Sendable {
    /// Where every `$id` lives.
    public static let base = "https://bridge.example/schemas/"

    /// Schema name → its text.
    private let texts: [String: String]
    /// Every schema name, sorted.
    public let names: [String]
    private let state = SharedLock<(documents: [String: JSON], validators: [String: SchemaValidator], complete: Bool)>(([:], [:], false))
    private let schemaRegistry = SchemaRegistry()

    /// The catalog of the compiled-in schemas.
    public static let shared = SchemaCatalog(files: EmbeddedSchemas.files)

    /// A catalog of `files` (path under `Schemas/` → text), which the test suite checks against
    /// the meta-schema; they are trusted here.
    public init(files: [(path: String, text: String)]) {
        var texts: [String: String] = [:]
        for (path, text) in files { texts[SchemaCatalog.name(ofPath: path)] = text }
        self.texts = texts
        names = texts.keys.sorted()
    }

    /// `commands/x/y.args.schema.json` → `commands/x/y.args`.
    public static func name(ofPath path: String) -> String {
        path.hasSuffix(".schema.json") ? String(path.dropLast(".schema.json".count)) : path
    }

    /// The name a reference stands for: a name, a file name or an `$id`.
    public func resolve(_ reference: String) -> String? {
        var name = reference
        if name.hasPrefix(SchemaCatalog.base) { name.removeFirst(SchemaCatalog.base.count) }
        if name.hasPrefix("Schemas/") { name.removeFirst("Schemas/".count) }
        name = SchemaCatalog.name(ofPath: name)
        return texts[name] != nil ? name : nil
    }

    /// Whether the catalog has a schema of that name.
    public func contains(_ name: String) -> Bool { texts[name] != nil }

    /// A schema's document, parsed on first use; `nil` for an unknown name.
    public func document(_ name: String) -> JSON? {
        if let cached = state.withLock({ $0.documents[name] }) { return cached }
        guard let text = texts[name], let json = try? JSONParser.parse(text) else { return nil }
        state.withLock { $0.documents[name] = json }
        return json
    }

    /// The registry holding every schema of the catalog (for schemas that `$ref` it).
    public var registry: SchemaRegistry {
        registerAll()
        return schemaRegistry
    }

    /// A compiled validator for a schema of the catalog (compiled once). Only that document is
    /// registered, unless it refers to others.
    public func validator(_ name: String) throws(SchemaError) -> SchemaValidator {
        if let cached = state.withLock({ $0.validators[name] }) { return cached }
        guard let json = document(name) else {
            throw SchemaError(code: .unknownURI, message: "no schema named \(name) in the contract")
        }
        let uri = SchemaCatalog.base + name + ".schema.json"
        if !schemaRegistry.contains(uri) { try schemaRegistry.addTrusted(json, uri: uri) }
        let validator: SchemaValidator
        do {
            validator = try SchemaValidator(uri: uri, registry: schemaRegistry)
        } catch where error.code == .unresolvableReference || error.code == .unknownURI {
            registerAll()
            validator = try SchemaValidator(uri: uri, registry: schemaRegistry)
        }
        state.withLock { $0.validators[name] = validator }
        return validator
    }

    private func registerAll() {
        guard !state.withLock({ $0.complete }) else { return }
        for name in names {
            let uri = SchemaCatalog.base + name + ".schema.json"
            if let json = document(name), !schemaRegistry.contains(uri) { try? schemaRegistry.addTrusted(json, uri: uri) }
        }
        state.withLock { $0.complete = true }
    }

    /// The name of a command's argument or result schema.
    public static func commandSchema(plugin: String, command: String, _ part: String) -> String {
        "commands/\(plugin)/\(command).\(part)"
    }
}

import BridgeJSON
import BridgeSchema
import Synchronization

/// The schemas of `Schemas/`, compiled into `bridge`: looked up by name
/// (`commands/frak-share/share_text.args`), by file (`….schema.json`) or by `$id`.
public final class SchemaCatalog: Sendable {
    /// Where every `$id` lives.
    public static let base = "https://bridge.example/schemas/"

    public let registry: SchemaRegistry
    /// Schema name → its document.
    public let documents: [String: JSON]
    private let validators = Mutex<[String: SchemaValidator]>([:])

    /// The catalog of the compiled-in schemas.
    public static let shared: SchemaCatalog = {
        do {
            return try SchemaCatalog(files: EmbeddedSchemas.files)
        } catch {
            // The embedded schemas are checked by the test suite; a broken build cannot get here.
            fatalError("the compiled-in schemas are invalid: \(error)")
        }
    }()

    /// A catalog of `files` (path under `Schemas/` → text).
    public init(files: [(path: String, text: String)]) throws(SchemaError) {
        let registry = SchemaRegistry()
        var documents: [String: JSON] = [:]
        for (path, text) in files {
            let json: JSON
            do {
                json = try JSONParser.parse(text)
            } catch {
                throw SchemaError(code: .invalidSchema, message: "\(path): \(error)")
            }
            try registry.add(json, uri: SchemaCatalog.base + path)
            documents[SchemaCatalog.name(ofPath: path)] = json
        }
        self.registry = registry
        self.documents = documents
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
        return documents[name] != nil ? name : nil
    }

    /// A compiled validator for a schema of the catalog (compiled once).
    public func validator(_ name: String) throws(SchemaError) -> SchemaValidator {
        if let cached = validators.withLock({ $0[name] }) { return cached }
        let validator = try SchemaValidator(uri: SchemaCatalog.base + name + ".schema.json", registry: registry)
        validators.withLock { $0[name] = validator }
        return validator
    }

    /// The name of a command's argument or result schema.
    public static func commandSchema(plugin: String, command: String, _ part: String) -> String {
        "commands/\(plugin)/\(command).\(part)"
    }
}

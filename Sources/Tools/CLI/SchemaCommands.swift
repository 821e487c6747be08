import BridgeCall
import BridgeContract
import BridgeJSON
import BridgeSchema
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge validate <schema> <instance|->` and `bridge schema <command> | --list`.
enum SchemaCommands {
    static let validateHelp = """
    Usage: bridge validate <schema> <instance | ->

    Validates a JSON document against a JSON Schema (draft-07). <schema> is a schema of the
    bridge's contract — a name such as commands/frak-share/share_text.args or presentation/ios,
    or its $id —, a command spelt as for invoke (share_text: its arguments schema;
    share_text.result: its result schema), or a schema file (which may $ref the contract's
    schemas by $id). <instance> is a JSON file, or - for stdin.

    Exit status: 0 valid; 1 invalid (each error on stderr: where, what, and the schema path);
    2 usage error (unknown schema, an invalid schema with the meta-schema's errors, unreadable
    or malformed JSON).
    """

    static let schemaHelp = """
    Usage: bridge schema <command>
           bridge schema --list

    Prints a command's argument and result schemas ({"command", "arguments", "result"}), or
    lists every schema of the contract with its title. <command> is spelt as for invoke.
    """

    static func validate(_ args: ArgumentList, plugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        guard args.positionals.count == 2 else {
            throw UsageError("expected <schema> and <instance | ->", subcommand: "validate")
        }
        let catalog = SchemaCatalog.shared
        let validator: SchemaValidator
        let named = catalog.resolve(args.positionals[0])
            ?? (FileManager.default.fileExists(atPath: args.positionals[0]) ? nil : commandSchema(args.positionals[0], plugins: plugins))
        if let name = named {
            do {
                validator = try catalog.validator(name)
            } catch {
                throw UsageError("schema \(name): \(error)", subcommand: "validate", pointsToHelp: false)
            }
        } else {
            let path = args.positionals[0]
            guard FileManager.default.fileExists(atPath: path) else {
                let commands = CommandLookup.registry(plugins).all.map(\.name)
                let known = catalog.names + commands.map(\.description) + commands.map(\.command)
                throw UsageError("unknown schema '\(path)'\(UsageError.didYouMean(path, among: known)): neither a schema of the contract (see 'bridge schema --list'), nor a command, nor a file", subcommand: "validate")
            }
            let schema = try readJSON(path, what: "the schema")
            do {
                validator = try SchemaValidator(schema: schema, registry: catalog.registry)
            } catch {
                throw UsageError("\(path) is not a usable schema: \(error)", subcommand: "validate", pointsToHelp: false)
            }
        }
        let instance = try readJSON(args.positionals[1], what: "the instance")
        let errors = validator.validate(instance)
        if errors.isEmpty {
            streams.write("valid\n")
            return 0
        }
        for error in errors { streams.error("invalid: \(error)") }
        return 1
    }

    /// The contract schema a command name spells: `share_text` (or `share_text.args`) its
    /// arguments, `share_text.result` its result; `nil` when no command has that name.
    private static func commandSchema(_ spelling: String, plugins: [any Plugin]) -> String? {
        var name = spelling, part = "args"
        for suffix in [".args", ".result"] where spelling.hasSuffix(suffix) {
            name = String(spelling.dropLast(suffix.count))
            part = String(suffix.dropFirst())
        }
        guard case .success(let entry) = CommandLookup.registry(plugins).resolve(cliName: name) else { return nil }
        return SchemaCatalog.commandSchema(plugin: entry.name.plugin, command: entry.name.command, part)
    }

    static func schema(_ args: ArgumentList, plugins: [any Plugin], streams: StandardStreams) throws(UsageError) -> Int32 {
        let catalog = SchemaCatalog.shared
        if args.flag("list") {
            for name in catalog.names {
                streams.write("\(name)\t\(catalog.document(name)?["title"]?.stringValue ?? "")\n")
            }
            return 0
        }
        guard args.positionals.count == 1 else { throw UsageError("expected <command> or --list", subcommand: "schema") }
        let entry = try CommandLookup.entry(args.positionals[0], in: CommandLookup.registry(plugins), subcommand: "schema")
        let part = { (p: String) -> JSON in
            catalog.document(SchemaCatalog.commandSchema(plugin: entry.name.plugin, command: entry.name.command, p)) ?? .null
        }
        let document: JSON = ["command": .string(entry.name.description), "arguments": part("args"), "result": part("result")]
        streams.write(document.serialized(JSONFormat(pretty: true)) + "\n")
        return 0
    }

    private static func readJSON(_ path: String, what: String) throws(UsageError) -> JSON {
        let bytes: [UInt8]
        if path == "-" {
            switch FileDescriptorIO.readAll(0, limit: 64 << 20) {
            case .bytes(let b): bytes = b
            case .tooLarge(let limit): throw UsageError("\(what) on stdin is larger than \(limit) bytes", subcommand: "validate")
            case .failed(let code): throw UsageError("cannot read stdin (errno \(code))", subcommand: "validate")
            }
        } else {
            switch FileDescriptorIO.readFile(atPath: path, limit: 64 << 20) {
            case .bytes(let b): bytes = b
            case .tooLarge(let limit): throw UsageError("\(what) \(path) is larger than \(limit) bytes", subcommand: "validate")
            case .failed(let reason): throw UsageError("cannot read \(what) \(path): \(reason)", subcommand: "validate")
            }
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(what) (\(path)) is not valid JSON: \(error)", subcommand: "validate")
        }
    }
}

import BridgeACL
import BridgeCall
import BridgeContract
import BridgeFrakShare
import BridgeJSON
import BridgePlugins
import BridgeProtocol
import BridgeRouter
import BridgeSchema
import BridgeShareExtension
import BridgeTOML
import Foundation
import TestSupport
import Testing

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let schemasFolder = root.appendingPathComponent("Schemas")

/// Every `*.schema.json` under `Schemas/`, by relative path, sorted.
func schemaFiles() throws -> [(path: String, text: String)] {
    var out: [(String, String)] = []
    let enumerator = FileManager.default.enumerator(atPath: schemasFolder.path)
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".schema.json") else { continue }
        out.append((relative, try String(contentsOf: schemasFolder.appendingPathComponent(relative), encoding: .utf8)))
    }
    return out.sorted { $0.0 < $1.0 }
}

let productPlugins: [any Plugin] = ProductPlugins.plugins()

@Suite("Schemas/ as the contract", .serialized)
struct ContractTests {
    @Test("every schema is valid draft-07, with an $id where it lives")
    func schemasAreValid() throws {
        for (path, text) in try schemaFiles() {
            let json = try JSONParser.parse(text)
            #expect(json["$id"]?.stringValue == SchemaCatalog.base + path, "\(path)")
            // Checked against the meta-schema here, since the catalog trusts them at run time.
            try SchemaRegistry().add(json)
            _ = try SchemaValidator(schema: json, registry: SchemaCatalog.shared.registry)
        }
    }

    @Test("every registered command has argument and result schemas; every command schema names a command")
    func commandsAndSchemas() throws {
        let registry = try CommandRegistry(plugins: productPlugins)
        var expected = Set<String>()
        for entry in registry.all {
            for part in ["args", "result"] {
                let name = SchemaCatalog.commandSchema(plugin: entry.name.plugin, command: entry.name.command, part)
                expected.insert(name)
                #expect(SchemaCatalog.shared.contains(name), "\(entry.name) has no \(name).schema.json")
            }
        }
        let commandSchemas = Set(SchemaCatalog.shared.names.filter { $0.hasPrefix("commands/") })
        #expect(commandSchemas.subtracting(expected).isEmpty, "schemas for commands that do not exist: \(commandSchemas.subtracting(expected).sorted())")
    }

    @Test("the examples beside the schemas are valid or invalid as their names say")
    func examples() throws {
        let folder = schemasFolder.appendingPathComponent("examples")
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var count = 0
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let name = (relative as NSString).deletingLastPathComponent
            let file = (relative as NSString).lastPathComponent
            let instance = try JSONParser.parse([UInt8](try Data(contentsOf: folder.appendingPathComponent(relative))))
            let valid = try SchemaCatalog.shared.validator(name).isValid(instance)
            #expect(valid == file.hasPrefix("valid"), "\(relative)")
            count += 1
        }
        #expect(count >= 40)
    }

    /// The `.toml` files under `folders` of `../shared/conformance`.
    static func sharedFiles(_ folders: [String], suffixes: [String] = [".toml"]) throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in folders {
            let base = try SharedConformance.folder(folder)
            let enumerator = FileManager.default.enumerator(atPath: base.path)
            while let relative = enumerator?.nextObject() as? String {
                guard suffixes.contains(where: relative.hasSuffix) else { continue }
                files.append(("\(folder)/\(relative)", try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("the bridge's own permission files validate")
    func ownPermissionFiles() throws {
        let files = productPlugins.flatMap { plugin in plugin.permissionFiles.map { ("permissions/\(plugin.name)/\($0.path)", $0.text) } }
        for (_, text) in files { Contract.check(try TOMLParser.parse(text).json, "acl/permission-file") }
        #expect(files.count >= 3)
    }

    @Test("permission files validate: the real frak-share plugin's, Tauri's fixtures", SharedConformance.required)
    func sharedPermissionFiles() throws {
        let files = try ContractTests.sharedFiles(["frak-share/permissions", "tauri-acl/plugins"])
        for (_, text) in files { Contract.check(try TOMLParser.parse(text).json, "acl/permission-file") }
        #expect(files.count >= 5)
    }

    @Test("the built-in capability validates as a capability file")
    func builtInCapability() throws {
        let manifests = try ACLSetup.manifests(productPlugins)
        let builtIn = CapabilitySource.builtIn(plugins: manifests.values.sorted { $0.plugin < $1.plugin })
        #expect(builtIn.permissions.map(\.identifier.text) == (CorePermissions.plugins + ProductPlugins.entries.map(\.name)).sorted().map { "\($0):default" })
        Contract.check(builtIn.json, "acl/capability-file")
        // And it reads back as the same capability.
        #expect(try Capability.decodeFile(builtIn.json.serialized(), path: "built-in") == [builtIn])
    }

    @Test("capability files validate: Tauri's fixtures and five real apps' folders", SharedConformance.required)
    func capabilityFiles() throws {
        let fixtures = try ContractTests.sharedFiles(["tauri-acl/capabilities"], suffixes: [".json", ".toml"])
            .filter { ($0.path as NSString).lastPathComponent.hasPrefix("cap") }
        let apps = try ContractTests.sharedFiles(["tauri-apps"], suffixes: [".json", ".toml"])
            .filter { $0.path.contains("/capabilities/") }
        for (path, text) in fixtures + apps {
            let json = path.hasSuffix(".toml") ? try TOMLParser.parse(text).json : try JSONParser.parse(text)
            Contract.check(json, "acl/capability-file")
        }
        #expect(fixtures.count >= 9)
        #expect(apps.count >= 8)
    }
}

@Suite("Arguments checked against their schema before binding")
struct ArgumentSchemaTests {
    func check(_ arguments: JSON, _ command: String = "share_text", plugin: String = "frak-share") -> ResponseError? {
        guard case .object(let o) = arguments, let name = CommandName(plugin: plugin, command: command) else { return nil }
        return SchemaArgumentValidator().check(name, arguments: o)
    }

    @Test("non-conforming arguments are described with Tauri's wording and the instance path", arguments: [
        (["url": 1], "invalid args `url` for command `share_text`: invalid type: integer `1`, expected a string", "/url"),
        (["text": "hi", "image_url": "x"], "invalid args `image_url` for command `share_text`: unknown key; did you mean `imageUrl`?", "/image_url"),
        (["text": "hi", "colour": "red"], "invalid args `colour` for command `share_text`: unknown key, expected one of `url`, `text`, `title`, `imageUrl`", "/colour"),
    ] as [(JSON, String, String)])
    func refusals(arguments: JSON, message: String, path: String) {
        let error = check(arguments)
        #expect(error?.code == .invalidParams)
        #expect(error?.message.hasPrefix(String(message.prefix(40))) == true, "\(error?.message ?? "nil")")
        #expect(error?.data["instancePath"] == .string(path))
    }

    @Test("conforming arguments pass", arguments: [
        ["url": "https://frak.id/x", "text": "Join", "title": "T", "imageUrl": "https://frak.id/l.png"] as JSON,
        ["text": "only text"], ["url": "HTTP://FRAK.ID"], ["url": "http://[::1]:8080/x?y=1#z"],
    ])
    func passes(arguments: JSON) {
        #expect(check(arguments) == nil)
    }

    @Test("commands without a schema are not checked")
    func noSchema() {
        #expect(check(["anything": 1], "echo", plugin: "bridge-test") == nil)
    }
}

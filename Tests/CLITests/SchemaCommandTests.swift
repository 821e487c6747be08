import BridgeContract
import BridgeJSON
import Foundation
import Testing

@Suite("bridge validate and bridge schema (spawned)")
struct SchemaCommandTests {
    @Test("validate: 0 valid, 1 invalid with the errors on stderr, 2 for unknown or broken schemas")
    func validate() throws {
        let ok = try runBridge(["validate", "commands/frak-share/share_text.args", "-"], stdin: #"{"text":"Join me"}"#, executable: Products.bridge)
        #expect(ok.status == 0)
        #expect(ok.stdout == "valid\n")
        let bad = try runBridge(["validate", "https://bridge.example/schemas/commands/frak-share/share_text.args.schema.json", "-"],
                                stdin: #"{"text":"hi","image_url":"x"}"#, executable: Products.bridge)
        #expect(bad.status == 1)
        #expect(bad.stderr == "invalid: at /image_url: unexpected property \"image_url\" (additionalProperties is false) (schema /additionalProperties)\n")
        let unknown = try runBridge(["validate", "nope", "-"], stdin: "{}", executable: Products.bridge)
        #expect(unknown.status == 2)
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json").path
        try #"{"type": 5}"#.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let broken = try runBridge(["validate", schemaFile, "-"], stdin: "1", executable: Products.bridge)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("is not a usable schema: the schema is not a valid draft-07 schema"))
        let malformed = try runBridge(["validate", "error", "-"], stdin: "{", executable: Products.bridge)
        #expect(malformed.status == 2)
    }

    @Test("a schema file may reference the contract's schemas by $id")
    func referencesContract() throws {
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json").path
        try #"{"type": "array", "items": {"$ref": "https://bridge.example/schemas/commands/frak-share/share_text.result.schema.json"}}"#
            .write(toFile: schemaFile, atomically: true, encoding: .utf8)
        #expect(try runBridge(["validate", schemaFile, "-"], stdin: #"[{"shared":true},{"shared":false}]"#, executable: Products.bridge).status == 0)
        #expect(try runBridge(["validate", schemaFile, "-"], stdin: #"[{"shared":1}]"#, executable: Products.bridge).status == 1)
    }

    @Test("schema <command> prints its argument and result schemas; --list names every schema")
    func schema() throws {
        let r = try runBridge(["schema", "share_text"], executable: Products.bridge)
        #expect(r.status == 0)
        let doc = try JSONParser.parse(r.stdout)
        #expect(doc["command"] == "plugin:frak-share|share_text")
        #expect(doc["arguments"]?["$id"] == "https://bridge.example/schemas/commands/frak-share/share_text.args.schema.json")
        #expect(doc["result"]?["required"] == ["shared"])
        let list = try runBridge(["schema", "--list"], executable: Products.bridge)
        #expect(list.stdout.contains("presentation/ios\tiOS presentation record\n"))
        #expect(list.stdout.contains("jsonrpc/initialize-result\tResult of initialize\n"))
        #expect(list.stdout.split(separator: "\n").count == SchemaCatalog.shared.names.count)
        for name in declaredCommandNames {
            let path = name.dropFirst("plugin:".count).replacingOccurrences(of: "|", with: "/")
            #expect(list.stdout.contains("commands/\(path).args\t"), "\(name) has an args schema")
            #expect(list.stdout.contains("commands/\(path).result\t"), "\(name) has a result schema")
        }
    }

    @Test("what the schema refuses, --strict refuses at run time; by default it is a warning")
    func runtime() throws {
        let args = #"{"url":"https://frak.id/a b"}"#
        let faithful = try runBridge(["invoke", "share_text", args, "--inspect"], executable: Products.bridge)
        #expect(faithful.status == 0)
        #expect(faithful.stderr.hasPrefix("bridge: warning: `url` \"https://frak.id/a b\" for command `share_text`: iOS's URL(string:) cannot parse it"))
        #expect(try JSONParser.parse(faithful.stdout)["warnings"]?.arrayValue?.map { $0["code"] } == ["unparsable_url"])
        let r = try runBridge(["invoke", "share_text", args, "--strict"], executable: Products.bridge)
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["warning"] == "unparsable_url")
        #expect(error["data"]?["field"] == "url")
    }
}

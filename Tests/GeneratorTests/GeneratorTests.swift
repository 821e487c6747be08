import BridgeACL
import BridgeBinding
import BridgeCall
import BridgeContract
import BridgeGenerator
import BridgeJSON
import BridgeKit
import BridgePlugins
import BridgeProtocol
import BridgeRouter
import BridgeSchema
import BridgeShareNatives
import Foundation
import TestSupport
import Testing

/// The package root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func productGenerator(root: URL = packageRoot) -> Generator {
    Generator(root: root, targets: ProductPlugins.entries.map {
        Generator.Target(plugin: $0.make(PluginSettings()), permissionsSource: $0.permissionsSource, natives: $0.natives)
    })
}

@Suite("Generated files")
struct GeneratorDriftTests {
    @Test("running `swift run bridge-generate` would change no committed file")
    func noDrift() throws {
        let (changed, stale) = try productGenerator().drift()
        #expect(changed.isEmpty, "generated files drifted from the declarations: \(changed); run `swift run bridge-generate` and commit the result")
        #expect(stale.isEmpty, "stale generated files: \(stale); run `swift run bridge-generate`")
    }

    @Test("the compiled-in schemas are the generator's: the catalog serves every file of Schemas/")
    func catalogMatches() throws {
        let files = try productGenerator().files()
        let commandSchemas = files.filter { $0.path.hasPrefix("Schemas/commands/") }
        #expect(!commandSchemas.isEmpty)
        for file in commandSchemas {
            let name = SchemaCatalog.name(ofPath: String(file.path.dropFirst("Schemas/".count)))
            #expect(SchemaCatalog.shared.document(name) == (try JSONParser.parse(file.text)), "\(name)")
        }
    }

    @Test("a changed committed file is drift, and a file nobody generates in an owned folder is stale")
    func detectsDrift() throws {
        let root = try scratchRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = Generator(root: root, targets: [Generator.Target(plugin: ThrowAwayPlugin.plugin(), permissionsSource: "Sources/ThrowAway/Permissions.swift")])
        try generator.write()
        #expect(try generator.drift() == ([], []))
        let schema = root.appendingPathComponent("Schemas/commands/throw-away/ping.args.schema.json")
        try "{}".write(to: schema, atomically: true, encoding: .utf8)
        try "{}".write(to: root.appendingPathComponent("Schemas/commands/throw-away/gone.args.schema.json"), atomically: true, encoding: .utf8)
        let drift = try generator.drift()
        #expect(drift.changed == ["Schemas/commands/throw-away/ping.args.schema.json"])
        #expect(drift.stale == ["Schemas/commands/throw-away/gone.args.schema.json"])
        try generator.write()
        #expect(try generator.drift() == ([], []))
    }
}

/// A throw-away plugin declared through the kit, whose one command is its declaration and its
/// start (`PingCommand`): what the generator writes comes from these alone.
enum ThrowAwayPlugin {
    static func plugin() -> KitPlugin {
        let backends = PlatformBackends<NativeCall>(ios: native("ios"), android: native("android"))
        return KitPlugin(name: "throw-away", origin: .product(source: "a test's"), commandNames: ["ping"], defaultSet: nil,
                         commands: [PingCommand.command(backends)])
    }

    /// Each platform's native side: the `ping` method echoes `replyTo` and says which method ran.
    static func native(_ layer: String) -> NativePlugin<NativeCall> {
        NativePlugin(layer: layer) { (method: String, call: NativeCall) async throws(ResponseError) -> CommandOutput in
            CommandOutput(result: ["pong": call.payload["replyTo"] ?? .null], presentation: ["nativeMethod": .string(method), "platform": .string(layer)])
        }
    }
}

/// `plugin:throw-away|ping`: the declaration and its start, the only code of the command.
enum PingCommand {
    static let declaration = CommandDeclaration(
        "ping", summary: "Answers with the message it was given.",
        parameters: [Parameter("reply_to", .string, required: true, doc: "Who to answer."), Parameter("times", .integer, doc: "How often.")],
        result: .record([Field("pong", .string)]), resultDoc: "The answer.")

    static func command(_ backends: PlatformBackends<NativeCall>) -> KitCommand {
        KitCommand(declared: declaration) { invocation in
            guard let native = backends.backend(for: invocation.context.platform) else {
                throw ResponseError.unsupportedPlatform("throw-away is only available on iOS and Android")
            }
            return try native.start(declaration.nativeMethod, NativeCall(payload: invocation.nativePayload, context: invocation.context))
        }
    }
}

func scratchRoot() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-generator-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("permissions/throw-away"), withIntermediateDirectories: true)
    try "[default]\npermissions = [\"allow-ping\"]\n".write(to: root.appendingPathComponent("permissions/throw-away/default.toml"),
                                                          atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(at: root.appendingPathComponent("Schemas"), withIntermediateDirectories: true)
    return root
}

@Suite("A command added through its declaration alone")
struct ThrowAwayCommandTests {
    @Test("the generator writes its schemas, permissions, TypeScript and compiled-in copies")
    func generated() throws {
        let root = try scratchRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = Generator(root: root, targets: [Generator.Target(
            plugin: ThrowAwayPlugin.plugin(), permissionsSource: "Sources/ThrowAway/Permissions.swift",
            natives: ("ThrowAwayNative", "NativeCall", "Sources/ThrowAway/ThrowAwayNative.swift"))])
        let written = try generator.write()
        // The core permissions, whatever the targets: each core plugin's commands and default set.
        var core: Set<String> = ["permissions/core/default.toml", "Sources/Runtime/ACL/CorePermissionFiles.swift"]
        for (plugin, commands) in CorePermissions.hosted {
            let folder = "permissions/core/" + plugin.dropFirst("core:".count)
            core.insert(folder + "/autogenerated/default.toml")
            for command in commands { core.insert(folder + "/autogenerated/commands/\(command.name).toml") }
        }
        #expect(core.count == 2 + 9 + 154, "Tauri's 9 core plugins and their 154 commands (crates/tauri/build.rs @ 02cd31f2)")
        #expect(Set(written) == core.union([
            "Schemas/commands/throw-away/ping.args.schema.json", "Schemas/commands/throw-away/ping.result.schema.json",
            "permissions/throw-away/autogenerated/commands/ping.toml", "clients/types/throw-away.d.ts",
            "Sources/ThrowAway/Permissions.swift", "Sources/ThrowAway/ThrowAwayNative.swift",
            "Sources/Runtime/Contract/EmbeddedSchemas.swift", "docs/commands.md", "docs/versions.md",
        ]))
        // The native protocol each backend implements: the typed method, and its dispatch by name.
        let native = try String(contentsOf: root.appendingPathComponent("Sources/ThrowAway/ThrowAwayNative.swift"), encoding: .utf8)
        #expect(native.contains("public protocol ThrowAwayNative: Sendable {"))
        #expect(native.contains("    func ping(_ call: NativeCall) throws(ResponseError) -> CallStep\n"))
        #expect(native.contains("            case \"ping\": return try native.ping(call)\n"))
        #expect(native.contains("public typealias ThrowAwayBackends = PlatformBackends<NativeCall>"))
        let args = try JSONParser.parse(String(contentsOf: root.appendingPathComponent("Schemas/commands/throw-away/ping.args.schema.json"), encoding: .utf8))
        let validator = try SchemaValidator(schema: args)
        #expect(validator.isValid(["replyTo": "me", "times": 2]))
        #expect(!validator.isValid(["reply_to": "me"]))
        #expect(!validator.isValid(["replyTo": "me", "times": "2"]))
        let toml = try String(contentsOf: root.appendingPathComponent("permissions/throw-away/autogenerated/commands/ping.toml"), encoding: .utf8)
        #expect(toml.contains("identifier = \"allow-ping\""))
        let ts = try String(contentsOf: root.appendingPathComponent("clients/types/throw-away.d.ts"), encoding: .utf8)
        #expect(ts.contains("export declare function ping(args: ThrowAwayPingArgs): Promise<ThrowAwayPingResult>;"))
        #expect(ts.contains("  replyTo: string;\n"))
        #expect(ts.contains("  times?: number | null;\n"))
        let embedded = try String(contentsOf: root.appendingPathComponent("Sources/ThrowAway/Permissions.swift"), encoding: .utf8)
        #expect(embedded.contains("extension ThrowAwayPlugin: EmbeddedPermissions {"))
        #expect(embedded.contains("PermissionFile(path: \"autogenerated/commands/ping.toml\""))
        #expect(embedded.contains("PermissionFile(path: \"default.toml\""))
    }

    @Test("the router binds it from the declaration: camelCase keys, serde's type errors, warnings, --strict")
    func served() async throws {
        let router = Router(registry: try CommandRegistry(plugins: [ThrowAwayPlugin.plugin()]))
        guard case .success(let call) = router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": "me", "reply_to": "x"],
                                                       context: CallContext()) else {
            Issue.record("not prepared")
            return
        }
        #expect(call.warnings.map(\.code) == ["unknown_key"])
        #expect(call.warnings.first?.message.contains("did you mean `replyTo`?") == true)
        let output = try await router.run(call).get()
        #expect(output.result == ["pong": "me"])
        #expect(output.presentation == ["nativeMethod": "ping", "platform": "ios"])
        #expect(ThrowAwayPlugin.plugin().commands.map(\.name) == ["ping"])
        if case .success(let desktop) = router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": "me"],
                                                        context: CallContext(platform: .linux)) {
            #expect(await router.run(desktop).failure?.message == "throw-away is only available on iOS and Android")
        } else {
            Issue.record("not prepared on desktop")
        }
        #expect(router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": 1], context: CallContext()).failure?.message
            == "invalid args `replyTo` for command `ping`: invalid type: integer `1`, expected a string")
        #expect(router.prepare(method: "plugin:throw-away|ping", params: [:], context: CallContext()).failure?.message
            == "invalid args `replyTo` for command `ping`: command ping missing required key replyTo")
        let strict = router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": "me", "reply_to": "x"],
                                    context: CallContext(strict: true)).failure
        #expect(strict?.code == .invalidParams)
        #expect(strict?.data["warning"] == "unknown_key")
    }
}

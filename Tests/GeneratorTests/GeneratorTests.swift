import BridgeACL
import BridgeBinding
import BridgeCall
import BridgeContract
import BridgeGenerator
import BridgeJSON
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
        let generator = Generator(root: root, targets: [Generator.Target(plugin: ThrowAwayPlugin(), permissionsSource: "Sources/ThrowAway/Permissions.swift")])
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

/// A throw-away plugin whose one command exists only as its `CommandLayer` type (`PingCommand`):
/// nothing lists it — this test target uses the `CommandList` build plugin, as the plugin
/// modules do, so `commands` is written at build time.
struct ThrowAwayPlugin: Plugin {
    let name = "throw-away"
    /// Each platform's native side: the `ping` method echoes `replyTo` and says which method ran.
    let backends = PlatformBackends<NativeCall>(ios: ThrowAwayPlugin.native("ios"), android: ThrowAwayPlugin.native("android"))

    static func native(_ layer: String) -> NativePlugin<NativeCall> {
        NativePlugin(layer: layer) { (method: String, call: NativeCall) async throws(ResponseError) -> CommandOutput in
            CommandOutput(result: ["pong": call.payload["replyTo"] ?? .null], presentation: ["nativeMethod": .string(method), "platform": .string(layer)])
        }
    }
}

/// `plugin:throw-away|ping`: the declaration and its command layer, the only code of the command.
enum PingCommand: CommandLayer {
    static let declaration = CommandDeclaration(
        "ping", summary: "Answers with the message it was given.",
        parameters: [Parameter("reply_to", .string, required: true, doc: "Who to answer."), Parameter("times", .integer, doc: "How often.")],
        result: .record([Field("pong", .string)]), resultDoc: "The answer.")

    static func command(_ plugin: ThrowAwayPlugin) -> Command {
        Command(declaration) { invocation in
            guard let native = plugin.backends.backend(for: invocation.context.platform) else {
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
            plugin: ThrowAwayPlugin(), permissionsSource: "Sources/ThrowAway/Permissions.swift",
            natives: ("ThrowAwayNative", "NativeCall", "Sources/ThrowAway/ThrowAwayNative.swift"))])
        let written = try generator.write()
        // The core permissions, whatever the targets: each core plugin's commands and default set.
        var core: Set<String> = ["permissions/core/default.toml", "Sources/ACL/CorePermissionFiles.swift"]
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
            "Sources/Contract/EmbeddedSchemas.swift", "docs/commands.md", "docs/versions.md",
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
        let router = Router(registry: try CommandRegistry(plugins: [ThrowAwayPlugin()]))
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
        #expect(ThrowAwayPlugin().commands.map(\.name) == ["ping"])
        if case .success(let desktop) = router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": "me"],
                                                        context: CallContext(platform: .linux)) {
            #expect(await router.run(desktop).failure?.message == "throw-away is only available on iOS and Android")
        } else {
            Issue.record("not prepared on desktop")
        }
        #expect(router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": 1], context: CallContext()).failure?.message
            == "invalid args `replyTo` for command `ping`: invalid type: integer `1`, expected a string")
        #expect(router.prepare(method: "plugin:throw-away|ping", params: [:], context: CallContext()).failure?.message
            == "command ping missing required key replyTo")
        let strict = router.prepare(method: "plugin:throw-away|ping", params: ["replyTo": "me", "reply_to": "x"],
                                    context: CallContext(strict: true)).failure
        #expect(strict?.code == .invalidParams)
        #expect(strict?.data["warning"] == "unknown_key")
    }
}

@Suite("The CommandList build plugin's tool")
struct CommandListToolTests {
    /// `command-list`, built beside the test bundle (the build plugin's tool).
    static let tool: String = {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while dir.path.contains(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("command-list").path
    }()

    /// The tool's exit status and what it wrote to stdout and stderr.
    static func runWithErrors(_ arguments: [String]) throws -> (status: Int32?, text: String) {
        let run = try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>&1", tool] + arguments)
        return (run.status, String(decoding: run.output, as: UTF8.self))
    }

    static func module(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-command-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    @Test("lists every CommandLayer type of the module on its one Plugin type; comments and other types are not commands")
    func lists() throws {
        let dir = try Self.module([
            "ScratchPlugin.swift": "public struct ScratchPlugin: Plugin {\n    public let name = \"scratch\"\n}\n",
            "ZedCommand.swift": "enum ZedCommand: CommandLayer {\n}\n// enum FakeCommand: CommandLayer {\nstruct Helper: Sendable {}\n",
            "AlphaCommand.swift": "enum AlphaCommand: CommandLayer, Sendable {\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out/CommandList.swift")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let sources = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.map { dir.appendingPathComponent($0).path }
        let run = try ChildProcess.run(Self.tool, [output.path] + sources)
        #expect(run.status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("extension ScratchPlugin {"))
        #expect(text.contains("[AlphaCommand.command(self), ZedCommand.command(self)]"))
        #expect(!text.contains("Fake") && !text.contains("Helper"))
    }

    @Test("every way a conformance is written is listed: no space, an extension, attributes and modifiers on its line, among others")
    func readsEveryForm() throws {
        let dir = try Self.module([
            "ScratchPlugin.swift": "@available(macOS 13, *) public final class ScratchPlugin:Plugin, Sendable {\n    let host: Plugin? = nil\n}\n",
            "Forms.swift": """
            enum Spaced: CommandLayer {}
            enum Tight:CommandLayer {}
            enum Later {}
            extension Later: CommandLayer {}
            @MainActor public enum Attributed: Sendable, BridgeCall.CommandLayer {}
            struct Composed: Sendable & CommandLayer {}
            enum Among: Equatable, Hashable,
                CommandLayer {}
            func use<T: CommandLayer>(_ t: T.Type, any: any CommandLayer.Type) where T: CommandLayer {}
            let text = "enum InString: CommandLayer {}" /* enum InComment: CommandLayer {} */
            enum `Ticked`: CommandLayer {}
            enum Outer {}
            extension Outer.Qualified: CommandLayer {}
            let nested = "\\(flag ? "{" : "enum InInterpolation: CommandLayer {")"
            let raw = #"\\#(count) "enum InRaw: CommandLayer {}" "#
            let quote = #/"enum InRegex: CommandLayer {/#
            """,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("CommandList.swift")
        let run = try Self.runWithErrors([output.path] + ["ScratchPlugin.swift", "Forms.swift"].map { dir.appendingPathComponent($0).path })
        #expect(run.status == 0, "\(run.text)")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("extension ScratchPlugin {"))
        #expect(text.contains("[Among.command(self), Attributed.command(self), Composed.command(self), Later.command(self), "
                              + "Outer.Qualified.command(self), Spaced.command(self), Ticked.command(self), Tight.command(self)]"))
        for hidden in ["InString", "InComment", "InInterpolation", "InRaw", "InRegex"] { #expect(!text.contains(hidden)) }
    }

    @Test("a generic or nested command type is a build error naming its file and line, not a skipped command", arguments: [
        ("struct Generic<T>: CommandLayer {}\n", "Forms.swift:1: cannot read the generic type"),
        ("enum Outer {\n    enum Inner: CommandLayer {}\n}\n", "Forms.swift:2: Inner conforms to CommandLayer inside another type"),
        ("protocol MyLayer: CommandLayer {}\n", "Forms.swift:1: the protocol MyLayer refines CommandLayer"),
        ("let s = \"\"\"\n  a \\\n  b\n  \"\"\"\nstruct G<T>: CommandLayer {}\n", "Forms.swift:5: cannot read the generic type"),
    ])
    func refusesWhatItCannotName(source: String, message: String) throws {
        let dir = try Self.module(["P.swift": "struct P: Plugin {}\n", "Forms.swift": source])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("CommandList.swift")
        let run = try Self.runWithErrors([output.path] + ["P.swift", "Forms.swift"].map { dir.appendingPathComponent($0).path })
        #expect(run.status == 1)
        #expect(run.text.contains(message), "\(run.text)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a module with commands but no Plugin type (or two) is a build error that says so")
    func refuses() throws {
        let dir = try Self.module(["PingCommand.swift": "enum PingCommand: CommandLayer {\n}\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try ChildProcess.run(Self.tool, [dir.appendingPathComponent("CommandList.swift").path, dir.appendingPathComponent("PingCommand.swift").path])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("CommandList.swift").path))
    }
}

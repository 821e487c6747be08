@testable import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Foundation
import Testing

let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/apps").path
let vanilla = (apps as NSString).appendingPathComponent("vanilla")

func temporaryFolder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-app-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("--app: the project's configuration")
struct AppConfigTests {
    @Test("a project folder or its src-tauri, as Tauri's CLI reads it")
    func reads() throws {
        for path in [vanilla, (vanilla as NSString).appendingPathComponent("src-tauri")] {
            let config = try AppConfig.load(path, platform: "android")
            #expect(config.identifier == "com.vanilla.app")
            #expect(config.name == "vanilla")
            #expect(config.version == "0.1.0")
            #expect(config.withGlobalTauri)
            #expect(config.windows == [AppConfig.Window(label: "main", title: "vanilla", width: 800, height: 600)])
            #expect(config.frontendDist == (vanilla as NSString).appendingPathComponent("src"))
            #expect(config.capabilities?.hasSuffix("src-tauri/capabilities") == true)
            #expect(config.assetProtocolEnabled && config.assetScope.allow == ["$APPDATA/**"])
            #expect(config.files.count == 1)
        }
    }

    @Test("tauri.<platform>.conf.json is merged over it (RFC 7396: arrays replaced, null deletes)")
    func platformMerge() throws {
        let config = try AppConfig.load(vanilla, platform: "ios")
        #expect(config.files.last?.hasSuffix("tauri.ios.conf.json") == true)
        #expect(config.productName == "Vanilla iOS")
        #expect(config.windows.map(\.title) == ["vanilla on iOS"])
        #expect(config.windows.first?.width == 390)
        #expect(config.withGlobalTauri, "keys the patch does not name are kept")
        let patched = MergePatch.apply(["a": ["b": .null, "c": 2], "d": [1]], to: ["a": ["b": 1, "e": 3], "d": [0, 0]])
        #expect(patched == ["a": ["c": 2, "e": 3], "d": [1]])
    }

    @Test("Tauri.toml and tauri.conf.json5 are read; version may name a package.json")
    func otherFormats() throws {
        let toml = temporaryFolder()
        try "identifier = \"com.toml.app\"\nversion = \"../package.json\"\n[app]\nwithGlobalTauri = true\n[[app.windows]]\nlabel = \"first\"\n"
            .write(toFile: "\(toml)/Tauri.toml", atomically: true, encoding: .utf8)
        try #"{"version": "2.3.4"}"#.write(toFile: (toml as NSString).deletingLastPathComponent + "/package.json", atomically: true, encoding: .utf8)
        let t = try AppConfig.load(toml, platform: "ios")
        #expect(t.identifier == "com.toml.app" && t.withGlobalTauri && t.windows.map(\.label) == ["first"])
        #expect(t.version == "2.3.4")
        let json5 = temporaryFolder()
        try """
        // JSON5: comments, unquoted keys, single quotes, trailing commas
        { identifier: 'com.json5.app', productName: "It's", version: '1.0.0',
          app: { windows: [ { label: 'main', width: .5e3, }, ], /* block */ }, }
        """.write(toFile: "\(json5)/tauri.conf.json5", atomically: true, encoding: .utf8)
        let j = try AppConfig.load(json5, platform: "ios")
        #expect(j.identifier == "com.json5.app" && j.productName == "It's" && j.windows.first?.width == 500)
    }

    @Test("a folder that is not a Tauri project, or a config without identifier, says what to give")
    func problems() throws {
        let empty = temporaryFolder()
        #expect(throws: AppSetupError.self) { try AppConfig.load(empty, platform: "ios") }
        do { _ = try AppConfig.load(empty, platform: "ios") } catch { #expect(error.message.contains("no tauri.conf.json")) }
        try #"{"productName": "x"}"#.write(toFile: "\(empty)/tauri.conf.json", atomically: true, encoding: .utf8)
        do { _ = try AppConfig.load(empty, platform: "ios"); Issue.record("no identifier accepted") } catch {
            #expect(error.message.contains("`identifier` is missing"))
        }
        do { _ = try AppConfig.load("/no/such/folder", platform: "ios"); Issue.record("accepted") } catch {
            #expect(error.message.contains("no such folder"))
        }
    }

    @Test("the platform's origin, as Tauri's webview manager builds it")
    func origins() throws {
        let config = try AppConfig.load(vanilla, platform: "ios")
        #expect(config.origin(platform: "ios") == "tauri://localhost")
        #expect(config.origin(platform: "macos") == "tauri://localhost")
        #expect(config.origin(platform: "android") == "http://tauri.localhost")
        #expect(config.origin(platform: "windows") == "http://tauri.localhost")
    }
}

@Suite("The app's own commands, from its Rust sources")
struct RustCommandTests {
    @Test("every registered #[tauri::command], injected arguments left out, keys as Tauri reads them")
    func scan() throws {
        let commands = AppCommands.scan(root: (vanilla as NSString).appendingPathComponent("src-tauri"))
        #expect(commands.names == ["count_words", "greet", "save_note", "stream_progress"])
        #expect(!commands.has("unregistered"), "defined but not in generate_handler!")
        #expect(!commands.has("ghost") && !commands.has("in_a_string"), "comments and strings are not code")
        let greet = try #require(commands.commands["greet"])
        #expect(greet.arguments == [RustArgument(name: "name", key: "name", type: .borrowedString)])
        #expect(greet.returnType == "String")
        let save = try #require(commands.commands["save_note"])
        #expect(save.snakeCaseKeys)
        #expect(save.arguments.map(\.key) == ["note_title", "body", "tags"], "State and AppHandle are injected")
        #expect(save.arguments.map(\.type) == [.string, .option(.string), .sequence(.string)])
        #expect(save.returnType == "Result<u32, String>")
        let count = try #require(commands.commands["count_words"])
        #expect(count.arguments.map(\.key) == ["textBody", "maxCount"], "camelCase by default")
        #expect(count.arguments.map(\.type) == [.string, .integer("u8")])
        #expect(commands.commands["stream_progress"]?.arguments.map(\.type) == [.channel])
    }

    @Test("generics, lifetimes, pub(crate) and attributes between")
    func shapes() {
        let source = RustSource("""
        #[tauri::command]
        #[allow(unused)]
        pub(crate) async fn load<R: tauri::Runtime>(window: tauri::Window<R>, map: HashMap<String, Vec<u8>>, r#ref: &'a str, n: f64) -> Result<(), Error> where R: Send {}
        #[command] fn bare(x: i32) {}
        fn main() { tauri::generate_handler![load, crate::bare]; }
        """, file: "x.rs")
        let found = source.commands().commands
        #expect(found.map(\.name) == ["load", "bare"])
        #expect(found.first?.arguments.map(\.type) == [.map, .borrowedString, .float("f64")])
        #expect(source.handlerNames() == ["load", "bare"])
    }
}

@Suite("Tauri's argument binding")
struct TauriArgumentsTests {
    let greet = [RustArgument(name: "name", key: "name", type: .string)]

    @Test("a missing key, in Tauri's words")
    func missing() {
        let refusal = TauriArguments.refusal(.object(JSONObject()), arguments: greet, command: "greet")
        #expect(refusal?.message == "invalid args `name` for command `greet`: command greet missing required key name")
        #expect(refusal?.code == .invalidParams)
    }

    @Test("serde_json's type errors", arguments: [
        (JSON.integer(1), RustType.string, "invalid type: integer `1`, expected a string"),
        (JSON.integer(1), RustType.borrowedString, "invalid type: integer `1`, expected a borrowed string"),
        (.null, .string, "invalid type: null, expected a string"),
        (.string("a"), .bool, "invalid type: string \"a\", expected a boolean"),
        (.number(JSONNumber(text: "1.5")!), .integer("u32"), "invalid type: floating point `1.5`, expected u32"),
        (.integer(300), .integer("u8"), "invalid value: integer `300`, expected u8"),
        (.integer(-1), .integer("u32"), "invalid value: integer `-1`, expected u32"),
        (["a": 1], .sequence(.string), "invalid type: map, expected a sequence"),
        ([1], .sequence(.string), "invalid type: integer `1`, expected a string"),
        (.string("x"), .channel, "invalid channel value `\"x\"`, expected a string in the `__CHANNEL__:ID` format"),
    ] as [(JSON, RustType, String)])
    func mismatch(value: JSON, type: RustType, message: String) {
        #expect(TauriArguments.mismatch(value, type) == message)
    }

    @Test("Option reads a missing or null key as None; any value binds an unknown type")
    func optional() {
        let args = [RustArgument(name: "body", key: "body", type: .option(.string)), RustArgument(name: "p", key: "p", type: .any("Person"))]
        #expect(TauriArguments.refusal(["p": ["name": "ferris"]], arguments: args, command: "c") == nil)
        #expect(TauriArguments.refusal(["body": .null, "p": 1], arguments: args, command: "c") == nil)
        #expect(TauriArguments.refusal(["p": 1, "body": 2], arguments: args, command: "c")?.message
                == "invalid args `body` for command `c`: invalid type: integer `2`, expected a string")
    }
}

@Suite("Fixtures")
struct FixturesTests {
    let fixtures = try! Fixtures.parse([
        "$schema": "x",
        "greet": ["result": "Hello, {{name}}! You've been greeted from Rust!"],
        "plugin:x|y": [["args": ["user": "alice"], "result": ["id": "{{user}}"]], ["error": ["code": "NoPasskey"]]],
    ], file: "f.json")

    @Test("the first answer whose args match; {{key}} is the argument")
    func answers() {
        #expect(fixtures.answer("greet", payload: ["name": "Ada"]) == .success("Hello, Ada! You've been greeted from Rust!"))
        #expect(fixtures.answer("plugin:x|y", payload: ["user": "alice"]) == .success(["id": "alice"]))
        #expect(fixtures.answer("plugin:x|y", payload: ["user": "bob"]) == .failure(Fixtures.JSONError(value: ["code": "NoPasskey"])))
        #expect(fixtures.answer("other", payload: [:]) == nil)
        #expect(fixtures.commands == ["greet", "plugin:x|y"])
    }

    @Test("a malformed file is refused with the command and what to write", arguments: [
        (JSON.array([]), "expected an object of command names"),
        (["greet": 1], "greet: expected an answer"),
        (["greet": [:]], "needs \"result\""),
        (["greet": ["result": 1, "error": 2]], "has both"),
        (["greet": ["reslt": 1]], "unknown key 'reslt'"),
        (["greet": ["args": 1, "result": 1]], "greet.args: expected an object"),
    ] as [(JSON, String)])
    func malformed(json: JSON, message: String) {
        do { _ = try Fixtures.parse(json, file: "f.json"); Issue.record("accepted \(json)") } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}

@Suite("The surface the bridge does not simulate")
struct AppSurfaceTests {
    let registry = CommandRegistry()

    func run(_ surface: AppSurface, _ method: String, _ params: JSON) async -> Result<JSON, ResponseError> {
        let router = Router(registry: registry, fallback: surface)
        switch router.prepare(method: method, params: params, context: CallContext()) {
        case .failure(let e): return .failure(e)
        case .success(let call): return await router.run(call).map(\.result)
        }
    }

    @Test("an app command is bound as Tauri binds it, then answered by its fixture")
    func appCommand() async throws {
        let commands = AppCommands.scan(root: (vanilla as NSString).appendingPathComponent("src-tauri"))
        let fixtures = try Fixtures.parse(["greet": ["result": "Hello, {{name}}!"]], file: "f.json")
        let surface = AppSurface(commands: commands, fixtures: fixtures)
        #expect(await run(surface, "greet", ["name": "Ada"]) == .success("Hello, Ada!"))
        let missing = await run(surface, "greet", [:])
        #expect(missing.failure?.message == "invalid args `name` for command `greet`: command greet missing required key name")
        #expect(surface.ledger.commands.isEmpty, "a refused call was answered")
    }

    @Test("nothing answers: the error names the command and both ways to answer it, and the ledger keeps it")
    func unanswered() async throws {
        let commands = AppCommands.scan(root: (vanilla as NSString).appendingPathComponent("src-tauri"))
        let surface = AppSurface(commands: commands, foreign: ["frak-webauthn"])
        let heard = LockedList()
        surface.ledger.observe { notice, _ in heard.append(notice) }
        let error = try #require(await run(surface, "count_words", ["textBody": "a b", "maxCount": 3]).failure)
        #expect(error.message.contains("count_words (app command) has no answer"))
        #expect(error.message.contains("--fixtures FILE") && error.message.contains("bridge.handle('count_words'"))
        #expect(error.data["fixture"] == ["count_words": ["result": .null]])
        _ = await run(surface, "plugin:frak-webauthn|register", ["user": "a"])
        _ = await run(surface, "plugin:frak-webauthn|register", ["user": "b"])
        _ = await run(surface, "nope", [:])
        #expect(surface.ledger.commands.map(\.command) == ["count_words", "plugin:frak-webauthn|register", "nope"])
        #expect(surface.ledger.commands.map(\.calls) == [1, 2, 1])
        #expect(heard.items.count == 3, "an unknown bare name is answered not-found with a did-you-mean, not announced")
        #expect(heard.items.first?["command"] == "count_words")
        let summary = try #require(surface.ledger.summary)
        #expect(summary.contains("4 calls of 3 commands had no answer"))
        #expect(summary.contains(#"{"count_words":{"result":null},"plugin:frak-webauthn|register":{"result":null}}"#))
    }

    @Test("a plugin the bridge does not host: answered unchecked when a capability names it or a fixture answers it, else left to the ACL")
    func foreign() async throws {
        let fixtures = try Fixtures.parse(["plugin:frak-webauthn|register": ["error": "cancelled"]], file: "f.json")
        let open = AppSurface(fixtures: fixtures)
        let router = Router(registry: registry, fallback: open)
        let call = try router.prepare(method: "plugin:frak-webauthn|register", params: [:], context: CallContext()).get()
        #expect(call.warnings.map(\.code) == ["acl_unchecked"])
        let rejected = await router.run(call)
        #expect(rejected.failure?.message == "cancelled" && rejected.failure?.data["rejection"] == "cancelled")
        #expect(AppSurface(foreign: ["other"]).resolve("plugin:frak-webauthn|register", registry: registry) == nil)
        #expect(AppSurface(foreign: ["frak-webauthn"]).resolve("plugin:frak-webauthn|register", registry: registry) != nil)
    }
}

final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [JSON] = []
    func append(_ j: JSON) { lock.lock(); list.append(j); lock.unlock() }
    var items: [JSON] { lock.lock(); defer { lock.unlock() }; return list }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f }; return nil }
}

let passkey = (apps as NSString).deletingLastPathComponent + "/plugins/tauri-plugin-passkey"

@Suite("--plugin-dir: a plugin read from its own files")
struct PluginFolderTests {
    @Test("its name, commands, permission files and Rust signatures, as its build declares them")
    func reads() throws {
        let folder = try PluginFolder.load(passkey)
        #expect(folder.name == "passkey", "Builder::new(\"passkey\") in src/lib.rs")
        #expect(folder.commands == ["register", "authenticate", "forget_all"], "build.rs's COMMANDS")
        #expect(folder.permissionFiles.map(\.path) == ["autogenerated/commands/authenticate.toml", "autogenerated/commands/forget_all.toml",
                                                       "autogenerated/commands/register.toml", "default.toml"], "schemas/ left out")
        #expect(folder.signatures["forget_all"]?.arguments.map(\.key) == ["userName", "everywhere"], "AppHandle injected, camelCase keys")
        #expect(folder.signatures["register"] == nil, "a native-only command has no Rust signature")
    }

    @Test("a folder that is not a plugin says what is missing")
    func problems() throws {
        let empty = temporaryFolder()
        do { _ = try PluginFolder.load(empty); Issue.record("accepted") } catch { #expect(error.message.contains("no permissions/ folder")) }
        try FileManager.default.createDirectory(atPath: empty + "/permissions", withIntermediateDirectories: true)
        do { _ = try PluginFolder.load(empty); Issue.record("accepted") } catch { #expect(error.message.contains("cannot tell the plugin's name")) }
        try "[package]\nname = \"tauri-plugin-empty\"\n".write(toFile: empty + "/Cargo.toml", atomically: true, encoding: .utf8)
        // No commands (as single-instance has none): it loads, with nothing to call.
        #expect(try PluginFolder.load(empty).commands.isEmpty)
        #expect(try PluginFolder.load(empty).name == "empty")
    }

    @Test("COMMANDS and the builder's name read from real shapes")
    func parsers() {
        #expect(PluginFolder.buildCommands("const COMMANDS: &[&str] = &[\n    \"vibrate\",\n    \"impact_feedback\",\n];") == ["vibrate", "impact_feedback"])
        #expect(PluginFolder.builderName("Builder::<R>::new(\"haptics\")\n .build()") == "haptics")
        #expect(PluginFolder.cargoName("[workspace]\nname = \"x\"\n[package]\nname = \"tauri-plugin-store\"\n") == "tauri-plugin-store")
    }
}

@Suite("The app manifest, from build.rs")
struct AppManifestTests {
    @Test("AppManifest::commands is read from a literal list or the const it names", arguments: [
        (#"tauri_build::try_build(tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(&["greet", "sign"]))).unwrap();"#,
         ["greet", "sign"]),
        ("const APP_COMMANDS: &[&str] = &[\"greet\"];\nfn main() { tauri_build::try_build(Attributes::new().app_manifest(AppManifest::new().commands(APP_COMMANDS))).unwrap(); }",
         ["greet"]),
        ("fn main() {\n    // .app_manifest(AppManifest::new().commands(&[\"old\"]))\n    tauri_build::build()\n}", []),
        ("fn main() { tauri_build::build() }", []),
    ])
    func commands(_ source: String, _ expected: [String]) {
        #expect(AppManifest.commands(buildScript: source) == expected)
    }

    @Test("the app's permission files are read; a listed command's autogenerated file is generated, not read")
    func files() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/permissions/autogenerated", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/permissions/schemas", withIntermediateDirectories: true)
        try #"fn main() { tauri_build::try_build(Attributes::new().app_manifest(AppManifest::new().commands(&["greet"]))).unwrap(); }"#
            .write(toFile: root + "/build.rs", atomically: true, encoding: .utf8)
        for file in ["permissions/autogenerated/greet.toml", "permissions/schemas/schema.json", "permissions/default.toml"] {
            try "[default]\npermissions = []\n".write(toFile: root + "/" + file, atomically: true, encoding: .utf8)
        }
        let manifest = AppManifest.read(root: root)
        #expect(manifest.commands == ["greet"])
        #expect(manifest.permissionFiles.map(\.path) == ["default.toml"])
    }
}

import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeEvents
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Testing

/// A router of Tauri's core plugins alone, without an ACL: what each command answers.
private func coreRouter() throws -> Router {
    Router(registry: try CommandRegistry(plugins: CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface())))
}

/// The core plugins behind the ACL of one capability granting `permissions` to `main`.
private func guardedRouter(_ permissions: String, messages: ACLMessages) throws -> Router {
    let plugins = CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface())
    let capabilities = try Capability.decodeFile(#"{"identifier": "main", "windows": ["main"], "permissions": \#(permissions)}"#, path: "caps.json")
    let authority = try Authority(manifests: try ACLSetup.manifests(plugins), capabilities: capabilities, messages: messages)
    return Router(registry: try CommandRegistry(plugins: plugins), authority: authority)
}

/// `method` with `params` through `router`, on a Linux desktop from the `main` webview.
private func call(_ router: Router, _ method: String, _ params: JSON = [:]) async -> Result<JSON, ResponseError> {
    let context = CallContext(platform: .linux)
    switch router.prepare(method: method, params: params, context: context) {
    case .failure(let e): return .failure(e)
    case .success(let c): return await router.run(c).map(\.result)
    }
}

@Suite("Tauri's core webview plugin")
struct WebviewCorePluginTests {
    @Test("get_all_webviews names each webview's window as window_label (WebviewRef has no rename_all)")
    func allWebviews() async throws {
        let answer = await call(try coreRouter(), "plugin:webview|get_all_webviews")
        #expect(answer == .success([["label": "main", "window_label": "main"]]))
    }
}

@Suite("Tauri's core event plugin, per modelled version")
struct EventCorePluginVersionTests {
    @Test("emit_to's listener matching follows the app's Tauri: exact at 2.0.6, label-aware from 2.1.0 (#11581)")
    func matching() {
        let hub = EventHub()
        _ = CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface(), versions: .baseline)
        #expect(hub.targetMatching == .exact)
        _ = CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface(), versions: ModelledVersions(tauri: ReleaseVersion(2, 1, 0)))
        #expect(hub.targetMatching == .labelAware)
    }
}

@Suite("The ACL meets a plugin command before the registry does")
struct ACLBeforeLookupTests {
    /// Tauri 2.8.5's answers (the oracle, a release build) and 2.0.6's debug wording
    /// (`ipc/authority.rs` `resolve_access_message`) for names no permission lists.
    @Test("a name no permission lists is refused by the ACL, whatever its spelling", arguments: [
        ("plugin:|x", "Command plugin:|x not allowed by ACL", ".x not allowed. Plugin not found"),
        ("plugin:OS|hostname", "Command plugin:OS|hostname not allowed by ACL", "OS.hostname not allowed. Plugin not found"),
        ("plugin:path|isAbsolute", "Command plugin:path|isAbsolute not allowed by ACL", "path.isAbsolute not allowed. Command not found"),
        ("plugin:path|", "Command plugin:path| not allowed by ACL", "path. not allowed. Command not found"),
    ])
    func refused(method: String, terse: String, verbose: String) async throws {
        let released = await call(try guardedRouter(#"["core:default"]"#, messages: .terse), method, ["path": "/a"])
        #expect(failure(released)?.message == terse)
        let debug = await call(try guardedRouter(#"["core:default"]"#, messages: .verbose), method, ["path": "/a"])
        #expect(failure(debug)?.message == verbose)
    }

    @Test("without an ACL the registry answers: Tauri's not-found")
    func unguarded() async throws {
        #expect(failure(await call(try coreRouter(), "plugin:path|isAbsolute", ["path": "/a"]))?.message == "Command isAbsolute not found")
    }
}

private func failure(_ result: Result<JSON, ResponseError>) -> ResponseError? {
    if case .failure(let error) = result { return error }
    return nil
}

@Suite("Tauri's core path plugin: binding")
struct PathCorePluginBindingTests {
    @Test("basename takes &str: serde wants a borrowed string (tauri 2.0.6 path/plugin.rs)", arguments: [
        (["path": 1] as JSON, "invalid args `path` for command `basename`: invalid type: integer `1`, expected a borrowed string"),
        (["path": "/a/b.txt", "ext": 2] as JSON, "invalid args `ext` for command `basename`: invalid type: integer `2`, expected a borrowed string"),
    ] as [(JSON, String)])
    func basename(params: JSON, message: String) async throws {
        #expect(failure(await call(try coreRouter(), "plugin:path|basename", params))?.message == message)
    }

    @Test("dirname takes String: serde wants a string")
    func dirname() async throws {
        let answer = await call(try coreRouter(), "plugin:path|dirname", ["path": 1])
        #expect(failure(answer)?.message == "invalid args `path` for command `dirname`: invalid type: integer `1`, expected a string")
    }
}

@Suite("Tauri's core image plugin (tauri 2.0.6 image/plugin.rs)")
struct ImageCorePluginTests {
    @Test("new holds the image in the webview's table: size and rgba read it back, resources close ends it")
    func lifecycle() async throws {
        let r = try coreRouter()
        let rgba: JSON = .array(Array(repeating: [255, 0, 0, 255] as [JSON], count: 4).flatMap { $0 })
        let rid = try await call(r, "plugin:image|new", ["rgba": rgba, "width": 2, "height": 2]).get()
        #expect(try await call(r, "plugin:image|size", ["rid": rid]).get() == ["width": 2, "height": 2])
        #expect(try await call(r, "plugin:image|rgba", ["rid": rid]).get() == rgba)
        #expect(try await call(r, "plugin:resources|close", ["rid": rid]).get() == .null)
        let n = rid.numberValue?.text ?? "?"
        #expect(failure(await call(r, "plugin:image|size", ["rid": rid]))?.message == "The resource id \(n) is invalid.")
        #expect(failure(await call(r, "plugin:resources|close", ["rid": rid]))?.message == "The resource id \(n) is invalid.")
    }

    @Test("Tauri's answers: a short buffer is kept as given, arguments bound, unknown ids and formats refused", arguments: [
        ("plugin:image|new", #"{"rgba": [1, 2, 3], "width": 2, "height": 2}"#, nil),
        ("plugin:image|new", #"{"rgba": [1], "height": 2}"#, "invalid args `width` for command `new`: command new missing required key width"),
        ("plugin:image|new", #"{"rgba": [256], "width": 1, "height": 1}"#, "invalid args `rgba` for command `new`: invalid value: integer `256`, expected u8"),
        ("plugin:image|from_bytes", #"{"bytes": [1, 2, 3]}"#, "failed to process image: The image format could not be determined"),
        ("plugin:image|from_path", #"{"path": "/nonexistent/oracle.png"}"#, "No such file or directory (os error 2)"),
        ("plugin:image|size", #"{"rid": 4242}"#, "The resource id 4242 is invalid."),
        ("plugin:image|rgba", #"{"rid": 4242}"#, "The resource id 4242 is invalid."),
    ] as [(String, String, String?)])
    func answers(method: String, params: String, refusal: String?) async throws {
        let answer = await call(try coreRouter(), method, try JSONParser.parse(params))
        #expect(failure(answer)?.message == refusal)
    }

    @Test("a PNG is a format the bridge does not decode: a fixture or handler answers it, and says so")
    func png() async throws {
        let png: JSON = .array([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0].map { .number(JSONNumber($0)) })
        let message = failure(await call(try coreRouter(), "plugin:image|from_bytes", ["bytes": png]))?.message ?? ""
        #expect(message.contains("plugin:image|from_bytes (core plugin image: decoding not simulated) has no answer"), "\(message)")
    }
}

@Suite("each core plugin declares the commands it builds at its first call")
struct CorePluginNamesTests {
    @Test("the names a core plugin registers by are the commands it builds, at every version modelled",
          arguments: ["2.0.6", "2.7.0", "2.8.5", "2.9.0", "2.11.1"])
    func namesAreCommands(_ tauri: String) throws {
        let versions = ModelledVersions(tauri: try #require(ReleaseVersion(tauri)))
        for plugin in CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface(), versions: versions) {
            // Building the commands checks them against the names (KitPlugin's precondition).
            #expect(plugin.commands.map(\.name).sorted() == plugin.commandNames.sorted(), "\(plugin.name) at \(tauri)")
        }
    }
}

@testable import BridgeACL
import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import Foundation
import TestSupport
import Testing

/// The real frak-share plugin's permission files, as the bridge hosts them.
func frakShareManifest() throws -> PluginManifest {
    let base = try SharedConformance.folder("frak-share/permissions")
    var files: [(path: String, text: String)] = []
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".toml") else { continue }
        files.append((relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
    }
    return try PluginManifest.load(plugin: "frak-share", files: files.sorted { $0.path < $1.path })
}

/// `value` with the member at `path` set (objects created on the way).
func setting(_ value: JSON, _ path: ArraySlice<String>, to new: JSON) -> JSON {
    guard let key = path.first else { return new }
    var object = value.objectValue ?? JSONObject()
    object[key] = setting(object[key] ?? .null, path.dropFirst(), to: new)
    return .object(object)
}

let shareText = CommandName(plugin: "frak-share", command: "share_text")!

/// A scratch copy of a real app's `src-tauri/`, removed when the test ends.
struct ScratchApp: ~Copyable {
    let root: URL
    var capabilities: URL { root.appendingPathComponent("capabilities") }

    init(copying app: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-app-\(UUID().uuidString)/src-tauri")
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try SharedConformance.folder("tauri-apps/\(app)/src-tauri"), to: root)
    }

    deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
}

@Suite("Real Tauri apps' capability folders (tauri-apps)", SharedConformance.required)
struct TauriAppsConformanceTests {
    /// Each app, and the capabilities in force on linux and on android once its `tauri.conf.json`
    /// selection and the capabilities' `platforms` apply.
    static let apps: [(app: String, linux: [String], android: [String])] = [
        ("pw-api", ["run-app-base", "run-app-desktop"], ["run-app-base", "run-app-mobile"]),
        ("pw-deep-link", ["run-app-base"], ["run-app-base"]),
        ("tauri-api", ["run-app", "secondary-window"], ["run-app", "secondary-window"]),
        ("tauri-resources", ["app"], ["app"]),
        ("tauri-template", ["default"], ["default"]),
    ]

    @Test("every folder loads unchanged, with its tauri.conf.json selection and platforms", arguments: apps.map(\.app))
    func loads(app: String) throws {
        let expected = try #require(TauriAppsConformanceTests.apps.first { $0.app == app })
        let capabilities = try CapabilitySource.load(try SharedConformance.folder("tauri-apps/\(app)/src-tauri/capabilities").path)
        #expect(capabilities.filter { $0.isActive(on: "linux") }.map(\.identifier).sorted() == expected.linux)
        #expect(capabilities.filter { $0.isActive(on: "android") }.map(\.identifier).sorted() == expected.android)
        // Core permissions with a second separator are read as Tauri reads them.
        let prefixes = Set(capabilities.flatMap { $0.permissions.compactMap(\.identifier.prefix) })
        #expect(prefixes.contains { $0 == "core" || $0.hasPrefix("core:") })
    }

    @Test("share_text is refused as the files say: no capability of these apps grants frak-share", arguments: apps.map(\.app))
    func shareTextRefused(app: String) throws {
        let capabilities = try CapabilitySource.load(try SharedConformance.folder("tauri-apps/\(app)/src-tauri/capabilities").path)
        let authority = try Authority(manifests: ["frak-share": try frakShareManifest()], capabilities: capabilities)
        for platform in [Platform.linux, .android, .ios] {
            guard case .failure(let refusal) = authority.authorize(shareText, context: CallContext(window: "main", platform: platform)) else {
                Issue.record("\(app): share_text allowed on \(platform)")
                continue
            }
            #expect(refusal.code == .notAllowed)
            #expect(refusal.message.hasPrefix("frak-share.share_text not allowed. Permissions associated with this command: frak-share:allow-share-text"))
        }
    }

    @Test("share_text is allowed where an app's capability grants frak-share:default, for its windows only")
    func shareTextAllowed() throws {
        let app = try ScratchApp(copying: "tauri-api")
        // The app's own capability file, with one more permission, as a developer would add it.
        let file = app.capabilities.appendingPathComponent("main.json")
        var capability = try JSONParser.parse([UInt8](try Data(contentsOf: file)))
        capability = setting(capability, ["permissions"], to: .array((capability["permissions"]?.arrayValue ?? []) + ["frak-share:default"]))
        try capability.serialized().write(to: file, atomically: true, encoding: .utf8)
        let authority = try Authority(manifests: ["frak-share": try frakShareManifest()], capabilities: try CapabilitySource.load(app.capabilities.path))
        #expect((try? authority.authorize(shareText, context: CallContext(window: "main-2")).get()) != nil)
        guard case .failure(let refusal) = authority.authorize(shareText, context: CallContext(window: "main")) else {
            Issue.record("allowed on window main, which secondary-window (main-*) does not name")
            return
        }
        #expect(refusal.message.contains(#"not allowed on window "main""#))
    }

    @Test("a selection in tauri.conf.json keeps the named capabilities and adds inline ones")
    func selection() throws {
        let app = try ScratchApp(copying: "tauri-api")
        let conf = app.root.appendingPathComponent("tauri.conf.json")
        let json = try JSONParser.parse([UInt8](try Data(contentsOf: conf)))
        let selection: ArraySlice = ["app", "security", "capabilities"]
        try setting(json, selection, to: ["secondary-window", ["identifier": "inline", "windows": ["x"], "permissions": ["core:window:allow-theme"]]])
            .serialized().write(to: conf, atomically: true, encoding: .utf8)
        #expect(try CapabilitySource.load(app.capabilities.path).map(\.identifier) == ["secondary-window", "inline"])

        try setting(json, selection, to: ["run-app", "no-such-capability"]).serialized().write(to: conf, atomically: true, encoding: .utf8)
        #expect {
            try CapabilitySource.load(app.capabilities.path)
        } throws: { error in
            "\(error)".contains("app.security.capabilities names 'no-such-capability', which no capability file defines; known: run-app, secondary-window")
        }
    }
}

@testable import BridgeApp
import BridgeCall
import Foundation
import Testing

/// A project folder holding `files` (path under the folder → text); its src-tauri's path.
private func project(_ files: [String: String]) throws -> String {
    let root = NSTemporaryDirectory() + "versions-\(UUID().uuidString)"
    for (path, text) in files {
        let file = root + "/" + path
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return root + "/src-tauri"
}

@Suite("The versions an app pins, read from its lockfiles")
struct AppVersionsTests {
    @Test("a release number is read from what Cargo and npm write", arguments: [
        ("2.8.5", "2.8.5"), ("^2.8.5", "2.8.5"), ("~2.4", "2.4.0"), ("=2.11.1", "2.11.1"), (">=2.1", "2.1.0"), ("2", "2.0.0"),
        ("v2.3.3", "2.3.3"), ("2.0.0-rc.3", "2.0.0-rc.3"), ("2.5.1+build.7", "2.5.1"), (" \"2.9.0\" ", "2.9.0"),
    ])
    func releaseParses(text: String, expected: String) {
        #expect(ReleaseVersion(text)?.description == expected)
    }

    @Test("what is not a single version is not read", arguments: ["", "*", "latest", "2.x", "git+https://x", "1.2.3.4", "a.b.c", "2..1", ">=2 <3"])
    func releaseRefuses(text: String) {
        #expect(ReleaseVersion(text) == nil)
    }

    @Test("releases order as semver: a pre-release before its release, numbers as numbers")
    func releaseOrder() throws {
        let ordered = ["2.0.0-rc.3", "2.0.0", "2.0.6", "2.4.1", "2.10.0", "2.11.1"].compactMap(ReleaseVersion.init)
        #expect(ordered == ordered.sorted())
        #expect(try #require(ReleaseVersion("2.10.0")) > #require(ReleaseVersion("2.9.9")))
    }

    @Test("Cargo.lock pins tauri and each tauri-plugin-*; the newest of two copies of one crate")
    func cargoLock() throws {
        let root = try project([
            "src-tauri/Cargo.lock": """
            version = 4

            [[package]]
            name = "tauri"
            version = "2.11.1"

            [[package]]
            name = "tauri"
            version = "2.8.0"

            [[package]]
            name = "tauri-plugin-dialog"
            version = "2.7.0"

            [[package]]
            name = "tauri-plugin-clipboard-manager"
            version = "2.3.2"

            [[package]]
            name = "serde"
            version = "1.0.0"
            """,
        ])
        let v = AppVersions.read(root: root)
        #expect(v.tauri == ReleaseVersion(2, 11, 1))
        #expect(v.plugins == ["dialog": ReleaseVersion(2, 7, 0), "clipboard-manager": ReleaseVersion(2, 3, 2)])
        #expect(v.sources["tauri"]?.hasSuffix("src-tauri/Cargo.lock") == true)
    }

    @Test("a workspace's Cargo.lock above src-tauri is found; without one, Cargo.toml's requirements")
    func cargoFallbacks() throws {
        let workspace = try project(["Cargo.lock": "[[package]]\nname = \"tauri\"\nversion = \"2.9.3\"\n", "src-tauri/tauri.conf.json": "{}"])
        #expect(AppVersions.read(root: workspace).tauri == ReleaseVersion(2, 9, 3))
        let toml = try project(["src-tauri/Cargo.toml": """
            [dependencies]
            tauri = { version = "2.5", features = [] }
            tauri-plugin-fs = "2.4.2"

            [target.'cfg(any(target_os = "android", target_os = "ios"))'.dependencies]
            tauri-plugin-biometric = "2.3.2"
            """])
        let v = AppVersions.read(root: toml)
        #expect(v.tauri == ReleaseVersion(2, 5, 0))
        #expect(v.plugins == ["fs": ReleaseVersion(2, 4, 2), "biometric": ReleaseVersion(2, 3, 2)])
    }

    @Test("the front end's lockfile pins @tauri-apps/api and plugins; the crate's pin wins for a plugin", arguments: [
        ("package-lock.json", #"{"packages": {"": {}, "node_modules/@tauri-apps/api": {"version": "2.8.0"}, "node_modules/@tauri-apps/plugin-dialog": {"version": "2.4.0"}, "node_modules/@tauri-apps/plugin-os": {"version": "2.3.1"}}}"#),
        ("pnpm-lock.yaml", "importers:\n  .:\n    dependencies:\n      '@tauri-apps/api':\n        specifier: ^2.8.0\n        version: 2.8.0\n      '@tauri-apps/plugin-os':\n        specifier: ~2.3.1\n        version: 2.3.1(typescript@5.0.0)\n"),
        ("yarn.lock", "\"@tauri-apps/api@^2.8.0\":\n  version \"2.8.0\"\n  resolved \"x\"\n\n\"@tauri-apps/plugin-os@^2\", \"@tauri-apps/plugin-os@^2.3\":\n  version \"2.3.1\"\n"),
        ("bun.lock", "{\n  \"packages\": {\n    \"@tauri-apps/api\": [\"@tauri-apps/api@2.8.0\", \"\", {}, \"sha\"],\n    \"@tauri-apps/plugin-os\": [\"@tauri-apps/plugin-os@2.3.1\", \"\", {}],\n  }\n}"),
        ("package.json", #"{"dependencies": {"@tauri-apps/api": "^2.8.0", "@tauri-apps/plugin-os": "~2.3.1", "react": "19"}}"#),
    ])
    func frontEnd(file: String, text: String) throws {
        let root = try project([file: text, "src-tauri/Cargo.lock": "[[package]]\nname = \"tauri-plugin-dialog\"\nversion = \"2.3.3\"\n"])
        let v = AppVersions.read(root: root, over: .newest)
        #expect(v.api == ReleaseVersion(2, 8, 0), "\(file)")
        #expect(v.plugins["os"] == ReleaseVersion(2, 3, 1), "\(file)")
        #expect(v.plugins["dialog"] == ReleaseVersion(2, 3, 3), "the crate's dialog, not the JS package's")
        #expect(v.sources["@tauri-apps/api"]?.hasSuffix(file) == true)
    }

    @Test("yarn.lock's entry for the range package.json asks, not the first (plugins resolve @tauri-apps/api on their own ranges)",
          arguments: [("~2.10", ReleaseVersion(2, 10, 1)), ("^2.11.0", ReleaseVersion(2, 11, 1)), ("2.9.0", ReleaseVersion(2, 9, 0))])
    func yarnRange(range: String, expected: ReleaseVersion) throws {
        let lock = """
            "@tauri-apps/api@^2.11.0", "@tauri-apps/api@^2.8.0":
              version "2.11.1"

            "@tauri-apps/api@~2.10":
              version "2.10.1"

            "@tauri-apps/api@npm:2.9.0":
              version "2.9.0"

            """
        let root = try project(["yarn.lock": lock, "package.json": #"{"dependencies": {"@tauri-apps/api": "\#(range)"}}"#,
                                "src-tauri/tauri.conf.json": "{}"])
        #expect(AppVersions.read(root: root, over: .newest).api == expected, "\(range)")
    }

    @Test("nothing pinned: the newest modelled; a plugin not pinned follows Tauri's era")
    func defaults() throws {
        let v = AppVersions.read(root: try project(["src-tauri/tauri.conf.json": "{}"]))
        #expect(v == .newest)
        #expect(v.version(of: "dialog") == UpstreamChanges.newestPlugins["dialog"])
        #expect(ModelledVersions.baseline.version(of: "dialog") == ReleaseVersion(2, 0, 0))
        #expect(!ModelledVersions.baseline.has(UpstreamChanges.dialogMessageButtons))
        #expect(ModelledVersions.newest.has(UpstreamChanges.dialogMessageButtons))
    }

    @Test("every change in the table is dated, referenced and unique")
    func changeTable() {
        for change in UpstreamChanges.all + UpstreamChanges.notModelled {
            #expect(change.since > ReleaseVersion(2, 0, 6), "\(change.summary)")
            #expect(!change.reference.isEmpty && !change.summary.isEmpty)
        }
        #expect(Set(UpstreamChanges.all.map(\.summary)).count == UpstreamChanges.all.count)
    }

    @Test("every modelled change names a test that exists, so docs/versions.md's test column is true")
    func changeTests() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var sources = ""
        for case let file as String in FileManager.default.enumerator(atPath: tests.path) ?? FileManager.default.enumerator(atPath: "/")! where file.hasSuffix(".swift") {
            sources += (try? String(contentsOfFile: tests.appendingPathComponent(file).path, encoding: .utf8)) ?? ""
        }
        for change in UpstreamChanges.all {
            let parts = change.test.split(separator: "/")
            try #require(parts.count == 2, "\(change.summary): test is Suite/function")
            #expect(sources.contains("struct \(parts[0])") && sources.contains("func \(parts[1])("), "\(change.test) not found")
        }
    }
}

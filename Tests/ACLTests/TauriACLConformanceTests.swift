import BridgeJSON
import Foundation
import Testing
import TestSupport
@testable import BridgeACL

/// Loads one case of `tauri-acl/`: its plugins' manifests and its capabilities.
func loadCase(_ base: URL, _ name: String) throws -> (manifests: [String: PluginManifest], capabilities: [Capability]) {
    let dir = base.appendingPathComponent("capabilities/\(name)")
    let required = try JSONParser.parse([UInt8](try Data(contentsOf: dir.appendingPathComponent("required-plugins.json"))))
    var manifests: [String: PluginManifest] = [:]
    for plugin in required.arrayValue?.compactMap(\.stringValue) ?? [] {
        let folder = base.appendingPathComponent("plugins/\(plugin)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            (path: folder.appendingPathComponent($0).path, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
        manifests[plugin] = try PluginManifest.load(plugin: plugin, files: files)
    }
    var capabilities: [Capability] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasPrefix("cap") {
        let path = dir.appendingPathComponent(file)
        capabilities += try Capability.decodeFile(try String(contentsOf: path, encoding: .utf8), path: path.path)
    }
    return (manifests, capabilities)
}

@Suite("tauri-acl conformance")
struct TauriACLConformanceTests {
    /// Our own expectations where the fixtures have none: no permission of the case applies on
    /// mobile, and inactive permissions leave an empty global scope entry, as on linux.
    static let mobileExpectations: [String: JSON] = [
        "platform-specific-permissions.android": ["allowed_commands": [:], "denied_commands": [:], "global_scope": ["os": ["allow": [], "deny": []]]],
        "platform-specific-permissions.iOS": ["allowed_commands": [:], "denied_commands": [:], "global_scope": ["os": ["allow": [], "deny": []]]],
    ]

    @Test("every case resolves to its expected allowed and denied commands and global scopes", SharedConformance.required)
    func suite() throws {
        let base = try SharedConformance.folder("tauri-acl")
        let expectedFiles = try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("expected").path).sorted()
        var runs: [(name: String, caseName: String, target: String, expected: JSON)] = []
        for file in expectedFiles where file.hasSuffix(".json") {
            let stem = String(file.dropLast(5))
            let parts = stem.split(separator: ".", maxSplits: 1).map(String.init)
            let expected = try JSONParser.parse([UInt8](try Data(contentsOf: base.appendingPathComponent("expected/\(file)"))))
            runs.append((stem, parts[0], parts.count == 2 ? parts[1] : "linux", expected))
        }
        for (stem, expected) in TauriACLConformanceTests.mobileExpectations.sorted(by: { $0.key < $1.key }) {
            let parts = stem.split(separator: ".").map(String.init)
            runs.append((stem + " (ours)", parts[0], parts[1], expected))
        }
        var passed = 0
        var failed: [String] = []
        for run in runs {
            let (manifests, capabilities) = try loadCase(base, run.caseName)
            let resolved = try ResolvedACL(manifests: manifests, capabilities: capabilities, target: run.target)
            if resolved.json == run.expected {
                passed += 1
            } else {
                failed.append("\(run.name) [\(run.target)]: got \(resolved.json.serialized(JSONFormat(sortedKeys: true)))")
            }
        }
        print("tauri-acl: \(passed)/\(runs.count) resolutions match (\(runs.count - TauriACLConformanceTests.mobileExpectations.count) from Tauri's snapshots, \(TauriACLConformanceTests.mobileExpectations.count) of our own for android and iOS), 0 skipped")
        for failure in failed { print("  FAIL \(failure)") }
        #expect(failed.isEmpty)
    }

    @Test("the real frak-share permission files load unchanged and equal ours", SharedConformance.required)
    func frakShareFiles() throws {
        let base = try SharedConformance.folder("frak-share/permissions")
        var files: [(path: String, text: String)] = []
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".toml") else { continue }
            files.append((relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
        }
        #expect(!files.isEmpty)
        let real = try PluginManifest.load(plugin: "frak-share", files: files)
        #expect(real.defaultSet?.permissions == ["allow-share-text"])
        #expect(real.permissions.map(\.identifier).sorted() == ["allow-share-text", "deny-share-text"])
    }
}

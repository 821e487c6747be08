import BridgeJSON
import Foundation
import TestSupport
import Testing
@testable import BridgeACL

/// A scratch folder, removed when the test ends.
struct ScratchFolder: ~Copyable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-caps-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A capability granting `count` copies of one permission.
func capability(_ identifier: String = "big", permissions count: Int) -> String {
    #"{"identifier": "\#(identifier)", "windows": ["main"], "permissions": ["#
        + Array(repeating: #""frak-share:allow-share-text""#, count: count).joined(separator: ",") + "]}"
}

/// The message of the `ACLError` that `body` throws, or `nil`.
func loadError(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return (error as? ACLError)?.message ?? "\(error)"
    }
}

@Suite("Hostile capability files are refused with a named limit, quickly")
struct HostileCapabilityTests {
    @Test("a capability of 1,000,000 permission entries (a 30 MB file) is refused by its size, without reading it")
    func millionEntries() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("big.json", capability(permissions: 1_000_000))
        let clock = ContinuousClock.now
        let message = loadError { _ = try CapabilitySource.load(file) }
        #expect(message == "the file has 30000060 bytes; the bridge reads capability files of at most 4 MiB")
        #expect(ContinuousClock.now - clock < .seconds(10))
    }

    @Test("one permission past the limit is refused, naming it; the limit itself loads")
    func permissionLimit() throws {
        let limit = Capability.maxPermissions
        #expect(loadError { _ = try Capability.decodeFile(capability(permissions: limit + 1), path: "c.json") }
                == "capability 'big' lists \(limit + 1) permissions; a capability may list at most \(limit)")
        let clock = ContinuousClock.now
        let loaded = try Capability.decodeFile(capability(permissions: limit), path: "c.json")
        let manifest = try PluginManifest.load(plugin: "frak-share", files: [("default.toml", """
            [[permission]]
            identifier = "allow-share-text"
            commands.allow = ["share_text"]
            """)])
        _ = try Authority(manifests: ["frak-share": manifest], capabilities: loaded)
        // Generous: about a second in a debug build on a loaded machine.
        #expect(ContinuousClock.now - clock < .seconds(60))
    }

    @Test("permissions are counted across all capabilities of a folder")
    func permissionsInAll() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("a.json", capability("a", permissions: Capability.maxPermissions))
        _ = try folder.write("b.json", capability("b", permissions: 1))
        #expect(loadError { _ = try CapabilitySource.load(folder.url.path) }
                == "the capabilities list \(Capability.maxPermissions + 1) permissions in all; the bridge loads at most \(Capability.maxPermissions)")
    }

    @Test("more capabilities than the limit are refused")
    func capabilityCount() throws {
        let folder = try ScratchFolder()
        let many = (0...CapabilitySource.maxCapabilities).map { #"{"identifier": "c\#($0)"}"# }.joined(separator: ",")
        let file = try folder.write("many.json", "[\(many)]")
        #expect(loadError { _ = try CapabilitySource.load(file) } == "more than \(CapabilitySource.maxCapabilities) capabilities, the most the bridge loads")
    }

    @Test("a capability path that is not a regular file is refused, never read forever")
    func notRegular() {
        #expect(loadError { _ = try CapabilitySource.load("/dev/zero") } == "cannot read the file: not a regular file")
    }

    @Test("a TOML capability nested 50,000 deep is a load error naming the limit")
    func deepTOML() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("deep.toml", "identifier = \"x\"\nwindows = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000))
        #expect(loadError { _ = try CapabilitySource.load(file) } == "invalid TOML: tables and arrays nest deeper than 128 levels")
    }

    @Test("a permission file nested past the limit is a load error naming the limit", arguments: [
        "[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]",
        "[[permission]]\nidentifier = \"x\"\nscope.allow = [" + String(repeating: "{a=", count: 50_000) + "1" + String(repeating: "}", count: 50_000) + "]",
    ].map(LongText.init))
    func deepPermissionFile(long: LongText) {
        let text = long.text
        let message = loadError { _ = try PluginManifest.load(plugin: "demo", files: [("deep.toml", text)]) }
        #expect(message?.hasSuffix("tables and arrays nest deeper than 128 levels") == true, "\(message ?? "loaded")")
    }
}

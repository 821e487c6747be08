import BridgeCorePlugins
import BridgeKit
import BridgeDevice
@testable import BridgeOfficialPlugins
import BridgeSandbox
import Foundation
import Testing

@Suite("The asset protocol's files: the sandbox within app.security.assetProtocol.scope")
struct FsAssetFilesTests {
    /// A sandbox with the Android app's data folder holding `pic.png`, `.hidden` and `sub/deep.txt`.
    func files(allow: [String] = ["$APPDATA/**"], deny: [String] = [], dot: Bool? = nil) throws -> (FsAssetFiles, String, () -> Void) {
        let root = NSTemporaryDirectory() + "bridge-asset-\(UUID().uuidString)"
        let data = root + "/android/data/user/0/com.example.app"
        try FileManager.default.createDirectory(atPath: data + "/sub", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: data + "/pic.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]))
        FileManager.default.createFile(atPath: data + "/.hidden", contents: Data("secret".utf8))
        FileManager.default.createFile(atPath: data + "/sub/deep.txt", contents: Data("deep".utf8))
        FileManager.default.createFile(atPath: root + "/outside.txt", contents: Data("outside".utf8))
        try FileManager.default.createSymbolicLink(atPath: data + "/link.txt", withDestinationPath: root + "/outside.txt")
        let paths = PlatformPaths(platform: .android, app: AppInfo(identifier: "com.example.app"))
        let assets = FsAssetFiles(allow: allow, deny: deny, requireLiteralLeadingDot: dot, paths: paths, sandbox: SandboxHolder(root: root))
        return (assets, data, { try? FileManager.default.removeItem(atPath: root) })
    }

    func outcome(_ lookup: AssetLookup) -> String {
        switch lookup {
        case .forbidden: return "403"
        case .notFound: return "404"
        case .failed: return "500"
        case .file(let size, let read): return "200 \(size) \(read(0, size).map { String(decoding: $0, as: UTF8.self).count } ?? -1)"
        }
    }

    @Test("each device path answers as Tauri's handler would", arguments: [
        ("/data/user/0/com.example.app/pic.png", "200 7 7"), ("/data/user/0/com.example.app/sub/deep.txt", "200 4 4"),
        ("/data/user/0/com.example.app/missing.png", "404"), ("/data/user/0/com.example.app/nofolder/x.png", "404"),
        ("/data/user/0/com.example.app/.hidden", "403"), ("/data/user/0/com.other.app/pic.png", "403"),
        ("/etc/hosts", "403"), ("data/user/0/com.example.app/pic.png", "403"),
        ("/data/user/0/com.example.app/link.txt", "500"), ("/data/user/0/com.example.app/sub", "500"),
    ])
    func lookUp(_ path: String, _ expected: String) throws {
        let (assets, _, clean) = try files()
        defer { clean() }
        #expect(outcome(assets.lookUp(path)) == expected)
    }

    @Test("deny wins over allow; requireLiteralLeadingDot false lets a dot file through; a bad glob refuses all")
    func scopeRules() throws {
        let (denied, _, clean1) = try files(deny: ["$APPDATA/sub/**"])
        defer { clean1() }
        #expect(outcome(denied.lookUp("/data/user/0/com.example.app/sub/deep.txt")) == "403")
        #expect(outcome(denied.lookUp("/data/user/0/com.example.app/pic.png")) == "200 7 7")
        let (dotted, _, clean2) = try files(dot: false)
        defer { clean2() }
        #expect(outcome(dotted.lookUp("/data/user/0/com.example.app/.hidden")) == "200 6 6")
        let (none, _, clean3) = try files(allow: [])
        defer { clean3() }
        #expect(outcome(none.lookUp("/data/user/0/com.example.app/pic.png")) == "403")
    }

    @Test("a part of a file is read from its offset")
    func part() throws {
        let (assets, _, clean) = try files()
        defer { clean() }
        guard case .file(_, let read) = assets.lookUp("/data/user/0/com.example.app/sub/deep.txt") else {
            Issue.record("not a file")
            return
        }
        #expect(read(1, 2) == Array("ee".utf8))
        #expect(read(3, 10) == Array("p".utf8))
    }
}

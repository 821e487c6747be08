import Foundation
import Testing
@testable import BridgeACL

/// A capability named `identifier` for window `main`.
private func capabilityFile(_ identifier: String) -> String {
    #"{"identifier": "\#(identifier)", "windows": ["main"], "permissions": ["frak-share:default"]}"#
}

@Suite("A capabilities folder is read as Tauri's build reads ./capabilities/**/*")
struct CapabilityFolderTests {
    /// Writes `text` at `relative` under `folder`, creating the subfolders.
    private func put(_ folder: borrowing ScratchFolder, _ relative: String, _ text: String) throws {
        let file = folder.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("capability files in subfolders load, at any depth, in name order")
    func subfolders() throws {
        let folder = try ScratchFolder()
        try put(folder, "main.json", capabilityFile("main"))
        try put(folder, "desktop/windows.json", capabilityFile("desktop-windows"))
        try put(folder, "mobile/ios/share.toml", """
            identifier = "ios-share"
            windows = ["main"]
            permissions = ["frak-share:default"]
            """)
        try put(folder, "mobile/android.json", capabilityFile("android"))
        try put(folder, "notes/README.md", "not a capability")
        #expect(try CapabilitySource.load(folder.url.path).map(\.identifier) == ["main", "desktop-windows", "android", "ios-share"])
    }

    @Test("files in a subfolder named schemas (Tauri's generated schemas) are skipped")
    func schemasSkipped() throws {
        let folder = try ScratchFolder()
        try put(folder, "default.json", capabilityFile("default"))
        try put(folder, "schemas/desktop-schema.json", #"{"$schema": "http://json-schema.org/draft-07/schema#", "title": "CapabilityFile"}"#)
        try put(folder, "mobile/schemas/mobile-schema.json", #"{"title": "CapabilityFile"}"#)
        #expect(try CapabilitySource.load(folder.url.path).map(\.identifier) == ["default"])
    }

    @Test("an identifier defined in a file and again in a subfolder is refused, naming both files")
    func duplicateAcrossFolders() throws {
        let folder = try ScratchFolder()
        try put(folder, "a.json", capabilityFile("main"))
        try put(folder, "sub/b.json", capabilityFile("main"))
        let message = loadError { _ = try CapabilitySource.load(folder.url.path) }
        #expect(message?.contains("capability identifier 'main' is also defined in \(folder.url.appendingPathComponent("a.json").path)") == true)
    }

    @Test("a malformed file in a subfolder is an error naming that file")
    func malformedInSubfolder() throws {
        let folder = try ScratchFolder()
        try put(folder, "a.json", capabilityFile("main"))
        try put(folder, "sub/broken.json", "{")
        #expect { try CapabilitySource.load(folder.url.path) } throws: { error in
            (error as? ACLError)?.file?.hasSuffix("sub/broken.json") == true
        }
    }

    @Test("a link back to a parent folder is read once, not forever")
    func linkCycle() throws {
        let folder = try ScratchFolder()
        try put(folder, "a.json", capabilityFile("main"))
        try put(folder, "sub/b.json", capabilityFile("other"))
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("sub/loop").path, withDestinationPath: folder.url.path)
        #expect(try CapabilitySource.load(folder.url.path).map(\.identifier) == ["main", "other"])
    }
}

import Foundation
import Testing
@testable import BridgeShareNatives

private let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("-a-png".utf8)
private let pdfBytes: [UInt8] = Array("%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n".utf8)

/// A file outside the cache with `bytes`.
private func sourceFile(_ name: String, _ bytes: [UInt8]) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-src-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

/// A resolved file as layer 1 hands it over.
private func shareFile(_ name: String, _ bytes: [UInt8], at path: String? = nil) -> ShareFile {
    ShareFile(source: path ?? "data:,", scheme: path == nil ? .dataURL : .path, location: path.map { .path($0) } ?? .bytes(bytes),
              byteCount: bytes.count, kind: ShareFileKind.sniff(bytes), displayName: name)
}

@Suite("Android stream files: copies in <cacheDir>/share/file-<UUID>/, confined and capped", .serialized)
struct StreamFilesTests {
    let cacheDirectory = temporaryCacheDirectory()
    var share: String { FileProviderPaths.canonical(cacheDirectory) + "/share" }

    func store(maxBytes: Int = 64 << 20, providerPaths: FileProviderPaths = .default) -> StreamFiles {
        StreamFiles(configuration: AndroidConfiguration(appID: "id.frak.wallet", cacheDirectory: cacheDirectory,
                                                        providerPaths: providerPaths, maxCacheBytes: maxBytes))
    }

    @Test("each file gets its own folder, its safe name, its bytes and a FileProvider URI")
    func placesCopies() throws {
        let png = sourceFile("shot.png", pngBytes)
        let placed = try store().place([shareFile("shot.png", pngBytes, at: png), shareFile("shot.png", pngBytes, at: png),
                                        shareFile("", pdfBytes)])
        #expect(placed.count == 3)
        #expect(Set(placed.map(\.path)).count == 3, "two files of one name never collide")
        for (file, bytes) in zip(placed, [pngBytes, pngBytes, pdfBytes]) {
            #expect(FileManager.default.contents(atPath: file.path) == Data(bytes))
            #expect(file.bytes == bytes.count)
            let folder = (file.path as NSString).deletingLastPathComponent
            #expect((folder as NSString).deletingLastPathComponent == share, "\(file.path) is not in \(share)")
            #expect(StreamFiles.isFolderName((folder as NSString).lastPathComponent))
            #expect(file.uri == "content://id.frak.wallet.fileprovider/share/\((folder as NSString).lastPathComponent)/\((file.path as NSString).lastPathComponent)")
        }
        #expect((placed[2].path as NSString).lastPathComponent == "file.pdf")
        #expect(files(in: share).allSatisfy(StreamFiles.isFolderName), "no temporary file is left: \(files(in: share))")
    }

    @Test("a share folder that is a symlink is never written through")
    func symlinkedShareFolder() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-elsewhere-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cacheDirectory + "/share", withDestinationPath: elsewhere)
        #expect(throws: CacheError.self) { try store().place([shareFile("a.png", pngBytes)]) }
        #expect(files(in: elsewhere).isEmpty)
    }

    @Test("a local file that changed or became a link since layer 1 checked it is refused, and nothing is left behind")
    func changedSources() throws {
        let real = sourceFile("real.png", pngBytes)
        let grown = sourceFile("grown.png", pngBytes)
        let link = (real as NSString).deletingLastPathComponent + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let handle = try #require(FileHandle(forWritingAtPath: grown))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.close()
        for path in [link, grown, real + ".missing"] {
            do {
                _ = try store().place([shareFile("ok.png", pngBytes), shareFile("x.png", pngBytes, at: path)])
                Issue.record("\(path) was copied")
            } catch {
                #expect(error.reason.contains("is gone or changed since it was checked"), "\(error.reason)")
            }
        }
        #expect(files(in: share).isEmpty, "nothing of a refused share is written: \(files(in: share))")
    }

    @Test("a copy outside every FileProvider root is FileProvider's error, and removed")
    func outsideRoots() throws {
        let paths = try FileProviderPaths(xml: #"<paths><files-path name="files" path="."/></paths>"#)
        do {
            _ = try store(providerPaths: paths).place([shareFile("a.png", pngBytes)])
            Issue.record("a URI outside every root")
        } catch {
            #expect(error.reason.hasPrefix("Failed to find configured root that contains \(share)/file-"), "\(error.reason)")
        }
        #expect(files(in: share).isEmpty)
    }

    @Test("the cap: older shares and thumbnails are evicted, never this share's files nor anyone else's")
    func capEvicts() throws {
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let foreign = share + "/someone-else.bin"
        _ = FileManager.default.createFile(atPath: foreign, contents: Data(repeating: 1, count: 500))
        let lookalike = share + "/file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: lookalike, withIntermediateDirectories: true)
        let outside = sourceFile("outside.png", pngBytes)
        try FileManager.default.createSymbolicLink(atPath: lookalike + "/in.png", withDestinationPath: outside)
        let thumbnail = share + "/share-42.png"
        _ = FileManager.default.createFile(atPath: thumbnail, contents: Data(pngBytes))

        let limit = 100
        let first = try store(maxBytes: limit).place([shareFile("a.png", pngBytes)])
        Thread.sleep(forTimeInterval: 0.05)
        let big = [UInt8](repeating: 7, count: limit - pngBytes.count)
        let second = try store(maxBytes: limit).place([shareFile("b.bin", big), shareFile("c.png", pngBytes)])
        #expect(!FileManager.default.fileExists(atPath: first[0].path), "the older share is evicted")
        #expect(!FileManager.default.fileExists(atPath: thumbnail), "an old thumbnail is evicted")
        for file in second { #expect(FileManager.default.contents(atPath: file.path)?.count == file.bytes) }
        #expect(FileManager.default.fileExists(atPath: foreign))
        #expect(FileManager.default.destinationOfSymbolicLinkExists(lookalike + "/in.png"))
        #expect(FileManager.default.contents(atPath: outside) == Data(pngBytes))
    }

    @Test("files larger together than the share folder's cap are refused before anything is written")
    func tooLarge() {
        #expect(throws: CacheError.self) {
            try store(maxBytes: 10).place([shareFile("a.png", pngBytes)])
        }
        #expect(files(in: share).isEmpty)
    }

    @Test("stream folder names: file-<UUID>, nothing else", arguments: [
        ("file-\(UUID().uuidString)", true), ("file-not-a-uuid-at-all-but-long-enough-x", false), ("file-", false),
        ("share-1.png", false), ("file-\(UUID().uuidString)x", false),
    ])
    func folderNames(name: String, own: Bool) {
        #expect(StreamFiles.isFolderName(name) == own)
    }
}

extension FileManager {
    /// Whether a symbolic link exists at `path` (whatever it points to).
    fileprivate func destinationOfSymbolicLinkExists(_ path: String) -> Bool {
        (try? destinationOfSymbolicLink(atPath: path)) != nil
    }
}

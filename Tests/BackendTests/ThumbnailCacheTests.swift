import BridgeCall
import BridgeJSON
@testable import BridgeShareNatives
import Foundation
import TestSupport
import Testing

/// A file of `bytes` outside the cache: what a planted link points to, and what must survive.
private func outsideFile(_ bytes: [UInt8]) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-outside-\(UUID().uuidString).png").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

@Suite("Android thumbnail cache trusts only its own files", .serialized)
struct ThumbnailCacheTests {
    let peer: HTTPPeer
    let cacheDirectory: String

    init() throws {
        peer = try HTTPPeer()
        cacheDirectory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(atPath: shareDirectory, withIntermediateDirectories: true)
    }

    var shareDirectory: String { cacheDirectory + "/share" }

    func share(_ url: String, maxCacheBytes: Int? = nil) async throws -> JSON {
        var configuration = AndroidConfiguration(appID: "id.frak.wallet", cacheDirectory: cacheDirectory, thumbnailDeadlineSeconds: 10)
        if let maxCacheBytes { configuration.maxCacheBytes = maxCacheBytes }
        let out = try await AndroidBackend(configuration: configuration)
            .shareText(NativeCall(payload: ["text": "x", "imageUrl": .string(url)], context: CallContext(platform: .android))).output()
        let record = try #require(out.presentation)
        Contract.check(record, "presentation/android")
        return record
    }

    func cached(_ url: String, _ ext: String = "png") -> String { shareDirectory + "/share-\(url.javaHashCode).\(ext)" }

    @Test("a corrupt share-<h>.png already in the cache is sniffed, deleted and downloaded again; the record says so")
    func corruptCachedFile() async throws {
        let url = peer.url("/image.png")
        _ = FileManager.default.createFile(atPath: cached(url), contents: Data("garbage, not an image".utf8))
        let record = try await share(url)
        #expect(record["thumbnail"]?["outcome"] == "downloaded")
        #expect(record["thumbnail"]?["reason"]?.stringValue?.contains("share-\(url.javaHashCode).png is not an image (corrupt or replaced); deleted") == true,
                "\(record["thumbnail"] ?? .null)")
        #expect(Array(try #require(FileManager.default.contents(atPath: cached(url))).prefix(8)) == pngSignature)
        #expect(try peer.hits("/image.png") == 1)
        #expect(try await share(url)["thumbnail"]?["outcome"] == "cached")
    }

    @Test("a link in the cache to a file outside it is never shared nor touched", arguments: ["hard", "symbolic"])
    func linkToOutside(kind: String) async throws {
        let url = peer.url("/image.png")
        let secret = outsideFile(pngSignature + Array("someone else's picture".utf8))
        if kind == "hard" {
            try FileManager.default.linkItem(atPath: secret, toPath: cached(url))
        } else {
            try FileManager.default.createSymbolicLink(atPath: cached(url), withDestinationPath: secret)
        }
        let record = try await share(url)
        let thumbnail = try #require(record["thumbnail"])
        #expect(thumbnail["outcome"] == "failed")
        #expect(thumbnail["contentUri"] == .null)
        #expect(record["intent"]?["clipData"] == .null)
        let what = kind == "hard" ? "a file with 2 hard links" : "a symbolic link"
        #expect(thumbnail["reason"]?.stringValue?.contains("is \(what), not the bridge's own cache file") == true, "\(thumbnail)")
        #expect(FileManager.default.contents(atPath: secret) == Data(pngSignature + Array("someone else's picture".utf8)))
        #expect(FileManager.default.fileExists(atPath: cached(url)))
    }

    @Test("eviction deletes only the bridge's own files: never another program's file, a folder named like a cache file, or a hard link")
    func evictionTouchesNothingElse() async throws {
        let foreign = shareDirectory + "/big-download.bin"
        _ = FileManager.default.createFile(atPath: foreign, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: foreign))
        try handle.truncate(atOffset: 70 << 20)   // 70 MB on paper, sparse on disk
        try handle.close()
        let lookalike = shareDirectory + "/share-12345.jpg"
        try FileManager.default.createDirectory(atPath: lookalike, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: lookalike + "/inside.txt", contents: Data("keep".utf8))
        let sameURL = peer.url("/image.png?3")
        try FileManager.default.createDirectory(atPath: cached(sameURL, "jpg"), withIntermediateDirectories: true)
        let notAHash = shareDirectory + "/share-abc.png"
        _ = FileManager.default.createFile(atPath: notAHash, contents: Data(pngSignature))
        let linked = outsideFile(pngSignature)
        try FileManager.default.linkItem(atPath: linked, toPath: shareDirectory + "/share-777.png")

        for path in ["/image.png?1", "/image.png?2", "/image.png?3"] {
            #expect(try await share(peer.url(path), maxCacheBytes: 150)["thumbnail"]?["outcome"] == "downloaded")
        }
        let kept = files(in: shareDirectory)
        #expect(!kept.contains("share-\(peer.url("/image.png?1").javaHashCode).png"), "the oldest own file is evicted")
        #expect(kept.contains("share-\(peer.url("/image.png?3").javaHashCode).png"))
        for survivor in ["big-download.bin", "share-12345.jpg", "share-\(sameURL.javaHashCode).jpg", "share-abc.png", "share-777.png"] {
            #expect(kept.contains(survivor), "\(survivor) was deleted")
        }
        #expect(FileManager.default.contents(atPath: lookalike + "/inside.txt") == Data("keep".utf8))
        #expect(FileManager.default.fileExists(atPath: linked))
    }

    @Test("a temporary file a crashed download left is removed once stale; one in progress is kept")
    func staleTemporaryFiles() async throws {
        let stale = shareDirectory + "/.share-42.\(UUID().uuidString).part"
        let fresh = shareDirectory + "/.share-43.\(UUID().uuidString).part"
        let lookalike = shareDirectory + "/.share-44.not-a-uuid.part"
        for path in [stale, fresh, lookalike] { _ = FileManager.default.createFile(atPath: path, contents: Data(pngSignature)) }
        let old = Date(timeIntervalSinceNow: -(ShareFolder.staleTemporarySeconds + 60))
        for path in [stale, lookalike] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        #expect(try await share(peer.url("/image.png"))["thumbnail"]?["outcome"] == "downloaded")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
        #expect(FileManager.default.fileExists(atPath: lookalike))
    }

    @Test("cache file names: share-<signed 32-bit hash>.<known extension>, nothing else", arguments: [
        ("share-123.png", true), ("share--2147483648.jpg", true), ("share-0.img", true), ("share-2147483647.webp", true),
        ("share-2147483648.png", false), ("share-abc.png", false), ("share-12.txt", false), ("share-+5.png", false),
        ("share-007.png", false), ("share-.png", false), (".share-1.abc.part", false), ("other-1.png", false),
    ])
    func cacheFileNames(name: String, own: Bool) {
        #expect(ThumbnailCache.isCacheFileName(name) == own)
    }
}

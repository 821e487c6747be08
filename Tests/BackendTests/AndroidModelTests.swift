import BridgeCall
import BridgeJSON
import BridgeMedia
import BridgeProtocol
@testable import BridgeShareNatives
import Foundation
import Testing

@Suite("Android model: hash, extensions, intent, FileProvider")
struct AndroidModelTests {
    @Test("Java String.hashCode, signed 32-bit (values printed by a JVM)", arguments: [
        ("http://127.0.0.1:8765/logo.png", Int32(1552985800)), ("https://frak.id/logo.png", -1102565711), ("", 0),
        ("é😀", 1996812), ("https://example.com/a-very-long-image-url/with/segments.png?x=1", 548089624),
    ])
    func javaHashCode(text: String, hash: Int32) {
        #expect(text.javaHashCode == hash)
        #expect(ThumbnailCache.stem(for: text) == "share-\(hash)")
    }

    @Test("the hash read over bytes (ASCII) is the hash over UTF-16 units, on 3,000 random strings")
    func javaHashCodeOfRandomStrings() {
        var state: UInt64 = 0x5DEECE66D
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = ["a", "Z", "/", "%20", "?", "=", "é", "😀", "日本", "\u{7F}", "\u{80}", "https://frak.id/", "\0"]
        for _ in 0..<3000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            var utf16: Int32 = 0
            for unit in text.utf16 { utf16 = utf16 &* 31 &+ Int32(unit) }
            #expect(text.javaHashCode == utf16, "\(text.debugDescription)")
            // A String that is not stored contiguously (bridged or a substring copy) agrees too.
            #expect(String(text[...]).javaHashCode == utf16)
        }
    }

    @Test("the extension comes from the Content-Type", arguments: [
        ("image/png", "png"), ("image/jpeg", "jpg"), ("IMAGE/JPEG; charset=binary", "jpg"), ("image/webp", "webp"),
        ("image/gif", "gif"), ("image/svg+xml", "img"), ("text/html", "img"), (nil, "img"),
    ] as [(String?, String)])
    func fileExtension(contentType: String?, ext: String) {
        #expect(ThumbnailCache.fileExtension(contentType: contentType) == ext)
    }

    @Test("the share body puts the link last", arguments: [
        ("Join me", "https://a.b/c", "Join me\nhttps://a.b/c"), (nil, "https://a.b/c", "https://a.b/c"), ("Join me", nil, "Join me"),
    ] as [(String?, String?, String)])
    func body(text: String?, url: String?, body: String) {
        #expect(ShareIntent.body(text: text, url: url) == body)
    }

    @Test("the intent: extras by title, ClipData and the grant flag only with a thumbnail")
    func intent() {
        #expect(ShareIntent(body: "b", title: nil, thumbnailURI: nil).record == [
            "action": "android.intent.action.SEND", "type": "text/plain",
            "extras": ["android.intent.extra.TEXT": "b"], "clipData": nil, "flags": [],
        ])
        #expect(ShareIntent(body: "b", title: "T", thumbnailURI: "content://x/share/s.png").record == [
            "action": "android.intent.action.SEND", "type": "text/plain",
            "extras": ["android.intent.extra.TEXT": "b", "android.intent.extra.SUBJECT": "T", "android.intent.extra.TITLE": "T"],
            "clipData": ["label": "T", "uri": "content://x/share/s.png"], "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
        #expect(ShareIntent.chooserRecord == ["title": nil, "flags": ["FLAG_ACTIVITY_NEW_TASK"]])
    }

    @Test("FileProvider URIs: the default root, the most specific root, percent-encoding, outside every root")
    func contentURIs() throws {
        let cache = "/data/data/com.example.app/cache"
        let auth = "com.example.app.fileprovider"
        #expect(FileProviderPaths.default.contentURI(for: "\(cache)/share/share-12.png", authority: auth, cacheDirectory: cache)
            == "content://com.example.app.fileprovider/share/share-12.png")
        #expect(FileProviderPaths.default.contentURI(for: "\(cache)/share/share--5.png", authority: auth, cacheDirectory: cache)
            == "content://com.example.app.fileprovider/share/share--5.png")
        #expect(FileProviderPaths.default.contentURI(for: "\(cache)/other/x.png", authority: auth, cacheDirectory: cache) == nil)
        #expect(FileProviderPaths.default.contentURI(for: "\(cache)/shared/x.png", authority: auth, cacheDirectory: cache) == nil)
        let paths = try FileProviderPaths(xml: """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- several roots -->
            <paths xmlns:android="http://schemas.android.com/apk/res/android">
                <cache-path name="cache" path="." />
                <cache-path name="thumbs &amp; more" path="share/"/>
                <files-path name="files" path="docs/"/>
                <external-path name="ext" path="."/>
            </paths>
            """)
        #expect(paths.contentURI(for: "\(cache)/share/a b/é.png", authority: auth, cacheDirectory: cache)
            == "content://com.example.app.fileprovider/thumbs%20%26%20more/a%20b/%C3%A9.png")
        #expect(paths.contentURI(for: "\(cache)/x.png", authority: auth, cacheDirectory: cache)
            == "content://com.example.app.fileprovider/cache/x.png")
        #expect(paths.contentURI(for: "/data/data/com.example.app/files/docs/r.pdf", authority: auth, cacheDirectory: cache)
            == "content://com.example.app.fileprovider/files/r.pdf")
        let root = try FileProviderPaths(xml: #"<paths><root-path name="root" path=""/></paths>"#)
        #expect(root.contentURI(for: "/etc/hosts", authority: auth, cacheDirectory: cache) == "content://com.example.app.fileprovider/root/etc/hosts")
    }

    @Test("malformed provider_paths.xml is refused with the line", arguments: [
        ("<paths>\n<cache-path path=\"share/\"/>\n</paths>", "<cache-path> needs a non-empty name attribute"),
        ("<paths>\n  <cache-path name=\"s\" path=\"share/\">\n", "line 3: unclosed element"),
        ("<resources/>", "the root element must be <paths>, found <resources>"),
        ("<paths><sdcard-path name=\"s\"/></paths>", "unknown element <sdcard-path>; expected one of cache-path, external-cache-path, external-files-path, external-media-path, external-path, files-path, root-path"),
        ("<paths>\n<cache-path name=s/></paths>", "line 2: attribute name needs a quoted value"),
        ("<paths></paths>", "no roots: add e.g. <cache-path name=\"share\" path=\"share/\"/>"),
    ])
    func malformedProviderPaths(xml: String, message: String) {
        do {
            _ = try FileProviderPaths(xml: xml)
            Issue.record("accepted \(xml)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("images are recognised from their bytes", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], ImageKind.png as ImageKind?),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg), (Array("GIF89a..".utf8), .gif),
        (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), .webp), (Array("<!doctype html>".utf8), nil), ([], nil),
    ] as [([UInt8], ImageKind?)])
    func sniff(bytes: [UInt8], kind: ImageKind?) {
        #expect(ImageKind.sniff(bytes) == kind)
    }

    @Test("an intent over the binder buffer: startActivity fails and the plugin rejects Failure from system; one under it shares",
          arguments: [(1_000_000, false), (400_000, false), (100_000, true)])
    func transactionTooLarge(characters: Int, shares: Bool) async throws {
        let text = String(repeating: "a", count: characters)
        let outcome: Result<CommandOutput, ResponseError>
        do {
            outcome = .success(try await AndroidBackend().shareText(NativeCall(payload: ["text": .string(text)], context: CallContext(platform: .android))).output())
        } catch let error as ResponseError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.internalError("\(error)"))
        }
        if shares {
            #expect(try outcome.get().result == ["shared": true])
        } else {
            #expect(outcome.failure?.message == "Failure from system")
            #expect(outcome.failure?.data["exception"] == "android.os.TransactionTooLargeException")
            #expect(outcome.failure?.data["reason"]?.stringValue?.hasPrefix("android.os.TransactionTooLargeException: data parcel size ") == true)
        }
        // iOS hands the items to the sheet in-process: no such limit.
        let ios = try await IOSBackend().shareText(NativeCall(payload: ["text": .string(text)], context: CallContext())).output()
        #expect(ios.result == ["shared": true])
    }

    @Test("the parcel estimate counts UTF-16 units, and the migrated ClipData only when the plugin set none")
    func parcelEstimate() {
        let ascii = ShareIntent(body: String(repeating: "a", count: 1000), title: nil, thumbnailURI: nil)
        let wide = ShareIntent(body: String(repeating: "é", count: 1000), title: nil, thumbnailURI: nil)
        let clipped = ShareIntent(body: String(repeating: "a", count: 1000), title: nil, thumbnailURI: "content://com.example.app.fileprovider/share/t.png")
        #expect(ascii.estimatedParcelBytes > 3000 && ascii.estimatedParcelBytes < 4500, "\(ascii.estimatedParcelBytes)")
        #expect(wide.estimatedParcelBytes - ascii.estimatedParcelBytes == 1000, "é is one UTF-16 unit but two UTF-8 bytes")
        #expect(clipped.estimatedParcelBytes < ascii.estimatedParcelBytes, "a ClipData the plugin set holds the URI, not the text again")
    }
}

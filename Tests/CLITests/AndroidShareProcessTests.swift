import BridgeJSON
import Foundation
import Testing
import TestSupport

/// Media whose types the bridge recognises from their bytes.
private enum Media {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("\0\0\0\rIHDR-a-shot".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("\0\u{10}JFIF-a-photo".utf8) + [0xFF, 0xD9]
    static let pdf = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
    static let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8) + [0, 0, 0, 8] + Array("mdat".utf8)
}

@Suite("share on Android, spawned: files copied under <cacheDir>/share/, content:// URIs, the intent and the chooser", .serialized)
struct AndroidShareProcessTests {
    let root: String
    let cache: String
    let peer: HTTPPeer

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-android-share-\(UUID().uuidString)").path
        root = base + "/files"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, bytes) in [("shot.png", Media.png), ("other.png", Media.png + [1]), ("photo.jpg", Media.jpeg),
                              ("report.pdf", Media.pdf), ("clip.mp4", Media.mp4)] {
            try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        peer = try HTTPPeer()
    }

    /// `bridge invoke plugin:share|share ARGS --platform android --inspect` with this test's
    /// files root and cache.
    func share(_ args: JSON, _ options: [String] = [], command: String = "share") throws -> (status: Int32, output: JSON?, stderr: String) {
        let run = try runBridge(["invoke", "plugin:share|\(command)", args.serialized(), "--platform", "android", "--app-id", "id.frak.wallet",
                                 "--cache-dir", cache, "--files-root", root, "--inspect"] + options, executable: Products.bridge)
        let output = try? JSONParser.parse(run.stdout)
        if let presentation = output?["presentation"] { Contract.check(presentation, "presentation/android") }
        return (run.status ?? -1, output, run.stderr)
    }

    var shareFolder: String { (URL(fileURLWithPath: cache).resolvingSymlinksInPath().path) + "/share" }

    /// Every file under the cache folder, relative to it.
    func cacheFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: cache)
        var out: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: cache + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue { out.append(next) }
        }
        return out.sorted()
    }

    /// Checks that each stored file of the record is in `<cacheDir>/share/file-<UUID>/` with
    /// `bytes`, and that its URI is the FileProvider's for it.
    func expectStored(_ record: JSON, _ expected: [(name: String, bytes: [UInt8])]) throws {
        let files = try #require(record["files"]?.arrayValue)
        #expect(files.count == expected.count)
        for (file, (name, bytes)) in zip(files, expected) {
            let stored = try #require(file["stored"]?.stringValue)
            let folder = (stored as NSString).deletingLastPathComponent
            #expect((folder as NSString).deletingLastPathComponent == shareFolder, "\(stored) is not in \(shareFolder)")
            #expect((folder as NSString).lastPathComponent.hasPrefix("file-"))
            #expect((stored as NSString).lastPathComponent == name)
            #expect(FileManager.default.contents(atPath: stored) == Data(bytes), "\(stored)")
            #expect(file["contentUri"] == .string("content://id.frak.wallet.fileprovider/share/\((folder as NSString).lastPathComponent)/\(name)"))
        }
    }

    @Test("one PNG: ACTION_SEND, its type, EXTRA_STREAM its URI, ClipData, the grant; the chosen package is activityType")
    func onePNG() throws {
        let run = try share(["files": [.string(root + "/shot.png")], "text": "Look", "url": "https://frak.id/x", "title": "Trip"],
                            ["--activity", "com.google.android.gm/.ComposeActivityGmail"])
        #expect(run.status == 0, "\(run.stderr)")
        let output = try #require(run.output)
        #expect(output["result"] == ["activityType": "com.google.android.gm"])
        let record = try #require(output["presentation"])
        try expectStored(record, [("shot.png", Media.png)])
        let uri = try #require(record["files"]?.arrayValue?.first?["contentUri"])
        #expect(record["intent"] == [
            "action": "android.intent.action.SEND", "type": "image/png",
            "extras": ["android.intent.extra.TEXT": "Look\nhttps://frak.id/x", "android.intent.extra.SUBJECT": "Trip",
                       "android.intent.extra.TITLE": "Trip", "android.intent.extra.STREAM": uri],
            "clipData": ["label": "Trip", "mimeTypes": ["text/uri-list"], "items": [["uri": uri]]],
            "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
        #expect(record["chooser"]?["startedForResult"] == true)
        #expect(record["chooser"]?["flags"] == ["FLAG_GRANT_READ_URI_PERMISSION"])
        #expect(record["contentPreview"] == ["kind": "image", "images": [uri], "more": 0])
        #expect(record["completion"]?["chosenComponent"] == "com.google.android.gm/com.google.android.gm.ComposeActivityGmail")
    }

    @Test("several images: ACTION_SEND_MULTIPLE, EXTRA_STREAM the list, image/png or image/*, ClipData with every URI", arguments: [
        (["shot.png", "other.png"], "image/png"), (["shot.png", "photo.jpg", "other.png"], "image/*"),
        (["shot.png", "report.pdf"], "*/*"), (["clip.mp4", "photo.jpg"], "*/*"),
    ])
    func severalFiles(names: [String], type: String) throws {
        let run = try share(["files": .array(names.map { .string(root + "/" + $0) })])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(run.output?["presentation"])
        try expectStored(record, try names.map { ($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) })
        let uris = try #require(record["files"]?.arrayValue).compactMap { $0["contentUri"] }
        #expect(record["intent"]?["action"] == "android.intent.action.SEND_MULTIPLE")
        #expect(record["intent"]?["type"] == .string(type))
        #expect(record["intent"]?["extras"]?["android.intent.extra.STREAM"] == .array(uris))
        #expect(record["intent"]?["clipData"]?["items"] == .array(uris.map { ["uri": $0] }))
        #expect(record["intent"]?["extras"]?["android.intent.extra.TEXT"] == nil, "no text, no EXTRA_TEXT")
        #expect(record["contentPreview"]?["kind"] == (type.hasPrefix("image/") ? "image" : "file"))
        #expect(run.output?["result"] == ["activityType": "com.google.android.apps.messaging"])
    }

    @Test("a PDF: application/pdf, the file preview names it")
    func pdf() throws {
        let run = try share(["files": [.string("file://" + root + "/report.pdf")], "title": "Report"])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(run.output?["presentation"])
        try expectStored(record, [("report.pdf", Media.pdf)])
        #expect(record["intent"]?["type"] == "application/pdf")
        #expect(record["contentPreview"] == ["kind": "file", "name": "report.pdf", "more": 0])
    }

    @Test("a text share's preview.image is stored too and becomes the text preview's ClipData thumbnail; EXTRA_TITLE is preview.title")
    func previewImage() throws {
        let run = try share(["text": "Join me", "title": "Frak", "preview": ["title": "Frak wallet", "image": .string(root + "/shot.png")]])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(run.output?["presentation"])
        let thumbnail = try #require(record["previewImage"]?["contentUri"])
        #expect(FileManager.default.contents(atPath: try #require(record["previewImage"]?["stored"]?.stringValue)) == Data(Media.png))
        #expect(record["intent"]?["type"] == "text/plain")
        #expect(record["intent"]?["extras"] == ["android.intent.extra.TEXT": "Join me", "android.intent.extra.SUBJECT": "Frak",
                                                "android.intent.extra.TITLE": "Frak wallet"])
        #expect(record["intent"]?["clipData"] == ["label": "Frak", "uri": thumbnail])
        #expect(record["contentPreview"] == ["kind": "text", "title": "Frak wallet", "thumbnail": thumbnail, "text": "Join me", "copyButton": true])
    }

    @Test("a data: URL and an http URL are stored with the bytes they carry")
    func dataAndHTTP() throws {
        let served = try fetched(peer.url("/image.png"))
        let dataURL = "data:image/jpeg;base64," + Data(Media.jpeg).base64EncodedString()
        let run = try share(["files": [.string(dataURL), .string(peer.url("/image.png"))]])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(run.output?["presentation"])
        let files = try #require(record["files"]?.arrayValue)
        let names = files.compactMap { $0["stored"]?.stringValue }.map { ($0 as NSString).lastPathComponent }
        try expectStored(record, [(names[0], Media.jpeg), (names[1], [UInt8](served))])
        #expect(names[0].hasSuffix(".jpg") && names[1].hasSuffix(".png"), "\(names)")
        #expect(record["intent"]?["type"] == "image/*")
    }

    /// The body at `url`, fetched by python3's urllib (the test process links no HTTP client).
    func fetched(_ url: String) throws -> Data {
        let script = "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())"
        return Data(try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, url]).output)
    }

    @Test("nothing escapes the cache: every file written is under <cacheDir>/share/file-<UUID>/, the files root is untouched")
    func confined() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        for names in [["shot.png"], ["shot.png", "photo.jpg"], ["report.pdf", "clip.mp4"]] {
            #expect(try share(["files": .array(names.map { .string(root + "/" + $0) })]).status == 0)
        }
        let written = cacheFiles()
        #expect(written.count == 5)
        for path in written {
            let parts = path.split(separator: "/").map(String.init)
            #expect(parts.count == 3 && parts[0] == "share" && parts[1].hasPrefix("file-"), "\(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == before)
    }

    @Test("a dismissal, the Copy action and a windowless target reject `Share canceled` (-32003), as the plugin does", arguments: [
        (["--cancel"], "the user dismissed the chooser"), (["--activity", "copy"], "Copy action"),
        (["--activity", "org.kde.kdeconnect_tp"], "without opening a window"),
    ])
    func canceled(options: [String], reason: String) throws {
        let run = try share(["files": [.string(root + "/shot.png")], "text": "Look"], options)
        #expect(run.status == 1)
        #expect(run.output?["code"] == -32003)
        #expect(run.output?["message"] == "Share canceled")
        #expect(run.output?["data"]?["reason"]?.stringValue?.contains(reason) == true, "\(run.output ?? .null)")
        #expect(!run.stderr.contains("has no effect"), "share's chooser reads --cancel and --activity: \(run.stderr)")
    }

    @Test("--outcome busy: `Can't share while sharing is in progress`, before any file is placed (the plugin's isPresenting guard comes first)")
    func busy() throws {
        let run = try share(["text": "Look", "files": [.string(root + "/shot.png")]], ["--outcome", "busy"])
        #expect(run.status == 1)
        #expect(run.output?["message"] == "Can't share while sharing is in progress")
        let placed = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/share")) ?? []
        #expect(placed.filter { $0.hasPrefix("file-") }.isEmpty, "a refused share copied \(placed)")
    }

    @Test("leaving the app while the chooser is up, then dismissing it, resolves activityType \"\" (stopped is set, no component came)")
    func background() throws {
        let run = try share(["text": "Look"], ["--activity", "background"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output?["result"] == ["activityType": ""])
        #expect(run.output?["presentation"]?["completion"] == ["chosenComponent": nil, "hostStopped": true, "resultCode": "RESULT_CANCELED", "activityType": ""])
    }

    @Test("serve: a chooser that never completes holds the screen; a share meanwhile is refused as the plugin refuses it, one after its cancellation presents")
    func slot() throws {
        let p = try BridgeProcess(["serve", "--platform", "android", "--cache-dir", cache, "--files-root", root], executable: Products.bridge)
        let args = #"{"files":["\#(root)/shot.png"],"text":"Look""#
        p.sendLine(request("1", "plugin:share|share", args + #","__bridge":{"outcome":"never"}}"#))
        #expect(p.nextLine(timeout: 0.5) == nil, "a chooser that never completes is not answered")
        p.sendLine(request("2", "plugin:share|share", args + "}"))
        let refused = try p.nextJSON()
        #expect(refused["id"] == 2)
        #expect(refused["error"]?["code"] == -32003)
        #expect(refused["error"]?["message"] == "Can't share while sharing is in progress")
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        #expect(try p.nextJSON()["error"]?["code"] == -32800)
        // The cancelled chooser was taken down before the session read on: the next share presents.
        p.sendLine(request("3", "plugin:share|share", args + #","__bridge":{"activity":"com.whatsapp"}}"#))
        let third = try p.nextJSON()
        #expect(third["result"] == ["activityType": "com.whatsapp"], "\(third)")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a dialogTitle is passed to createChooser and warned about: Android 10+ never shows it for a share")
    func dialogTitle() throws {
        let run = try share(["text": "Look", "dialogTitle": "Send with"])
        #expect(run.status == 0)
        #expect(run.output?["presentation"]?["chooser"]?["title"] == "Send with")
        #expect(run.output?["presentation"]?["contentPreview"]?["kind"] == "text")
        #expect(run.stderr.contains("bridge: warning: `dialogTitle` \"Send with\" for command `share`: is shown by no current platform"), "\(run.stderr)")
        let strict = try share(["text": "Look", "dialogTitle": "Send with"], ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.output?["data"]?["warning"] == "dialog_title_ignored")
    }

    @Test("can_share: true for files the FileProvider can hand out; false, with FileProvider's reason, when no root covers share/")
    func canShare() throws {
        #expect(try share(["files": [.string(root + "/shot.png")]], command: "can_share").output?["result"] == ["value": true])
        let paths = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-paths-\(UUID().uuidString).xml").path
        try Data(#"<paths><files-path name="files" path="."/></paths>"#.utf8).write(to: URL(fileURLWithPath: paths))
        let refused = try share(["files": [.string(root + "/shot.png")]], ["--provider-paths", paths], command: "can_share")
        #expect(refused.output?["result"] == ["value": false])
        #expect(refused.output?["presentation"]?["reason"]?.stringValue?.hasPrefix("Failed to find configured root that contains") == true)
        let shared = try share(["files": [.string(root + "/shot.png")]], ["--provider-paths", paths])
        #expect(shared.status == 1)
        #expect(shared.output?["message"]?.stringValue?.hasPrefix("Failed to find configured root that contains \(shareFolder)/file-") == true)
        #expect(cacheFiles().isEmpty, "a refused share leaves nothing behind: \(cacheFiles())")
    }
}

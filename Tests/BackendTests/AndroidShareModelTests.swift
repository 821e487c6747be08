import BridgeDevice
import BridgeJSON
import BridgeMedia
import BridgeProtocol
@testable import BridgeShareNatives
import BridgeSimulation
import Testing

@Suite("Android share model: common type, file names, the multi-stream intent, the chooser")
struct AndroidShareModelTests {
    @Test("the common type of several streams, by DocumentsUI's findCommonMimeType", arguments: [
        (["image/png", "image/png"], "image/png"), (["image/png", "image/jpeg"], "image/*"),
        (["image/png", "image/png", "image/jpeg"], "image/*"), (["image/jpeg", "image/png", "image/jpeg"], "image/*"),
        (["image/png", "video/mp4"], "*/*"), (["image/png", "application/pdf"], "*/*"),
        (["application/pdf", "application/pdf"], "application/pdf"), (["video/mp4", "video/quicktime"], "video/*"),
        ([], "*/*"), (["image/png"], "image/png"),
        // A malformed first type gives */*; a malformed later one is skipped, as in the original.
        (["png", "image/png"], "*/*"), (["image/", "image/png"], "*/*"), (["image/png", "bogus"], "image/png"),
        (["image/png", "a/b/c", "image/jpeg"], "image/*"), (["image/png", "image/"], "image/png"),
        // Exact comparison: intent filters match types case-sensitively.
        (["image/png", "IMAGE/png"], "*/*"), (["image/png", "image/PNG"], "image/*"),
    ] as [([String], String)])
    func commonType(types: [String], expected: String) {
        #expect(CommonMIMEType.of(types) == expected)
    }

    @Test("stored names: FAT-valid, the type's extension, trimmed in the middle past 255 bytes", arguments: [
        ("photo.png", "image/png", "photo.png"), ("photo", "image/png", "photo.png"), ("photo.jpg", "image/png", "photo.jpg.png"),
        ("Photo.JPEG", "image/jpeg", "Photo.JPEG"), ("scan.jpe", "image/jpeg", "scan.jpe"),
        ("report.pdf", "application/pdf", "report.pdf"), ("notes", "text/plain", "notes.txt"),
        ("clip.MP4", "video/mp4", "clip.MP4"), ("blob.bin", "application/octet-stream", "blob.bin"),
        ("/etc/passwd", "text/plain", "passwd.txt"), ("..\\..\\evil.png", "image/png", "evil.png"), ("a/../b.png", "image/png", "b.png"),
        ("what?*:<>|\".png", "image/png", "what_______.png"), ("tab\there\u{7F}.png", "image/png", "tab_here_.png"),
        ("..", "image/png", "(invalid).png"), (".", "application/pdf", "(invalid).pdf"), ("", "image/png", "file.png"),
        (".hidden", "text/plain", ".hidden.txt"), ("été 😀.png", "image/png", "été 😀.png"),
    ] as [(String, String, String)])
    func safeNames(name: String, mimeType: String, stored: String) {
        #expect(SafeFileName.make(name, mimeType: mimeType) == stored)
    }

    @Test("no name (a data: URL): file.<ext>; a long name keeps its ends and fits 255 bytes")
    func unnamedAndLong() {
        #expect(SafeFileName.make(nil, mimeType: "image/jpeg") == "file.jpg")
        #expect(SafeFileName.make(nil, mimeType: "application/octet-stream") == "file")
        let long = String(repeating: "a", count: 150) + String(repeating: "é", count: 100) + ".pdf"
        let stored = SafeFileName.make(long, mimeType: "application/pdf")
        #expect(stored.utf8.count <= 255)
        #expect(stored.hasPrefix("aaaa") && stored.hasSuffix("éé.pdf") && stored.contains("..."), "\(stored)")
    }

    static let png = ShareIntent.Stream(uri: "content://a.fileprovider/share/file-1/a.png", mimeType: "image/png")
    static let jpeg = ShareIntent.Stream(uri: "content://a.fileprovider/share/file-2/b.jpg", mimeType: "image/jpeg")
    static let pdf = ShareIntent.Stream(uri: "content://a.fileprovider/share/file-3/c.pdf", mimeType: "application/pdf")

    @Test("action and type: SEND for text or one file, SEND_MULTIPLE for several, the common type", arguments: [
        ([], "android.intent.action.SEND", "text/plain"), ([png], "android.intent.action.SEND", "image/png"),
        ([pdf], "android.intent.action.SEND", "application/pdf"),
        ([png, png], "android.intent.action.SEND_MULTIPLE", "image/png"), ([png, jpeg], "android.intent.action.SEND_MULTIPLE", "image/*"),
        ([png, pdf], "android.intent.action.SEND_MULTIPLE", "*/*"),
    ] as [([ShareIntent.Stream], String, String)])
    func actionAndType(streams: [ShareIntent.Stream], action: String, type: String) {
        let intent = ShareIntent(body: "hi", title: nil, previewTitle: nil, thumbnailURI: nil, streams: streams)
        #expect(intent.record["action"] == .string(action))
        #expect(intent.record["type"] == .string(type))
    }

    @Test("one file: EXTRA_STREAM its URI; ClipData with the URI; the grant flag; text, subject and preview title")
    func oneFile() {
        let intent = ShareIntent(body: "Look\nhttps://frak.id", title: "Frak", previewTitle: "Frak", thumbnailURI: nil, streams: [Self.png])
        #expect(intent.record == [
            "action": "android.intent.action.SEND", "type": "image/png",
            "extras": ["android.intent.extra.TEXT": "Look\nhttps://frak.id", "android.intent.extra.SUBJECT": "Frak",
                       "android.intent.extra.TITLE": "Frak", "android.intent.extra.STREAM": .string(Self.png.uri)],
            "clipData": ["label": "Frak", "mimeTypes": ["text/uri-list"], "items": [["uri": .string(Self.png.uri)]]],
            "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
    }

    @Test("several files: EXTRA_STREAM the list, every URI in ClipData (label \"\" without a title), no text extra without text")
    func severalFiles() {
        let intent = ShareIntent(body: nil, title: nil, previewTitle: nil, thumbnailURI: nil, streams: [Self.png, Self.jpeg, Self.pdf])
        #expect(intent.record == [
            "action": "android.intent.action.SEND_MULTIPLE", "type": "*/*",
            "extras": ["android.intent.extra.STREAM": [.string(Self.png.uri), .string(Self.jpeg.uri), .string(Self.pdf.uri)]],
            "clipData": ["label": "", "mimeTypes": ["text/uri-list"],
                         "items": [["uri": .string(Self.png.uri)], ["uri": .string(Self.jpeg.uri)], ["uri": .string(Self.pdf.uri)]]],
            "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
    }

    @Test("the chosen target: a package, a component (relative or not), none named, Copy, a windowless target, a dismissal", arguments: [
        (SheetAnswer.activity(Simulation.defaultActivity), ShareChooser.Pick.target(package: "com.google.android.apps.messaging", component: "com.google.android.apps.messaging", coversApp: true)),
        (.activity("com.google.android.gm"), .target(package: "com.google.android.gm", component: "com.google.android.gm", coversApp: true)),
        (.activity("com.google.android.gm/.ComposeActivityGmail"),
         .target(package: "com.google.android.gm", component: "com.google.android.gm/com.google.android.gm.ComposeActivityGmail", coversApp: true)),
        (.activity("org.telegram.messenger/org.telegram.ui.LaunchActivity"),
         .target(package: "org.telegram.messenger", component: "org.telegram.messenger/org.telegram.ui.LaunchActivity", coversApp: true)),
        (.activity("org.kde.kdeconnect_tp"), .target(package: "org.kde.kdeconnect_tp", component: "org.kde.kdeconnect_tp", coversApp: false)),
        (.activity("copy"), .copy),
        (.dismissed, .dismissed),
    ] as [(SheetAnswer, ShareChooser.Pick)])
    func picks(answer: SheetAnswer, pick: ShareChooser.Pick) throws {
        #expect(try ShareChooser.pick(answer) == pick)
    }

    @Test("a target that is not a package or component is refused, naming the option", arguments: [
        "gmail", "com..gm", "com.gm/", "com.gm/.", "1com.gm", "com.gm/Bad Class", "com.google.android.gm/.a/b",
    ])
    func badTargets(activity: String) {
        #expect(throws: ResponseError.self) { try ShareChooser.pick(.activity(activity)) }
        do {
            _ = try ShareChooser.pick(.activity(activity))
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message.contains("got '\(activity)'") && error.message.contains("--activity"))
        }
    }

    @Test("completion: a target that covers the app resolves with its package; everything else is `Share canceled`, saying why", arguments: [
        (ShareChooser.Pick.target(package: "com.google.android.gm", component: "com.google.android.gm/x.Y", coversApp: true), nil),
        (.target(package: "org.kde.kdeconnect_tp", component: "org.kde.kdeconnect_tp", coversApp: false), "shared without opening a window"),
        (.copy, "Copy action copied the text"), (.dismissed, "the user dismissed the chooser"),
    ] as [(ShareChooser.Pick, String?)])
    func completion(pick: ShareChooser.Pick, canceledBecause: String?) throws {
        let completion = ShareChooser.Completion(pick: pick)
        #expect(completion.record["resultCode"] == "RESULT_CANCELED", "most targets leave RESULT_CANCELED: the plugin goes by onStop")
        switch completion.result {
        case .success(let package):
            #expect(canceledBecause == nil)
            #expect(package == "com.google.android.gm")
            #expect(completion.record == ["chosenComponent": "com.google.android.gm/x.Y", "hostStopped": true,
                                          "resultCode": "RESULT_CANCELED", "activityType": "com.google.android.gm"])
        case .failure(let error):
            #expect(error.code == .rejected && error.message == "Share canceled")
            #expect(error.data["reason"]?.stringValue?.contains(try #require(canceledBecause)) == true, "\(error.data)")
            #expect(completion.record["hostStopped"] == false && completion.record["activityType"] == .null)
        }
    }

    @Test("the chooser record: the title as passed (never shown for a share), the IntentSender, the copied grant")
    func chooserRecord() {
        #expect(ShareChooser(dialogTitle: "Send with", grantsRead: true).record == [
            "title": "Send with", "titleShown": false, "intentSender": "android.intent.extra.CHOSEN_COMPONENT",
            "startedForResult": true, "flags": ["FLAG_GRANT_READ_URI_PERMISSION"],
        ])
        #expect(ShareChooser(dialogTitle: nil, grantsRead: false).record["title"] == .null)
        #expect(ShareChooser(dialogTitle: nil, grantsRead: false).record["flags"] == [])
    }
}

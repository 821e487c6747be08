import BridgeAndroidIntents
@testable import BridgeInbox
import Foundation
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

func manifest(_ relative: String) throws -> AndroidManifest {
    let path = (fixtures as NSString).appendingPathComponent(relative)
    return try AndroidManifest(xml: String(contentsOfFile: path, encoding: .utf8), file: relative)
}

@Suite("Android intents and intent filters")
struct AndroidIntentTests {
    static let send = AndroidSendIntent.actionSend, multiple = AndroidSendIntent.actionSendMultiple
    static let defaultCategory = [IntentFilter.categoryDefault]

    /// (filter types, intent type, matches) — IntentFilter.findMimeType's cases.
    @Test("mimeType matching as IntentFilter.match: exact, partial wildcards, */*, case-sensitive", arguments: [
        (["text/plain"], "text/plain", true), (["text/plain"], "text/html", false), (["image/*"], "image/png", true),
        (["image/*"], "video/mp4", false), (["*/*"], "application/pdf", true), (["image/png"], "image/*", true),
        (["video/mp4"], "image/*", false), (["text/plain"], "*/*", true), (["image/*"], "*/*", true),
        (["Image/PNG"], "image/png", false), (["image/png", "video/*"], "video/quicktime", true),
    ] as [([String], String, Bool)])
    func mimeTypes(types: [String], type: String, matches: Bool) {
        let filter = IntentFilter(actions: [Self.send], categories: Self.defaultCategory, dataTypes: types, schemes: [], line: 1)
        #expect((filter.mismatch(action: Self.send, type: type) == nil) == matches)
    }

    @Test("action, data and category are checked in IntentFilter.match's order, then DEFAULT")
    func order() {
        let f = IntentFilter(actions: [Self.send], categories: [], dataTypes: ["text/plain"], schemes: [], line: 3)
        #expect(f.mismatch(action: Self.multiple, type: "image/png") == .action(Self.multiple))
        #expect(f.mismatch(action: Self.send, type: "image/png") == .type("image/png"))
        #expect(f.mismatch(action: Self.send, type: "text/plain") == .notDefault)
        let withDefault = IntentFilter(actions: [Self.send], categories: Self.defaultCategory, dataTypes: ["text/plain"], schemes: [], line: 3)
        #expect(withDefault.mismatch(action: Self.send, type: "text/plain", categories: ["android.intent.category.BROWSABLE"])
                == .category("android.intent.category.BROWSABLE"))
        #expect(withDefault.mismatch(action: Self.send, type: "text/plain", scheme: "content") == nil)
        #expect(withDefault.mismatch(action: Self.send, type: "text/plain", scheme: "https") == .scheme("https"))
        let schemeOnly = IntentFilter(actions: [Self.send], categories: Self.defaultCategory, dataTypes: ["image/*"], schemes: ["content"], line: 3)
        #expect(schemeOnly.mismatch(action: Self.send, type: "image/png") == .scheme(nil), "a SEND intent has no data URI")
        let noData = IntentFilter(actions: [Self.send], categories: Self.defaultCategory, dataTypes: [], schemes: [], line: 3)
        #expect(noData.mismatch(action: Self.send, type: "text/plain") == .type("text/plain"), "no mimeType: only intents without a type")
    }

    @Test("the intent a sender builds: SEND for one stream or text, SEND_MULTIPLE for several, the common type", arguments: [
        (0, 0, "android.intent.action.SEND", "text/plain"), (1, 0, "android.intent.action.SEND", "image/png"),
        (2, 0, "android.intent.action.SEND_MULTIPLE", "image/png"), (1, 1, "android.intent.action.SEND_MULTIPLE", "*/*"),
        (0, 2, "android.intent.action.SEND_MULTIPLE", "video/mp4"),
    ] as [(Int, Int, String, String)])
    func intents(images: Int, movies: Int, action: String, type: String) throws {
        let intent = try AndroidSendIntent(draft(text: "hi", images: images, movies: movies))
        #expect(intent.action == action)
        #expect(intent.type == type)
        #expect(intent.streams.count == images + movies)
        #expect(intent.received.attachments.count == images + movies)
    }

    @Test("EXTRA_TEXT is text and URL joined, and the app reads the URL back from its last line")
    func text() throws {
        let intent = try AndroidSendIntent(draft(text: "Look at this", url: "https://frak.id/x"))
        #expect(intent.record["extras"]?["android.intent.extra.TEXT"] == "Look at this\nhttps://frak.id/x")
        #expect(intent.received.text == "Look at this")
        #expect(intent.received.url == "https://frak.id/x")
        let urlOnly = try AndroidSendIntent(draft(url: "https://frak.id/x")).received
        #expect(urlOnly.text == nil && urlOnly.url == "https://frak.id/x")
        #expect(throws: InboxError.self) { try AndroidSendIntent(draft()) }
    }

    @Test("manifests: activities, aliases with their target's launch mode, filters with lines, a custom namespace prefix")
    func manifests() throws {
        let m = try manifest("android/standard-launch-mode.xml")
        #expect(m.package == "com.example.photos")
        #expect(m.activities.map(\.name) == [".MainActivity", ".ShareActivity", ".ShareAlias"])
        #expect(m.activities[1].exported == false)
        #expect(m.activities[2].isAlias && m.activities[2].launchMode == "standard")
        #expect(m.activities[2].filters.first?.dataTypes == ["image/*", "video/*"])
        #expect(m.activities[2].filters.first?.line == 19)
        #expect(m.activities(named: "ShareAlias").count == 1)
        #expect(m.activities(named: "com.example.photos.MainActivity").first?.name == ".MainActivity")
        let good = try manifest("doctor/good/src-tauri/gen/android/app/src/main/AndroidManifest.xml")
        #expect(good.activities.first?.launchMode == "singleTask")
        #expect(good.providers.first?.metaData["android.support.FILE_PROVIDER_PATHS"]?.value == "@xml/file_paths")
        #expect(good.providers.first?.authorities == ["${applicationId}.fileprovider"])
        #expect(throws: AndroidManifestError.self) { try AndroidManifest(xml: "<manifest><application></manifest>", file: "m.xml") }
        #expect(throws: AndroidManifestError.self) { try AndroidManifest(xml: "<paths/>", file: "m.xml") }
    }

    @Test("resolution: the first exported activity whose filter matches; a refusal names each filter's file:line and why")
    func resolution() throws {
        let receiver = AndroidReceiver(manifest: try manifest("android/standard-launch-mode.xml"), filesDirectory: "/nonexistent")
        let images = try AndroidSendIntent(draft(images: 2))
        #expect(try receiver.resolve(images, activity: nil).activity.name == ".ShareAlias")
        let text = try AndroidSendIntent(draft(text: "hi"))
        do {
            _ = try receiver.resolve(text, activity: nil)
            Issue.record("resolved")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.message == "no activity of the app accepts ACTION_SEND of type text/plain: "
                + "android/standard-launch-mode.xml:6: the <intent-filter> of .MainActivity does not match: its actions do not include android.intent.action.SEND; "
                + "android/standard-launch-mode.xml:11: .ShareActivity has android:exported=\"false\", so no other app can start it; "
                + "android/standard-launch-mode.xml:19: the <intent-filter> of .ShareAlias does not match: the type text/plain matches none of its mimeType values")
        }
        let noDefault = AndroidReceiver(manifest: try manifest("android/no-default-category.xml"), filesDirectory: "/nonexistent")
        #expect(throws: InboxError.self) { try noDefault.resolve(try AndroidSendIntent(draft(images: 1)), activity: nil) }
    }
}

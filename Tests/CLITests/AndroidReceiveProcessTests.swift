import BridgeJSON
import Foundation
import Synchronization
import Testing
import TestSupport

/// An Android app's filesDir, fresh.
func filesDirectory() throws -> String { try appGroup() }

let goodManifest = Fixtures.path("doctor/good/src-tauri/gen/android/app/src/main/AndroidManifest.xml")

/// `bridge extension receive --platform android` once.
func receiveAndroid(_ files: String, _ extra: [String], manifest: String = goodManifest) throws -> (status: Int32?, answer: JSON, stderr: String) {
    let r = try runBridge(["extension", "receive", "--platform", "android", "--manifest", manifest, "--files-dir", files] + extra,
                          executable: Products.bridge)
    return (r.status, (try? JSONParser.parse(r.stdout)) ?? .null, r.stderr)
}

func activity(_ files: String, _ event: String) throws -> JSON {
    let r = try runBridge(["extension", "activity", event, "--files-dir", files], executable: Products.bridge)
    #expect(r.status == 0, "\(r.stderr)")
    return try JSONParser.parse(r.stdout)
}

/// The app's `read`, on Android.
func readAndroid(_ files: String) throws -> JSON {
    let r = try runBridge(["invoke", "plugin:share-extension|read", "--platform", "android", "--files-dir", files], executable: Products.bridge)
    #expect(r.status == 0, "\(r.stderr)")
    let result = try JSONParser.parse(r.stdout)
    Contract.check(result, "commands/share-extension/read.result")
    return result
}

@Suite("Android receive with real processes", .serialized)
struct AndroidReceiveProcessTests {
    @Test("cold start, warm start, recreation, process death: each share is read once, all images of a multiple share arrive")
    func delivery() throws {
        let files = try filesDirectory()
        let cold = try receiveAndroid(files, ["--text", "three photos", "--image", pngFile(), "--image", pngFile(), "--image", pngFile()])
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(cold.answer["intent"]?["action"] == "android.intent.action.SEND_MULTIPLE")
        #expect(cold.answer["intent"]?["type"] == "image/png")
        #expect(cold.answer["delivery"]?["start"] == "cold")
        #expect(cold.answer["delivery"]?["via"] == "launch intent (onCreate)")
        #expect(cold.answer["filter"]?.stringValue?.hasSuffix("AndroidManifest.xml:27") == true)

        let warm = try receiveAndroid(files, ["--url", "https://frak.id/x"])
        #expect(warm.answer["delivery"]?["start"] == "warm")
        #expect(warm.answer["delivery"]?["via"] == "onNewIntent")
        #expect(warm.answer["intent"]?["action"] == "android.intent.action.SEND")

        let recreated = try activity(files, "recreate")
        #expect(recreated["outcome"]?["delivered"] == .null)
        #expect(recreated["outcome"]?["share"] == warm.answer["id"])
        _ = try activity(files, "kill")
        let restored = try activity(files, "restore")
        #expect(restored["outcome"]?["delivered"] == .null)

        let read = try readAndroid(files)
        let items = read["items"]?.arrayValue ?? []
        #expect(items.map { $0["id"] } == [cold.answer["id"], warm.answer["id"]])
        #expect(items.first?["attachments"]?.arrayValue?.count == 3)
        #expect(items.first?["text"] == "three photos")
        #expect(items.last?["url"] == "https://frak.id/x")
        #expect(items.allSatisfy { $0["attachments"]?.arrayValue?.allSatisfy { $0["present"] == true } == true })
        let clear = try runBridge(["invoke", "plugin:share-extension|clear", "{}", "--files-dir", files], executable: Products.bridge)
        #expect(try JSONParser.parse(clear.stdout)["removed"]?.arrayValue?.count == 2)
        #expect(try readAndroid(files)["items"] == [])
        // After process death the next share is a cold start again.
        _ = try activity(files, "kill")
        #expect(try receiveAndroid(files, ["--text", "again"]).answer["delivery"]?["start"] == "cold")
    }

    @Test("a share no filter accepts is refused naming the filters, stores nothing, exits 1")
    func refused() throws {
        let files = try filesDirectory()
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).pdf").path
        try "%PDF-1.7\n".write(toFile: pdf, atomically: true, encoding: .utf8)
        let r = try receiveAndroid(files, ["--file", pdf])
        #expect(r.status == 1)
        #expect(r.answer["kind"] == "refused")
        #expect(r.answer["reason"]?.stringValue?.contains("AndroidManifest.xml:21: the <intent-filter> of .MainActivity does not match: the type application/pdf matches none of its mimeType values") == true, "\(r.answer)")
        let textOnly = try receiveAndroid(files, ["--image", pngFile()], manifest: Fixtures.path("android/text-only.xml"))
        #expect(textOnly.status == 1)
        let noDefault = try receiveAndroid(files, ["--image", pngFile()], manifest: Fixtures.path("android/no-default-category.xml"))
        #expect(noDefault.answer["reason"]?.stringValue?.contains("MATCH_DEFAULT_ONLY") == true)
        #expect(try readAndroid(files)["items"] == [])
        let unknown = try runBridge(["extension", "receive", "--platform", "android", "--manifest", goodManifest, "--files-dir", files,
                                     "--activity", ".Nope", "--text", "x"], executable: Products.bridge)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no activity named .Nope; it declares .MainActivity"))
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("m-\(UUID().uuidString).xml").path
        try "<manifest>\n<application>\n</manifest>".write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try receiveAndroid(files, ["--text", "x"], manifest: broken)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(broken):3:"), "\(bad.stderr)")
    }

    @Test("concurrent shares to a stopped app: exactly one cold start, every share stored once")
    func concurrentCold() throws {
        let files = try filesDirectory()
        let answers = Mutex<[JSON]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { n in
            for k in 0..<3 {
                if let r = try? receiveAndroid(files, ["--text", "w\(n)-\(k)"]), r.status == 0 { answers.withLock { $0.append(r.answer) } }
            }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == 18)
        #expect(all.filter { $0["delivery"]?["start"] == "cold" }.count == 1)
        let ids = all.compactMap { $0["id"]?.stringValue }
        #expect(Set(itemIDs(try readAndroid(files))) == Set(ids))
    }
}

@Suite("Android receive: the shareReceived event, spawned")
struct AndroidShareEventTests {
    @Test("a serve session on the app's filesDir is told when an Android share lands (bridge/event shareReceived)")
    func event() throws {
        let files = try filesDirectory()
        let serve = try BridgeProcess(["serve", "--platform", "android", "--files-dir", files], executable: Products.bridge)
        serve.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        #expect(serve.nextLine(timeout: 30) != nil, "the session answers initialize")
        let share = try receiveAndroid(files, ["--text", "from another app", "--image", pngFile()])
        #expect(share.status == 0, "\(share.stderr)")
        var event: JSON? = nil
        while event == nil, let line = serve.nextLine(timeout: 30) {
            let message = try JSONParser.parse(line)
            if message["method"] == "bridge/event" { event = message["params"] }
        }
        #expect(event == ["plugin": "share-extension", "event": "shareReceived", "payload": ["id": share.answer["id"] ?? .null]])
        serve.closeInput()
        #expect(serve.waitForExit(timeout: 30) == 0)
    }
}

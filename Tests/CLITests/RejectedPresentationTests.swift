import BridgeJSON
import Foundation
import Testing
import TestSupport

/// A call that presents a sheet and then rejects (a dismissed `plugin:share|share`) still
/// reports what the sheet showed: `invoke --inspect` in the error's `data.presentation`,
/// `--preview` and `bridge render` draw it, and `serve` sends its `bridge/presentation`.
@Suite("what a rejected call presented (spawned bridge)")
struct RejectedPresentationTests {
    @Test("invoke --inspect of a dismissed share: the error object, with the sheet as it closed in data.presentation", arguments: ["ios", "android"])
    func inspect(platform: String) throws {
        let r = try runBridge(["invoke", "plugin:share|share", #"{"text":"Look","title":"Trip"}"#, "--platform", platform, "--cancel", "--inspect"],
                              executable: Products.bridge)
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        Contract.check(error, "error")
        #expect(error["message"] == "Share canceled")
        let presentation = try #require(error["data"]?["presentation"], "the record of the dismissed sheet: \(r.stdout)")
        if platform == "ios" {
            Contract.check(presentation, "presentation/ios-share")
            #expect(presentation["completion"] == ["activityType": nil, "completed": false])
            #expect(presentation["delivered"] == .null)
            #expect(presentation["header"]?["title"] == "Trip")
        } else {
            Contract.check(presentation, "presentation/android")
            #expect(presentation["completion"]?["resultCode"] == "RESULT_CANCELED")
            #expect(presentation["completion"]?["activityType"] == .null)
            #expect(presentation["intent"]?["extras"]?["android.intent.extra.TEXT"] == "Look")
        }
        let plain = try runBridge(["invoke", "plugin:share|share", #"{"text":"Look"}"#, "--platform", platform, "--cancel"], executable: Products.bridge)
        #expect(plain.status == 1)
        #expect(try JSONParser.parse(plain.stdout)["data"]?["presentation"] == nil, "without --inspect the error is as before")
    }

    @Test("an activity that is not offered: the record says which and why")
    func notOffered() throws {
        let r = try runBridge(["invoke", "plugin:share|share", #"{"text":"Look"}"#, "--activity", "com.apple.UIKit.activity.AddToReadingList", "--inspect"],
                              executable: Products.bridge)
        #expect(r.status == 1)
        let presentation = try #require(try JSONParser.parse(r.stdout)["data"]?["presentation"])
        Contract.check(presentation, "presentation/ios-share")
        #expect(presentation["completion"]?["activityType"] == "com.apple.UIKit.activity.AddToReadingList")
        #expect(presentation["completion"]?["completed"] == false)
        #expect(presentation["completion"]?["reason"]?.stringValue?.contains("is not offered for these items") == true)
    }

    @Test("--preview of a dismissed share draws the sheet and the rejection; bridge render draws the saved error")
    func preview() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-dismissed-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try runBridge(["invoke", "plugin:share|share", #"{"text":"Look","title":"Trip"}"#, "--cancel", "--inspect", "--preview", file],
                              executable: Products.bridge)
        #expect(r.status == 1)
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("data-outcome=\"cancelled\""))
        #expect(html.contains("rejects with <code>Share canceled</code>"))
        let rendered = try runBridge(["render", "-"], stdin: r.stdout, executable: Products.bridge)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout == html, "the saved error renders as the preview did")
        let android = try runBridge(["invoke", "plugin:share|share", #"{"text":"Look"}"#, "--platform", "android", "--cancel", "--preview", file],
                                    executable: Products.bridge)
        #expect(android.status == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("RESULT_CANCELED"))
    }

    @Test("serve with inspect: a dismissed share's bridge/presentation comes before its error")
    func serve() throws {
        let p = try BridgeProcess(["serve", "--platform", "android"], executable: Products.bridge)
        p.sendLine(request("1", "initialize", #"{"inspect":true}"#))
        _ = try p.nextJSON()
        p.sendLine(request("2", "plugin:share|share", #"{"text":"Look","__bridge":{"cancel":true}}"#))
        let notice = try p.nextJSON()
        #expect(notice["method"] == "bridge/presentation")
        #expect(notice["params"]?["id"] == 2)
        #expect(notice["params"]?["presentation"]?["completion"]?["resultCode"] == "RESULT_CANCELED")
        let response = try p.nextJSON()
        #expect(response["id"] == 2)
        #expect(response["error"]?["message"] == "Share canceled")
        #expect(response["error"]?["data"]?["presentation"] == nil, "the record travels in the notification, as for a result")
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }
}

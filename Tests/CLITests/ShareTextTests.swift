import BridgeJSON
import Foundation
import Testing
import TestSupport

@Suite("share_text end to end (spawned bridge)", .serialized)
struct ShareTextTests {
    let peer: HTTPPeer

    init() throws { peer = try HTTPPeer() }

    func cacheDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-e2e-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("invoke on iOS: the bare result, or the result and the record with --inspect")
    func iosInvoke() throws {
        let args = #"{"url":"https://frak.id/i","text":"Join me","title":"Frak"}"#
        let bare = try runBridge(["invoke", "share_text", args], executable: Products.bridge)
        #expect(bare.status == 0)
        #expect(bare.stdout == "{\"shared\":true}\n")
        let inspected = try runBridge(["invoke", "share_text", args, "--inspect", "--device", "ipad", "--activity", "com.apple.UIKit.activity.Mail"],
                                      executable: Products.bridge)
        let doc = try JSONParser.parse(inspected.stdout)
        #expect(doc["result"] == ["shared": true])
        Contract.check(doc["result"] ?? .null, "commands/frak-share/share_text.result")
        Contract.check(doc["presentation"] ?? .null, "presentation/ios")
        #expect(doc["presentation"]?["device"] == "ipad")
        #expect(doc["presentation"]?["popover"]?["permittedArrowDirections"] == [])
        #expect(doc["presentation"]?["completion"] == ["activityType": "com.apple.UIKit.activity.Mail", "completed": true])
    }

    @Test("--cancel: the simulated user dismisses the sheet")
    func cancel() throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--cancel"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "{\"shared\":false}\n")
    }

    @Test("desktop platforms refuse with -32002 and exit 1")
    func desktop() throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--platform", "windows"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(try JSONParser.parse(r.stdout)["code"] == -32002)
        Contract.check(try JSONParser.parse(r.stdout), "error")
        #expect(r.stderr == "bridge: share_text failed: frak-share is only available on iOS and Android (-32002 unsupported_platform)\n")
    }

    @Test("Android: two processes share one cache, and the second does not download again")
    func androidCacheAcrossProcesses() throws {
        let cache = cacheDirectory()
        let args = #"{"url":"https://frak.id/i","imageUrl":"\#(peer.url("/image.png"))"}"#
        let options = ["--platform", "android", "--inspect", "--cache-dir", cache, "--app-id", "id.frak.wallet"]
        let first = try JSONParser.parse(try runBridge(["invoke", "share_text", args] + options, executable: Products.bridge).stdout)
        let second = try JSONParser.parse(try runBridge(["invoke", "share_text", args] + options, executable: Products.bridge).stdout)
        #expect(first["presentation"]?["thumbnail"]?["outcome"] == "downloaded")
        Contract.check(first["presentation"] ?? .null, "presentation/android")
        Contract.check(second["presentation"] ?? .null, "presentation/android")
        #expect(second["presentation"]?["thumbnail"]?["outcome"] == "cached")
        let uri = second["presentation"]?["intent"]?["clipData"]?["uri"]?.stringValue ?? ""
        #expect(uri.hasPrefix("content://id.frak.wallet.fileprovider/share/share-"))
        #expect(try peer.hits("/image.png") == 1)
    }

    @Test("--provider-paths reads a real provider_paths.xml; a bad one is a usage error naming the file")
    func providerPaths() throws {
        let dir = cacheDirectory()
        let xml = dir + "/provider_paths.xml"
        try #"<paths><cache-path name="thumbs" path="share/"/></paths>"#.write(toFile: xml, atomically: true, encoding: .utf8)
        let args = #"{"text":"hi","imageUrl":"\#(peer.url("/image.jpg"))"}"#
        let r = try runBridge(["invoke", "share_text", args, "--platform", "android", "--inspect", "--cache-dir", dir + "/cache",
                               "--provider-paths", xml], executable: Products.bridge)
        let uri = try JSONParser.parse(r.stdout)["presentation"]?["thumbnail"]?["contentUri"]?.stringValue ?? ""
        #expect(uri.hasPrefix("content://com.example.app.fileprovider/thumbs/share-"))
        #expect(uri.hasSuffix(".jpg"))
        try "<paths>\n<cache-path path=\"x\"/>\n</paths>".write(toFile: xml, atomically: true, encoding: .utf8)
        let bad = try runBridge(["invoke", "share_text", args, "--provider-paths", xml], executable: Products.bridge)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("bridge: \(xml): <cache-path> needs a non-empty name attribute"))
    }

    @Test("serve with inspect: bridge/presentation arrives before its response")
    func presentationNotification() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "initialize", #"{"inspect":true,"platform":"android"}"#))
        #expect(try p.nextJSON()["result"]?["inspect"] == true)
        p.sendLine(request("\"s\"", "plugin:frak-share|share_text", #"{"text":"hi","title":"T"}"#))
        let note = try p.nextJSON()
        #expect(note["method"] == "bridge/presentation")
        #expect(note["params"]?["id"] == "s")
        #expect(note["params"]?["presentation"]?["platform"] == "android")
        #expect(try p.nextJSON() == ["jsonrpc": "2.0", "id": "s", "result": ["shared": true]])
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("a share waiting on a slow thumbnail never blocks other requests; cancelling it answers at once")
    func slowShareDoesNotBlock() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("\"slow\"", "plugin:frak-share|share_text", #"{"text":"x","imageUrl":"\#(peer.url("/drip"))"}"#))
        usleep(200_000)
        // Outcomes, not wall times (STYLE §12): the fast call is answered first, while the slow one
        // still waits on its thumbnail; the cancel answers -32800 (a share that had waited out the
        // 2.0 s bound would have been answered with a result instead).
        p.sendLine(request("\"fast\"", "plugin:frak-share|share_text", #"{"text":"y"}"#))
        #expect(try p.nextJSON()["id"] == "fast")
        p.sendLine(notification("$/cancelRequest", #"{"id":"slow"}"#))
        let cancelled = try p.nextJSON()
        #expect(cancelled["id"] == "slow")
        #expect(cancelled["error"]?["code"] == -32800)
        p.closeInput()
        #expect(p.waitForExit() == 0)
        #expect(p.remainingOutput() == "")
    }

    @Test("per-call simulation with __bridge")
    func perCallSimulation() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", #"{"text":"x","__bridge":{"cancel":true}}"#))
        #expect(try p.nextJSON()["result"] == ["shared": false])
        p.sendLine(request("2", "plugin:frak-share|share_text", #"{"text":"x"}"#))
        #expect(try p.nextJSON()["result"] == ["shared": true])
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }
}

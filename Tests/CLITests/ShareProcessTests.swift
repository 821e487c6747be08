import BridgeJSON
import Foundation
import Testing
import TestSupport

/// `bridge invoke share` spawned, with real files under --files-root and a data: URL.
@Suite("share (spawned bridge)", .serialized)
struct ShareProcessTests {
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==") ?? Data()

    @Test("a PNG on AirDrop arrives as PNG data, a PDF as a file URL; outside --files-root is refused naming the entry")
    func airDrop() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-share-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.png.write(to: root.appendingPathComponent("shot.png"))
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: root.appendingPathComponent("report.pdf"))
        let args = #"{"title":"Shot","files":["\#(root.path)/shot.png","data:application/pdf;base64,\#(Data("%PDF-1.4\n%%EOF\n".utf8).base64EncodedString())"],"preview":{"subtitle":"Game screenshot"}}"#
        let r = try runBridge(["invoke", "share", args, "--files-root", root.path, "--activity", "com.apple.UIKit.activity.AirDrop", "--inspect"],
                              executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try JSONParser.parse(r.stdout)
        #expect(out["result"] == ["activityType": "com.apple.UIKit.activity.AirDrop"])
        let delivered = out["presentation"]?["delivered"]?["items"]?.arrayValue?.compactMap { $0["as"]?.stringValue }
        #expect(delivered == ["Data (pngData())", "URL"])
        #expect(out["presentation"]?["linkMetadata"]?["originalURL"] == "file:///Game%20screenshot")
        let outside = try runBridge(["invoke", "share", #"{"files":["/etc/hostname"]}"#, "--files-root", root.path], executable: Products.bridge)
        #expect(outside.status == 1)
        #expect(outside.stdout.contains("invalid args `files[0]` for command `share`: \\\"/etc/hostname\\\" is outside the folders files may be shared from (--files-root)"))
        let desktop = try runBridge(["invoke", "share", #"{"text":"hi"}"#, "--platform", "linux"], executable: Products.bridge)
        #expect(desktop.status == 1)
        #expect(desktop.stdout.contains("share is only available on iOS and Android"))
    }

    @Test("serve on iOS: a sheet that never completes holds the screen; a share meanwhile is refused as the plugin refuses it, one right after the cancellation presents")
    func slot() throws {
        // frak-share as the seeds knew it, whose iOS present UIKit refuses while a sheet is up.
        let p = try BridgeProcess(["serve", "--plugin-version", "frak-share@0fd3b566"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:share|share", #"{"text":"Look","__bridge":{"outcome":"never"}}"#))
        #expect(p.nextLine(timeout: 0.5) == nil, "a sheet that never completes is not answered")
        p.sendLine(request("2", "plugin:share|share", #"{"text":"Again"}"#))
        let refused = try p.nextJSON()
        #expect(refused["id"] == 2)
        #expect(refused["error"]?["code"] == -32003)
        #expect(refused["error"]?["message"] == "Can't share while sharing is in progress")
        #expect(refused["error"]?["data"]?["layer"] == "ios")
        // frak-share's sheet occupies the same screen: UIKit refuses its present too.
        p.sendLine(request("3", "plugin:frak-share|share_text", #"{"text":"Join me"}"#))
        let warning = try p.nextJSON()
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["code"] == "present_refused")
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        #expect(try p.nextJSON()["error"]?["code"] == -32800)
        // The cancelled sheet was taken down before the session read on: no retry needed.
        p.sendLine(request("4", "plugin:share|share", #"{"text":"Now","__bridge":{"activity":"com.apple.UIKit.activity.Mail"}}"#))
        let fourth = try p.nextJSON()
        #expect(fourth["id"] == 4)
        #expect(fourth["result"] == ["activityType": "com.apple.UIKit.activity.Mail"], "\(fourth)")
        p.sendLine(notification("$/cancelRequest", #"{"id":3}"#))
        #expect(try p.nextJSON()["id"] == 3)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("an http file from a local peer is downloaded and shared as the image it is")
    func httpFile() throws {
        let peer = try HTTPPeer()
        let r = try runBridge(["invoke", "share", #"{"title":"Shot","files":["\#(peer.url("/image.png"))"]}"#, "--inspect"], executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try JSONParser.parse(r.stdout)
        let item = out["presentation"]?["activityItems"]?.arrayValue?.first
        #expect(item?["kind"] == "image")
        #expect(item?["dataTypeIdentifier"] == "public.png")
        #expect(item?["file"]?["scheme"] == "http")
        #expect(item?["file"]?["name"] == "image.png")
        let served = try ChildProcess.run("/usr/bin/env", ["python3", "-c",
            "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())", peer.url("/image.png")]).output
        let icon = out["presentation"]?["linkMetadata"]?["icon"]?["dataURL"]?.stringValue ?? ""
        #expect(Data(base64Encoded: String(icon.drop { $0 != "," }.dropFirst())) == Data(served), "the header's icon is the bytes the peer served")
        #expect(item?["file"]?["byteCount"] == JSON.integer(served.count))
        try Contract.check(#require(out["presentation"]), "presentation/ios-share")
    }

    @Test("an unknown member of preview is a warning with the did-you-mean; --strict refuses it")
    func unknownPreviewKey() throws {
        let args = #"{"text":"Look","preview":{"subtitel":"Game screenshot"}}"#
        let warned = try runBridge(["invoke", "share", args], executable: Products.bridge)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("bridge: warning: invalid args `preview.subtitel` for command `share`: unknown key, which the plugin never reads (the value never reaches the sheet); did you mean `preview.subtitle`?"), "\(warned.stderr)")
        let strict = try runBridge(["invoke", "share", args, "--strict"], executable: Products.bridge)
        #expect(strict.status == 1)
        let error = try JSONParser.parse(strict.stdout)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == "preview.subtitel")
        #expect(error["data"]?["layer"] == "command")
        let other = try runBridge(["invoke", "share", #"{"text":"Look","preview":{"colour":"red"}}"#], executable: Products.bridge)
        #expect(other.stderr.contains("expected one of `preview.title`, `preview.subtitle`, `preview.image`"), "\(other.stderr)")
    }
}

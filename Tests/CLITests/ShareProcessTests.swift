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
}

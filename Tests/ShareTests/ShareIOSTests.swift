import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeShareNatives
import BridgeSimulation
import Foundation
import TestSupport
import Testing

/// The iOS-like backend of `share`: item sources, link metadata (seeds 002 and 003), and what
/// each activity receives.
@Suite("share on iOS: item sources, link metadata, per-activity deliveries", .serialized)
struct ShareIOSTests {
    static func share(_ params: JSON, root: String, activity: String = "com.apple.UIKit.activity.CopyToPasteboard",
                      device: DeviceClass = .iphone) async throws -> (result: JSON, record: JSON) {
        let context = CallContext(device: device, simulation: Simulation(activity: activity))
        let output = try await ShareFixtures.call("share", params, root: root, context: context).get()
        return (output.result, output.presentation ?? .null)
    }

    /// The `i`th element of an array, if any.
    static func at(_ array: JSON?, _ i: Int) -> JSON? {
        guard let a = array?.arrayValue, a.indices.contains(i) else { return nil }
        return a[i]
    }

    /// A share of every kind of file, a link and a text.
    static func everything(_ root: String) -> JSON {
        ["title": "Trip", "text": "Look at these", "url": "https://example.com/trip",
         "files": [.string(root + "/shot.png"), .string(root + "/photo.jpg"), .string(root + "/report.pdf"),
                   .string(root + "/clip.mp4"), .string(root + "/notes.txt")]]
    }

    @Test("seed 002: each file's item source has its dataTypeIdentifier from its bytes; images are UIImage, other files file URLs", arguments: [
        ("shot.png", "image", "UIImage", "public.png"), ("photo.jpg", "image", "UIImage", "public.jpeg"),
        ("report.pdf", "file", "URL", "com.adobe.pdf"), ("clip.mp4", "file", "URL", "public.mpeg-4"),
        ("notes.txt", "file", "URL", "public.plain-text"),
    ])
    func dataTypeIdentifiers(name: String, kind: String, item: String, type: String) async throws {
        let root = try ShareFixtures.folder()
        // A misleading name changes nothing: the type comes from the bytes.
        let renamed = root + "/renamed.bin"
        try FileManager.default.copyItem(atPath: root + "/" + name, toPath: renamed)
        let (_, record) = try await Self.share(["title": "T", "files": [.string(renamed)]], root: root,
                                                activity: "com.apple.UIKit.activity.CopyToPasteboard")
        let source = try #require(ShareIOSTests.at(record["activityItems"], 0))
        #expect(source["kind"] == .string(kind))
        #expect(source["item"] == .string(item))
        #expect(source["dataTypeIdentifier"] == .string(type))
        #expect(source["placeholder"] == "T")
        if item == "URL" { #expect(source["url"] == .string(URL(fileURLWithPath: renamed).absoluteString)) }
        Contract.check(record, "presentation/ios-share")
    }

    @Test("the item sources come in order: one per file, then the link, then the text")
    func order() async throws {
        let root = try ShareFixtures.folder()
        let (_, record) = try await Self.share(Self.everything(root), root: root)
        let kinds = record["activityItems"]?.arrayValue?.compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["image", "image", "file", "file", "file", "link", "text"])
    }

    @Test("seed 002: the subtitle trick sets originalURL = URL(fileURLWithPath: subtitle), and the header shows the subtitle")
    func subtitleTrick() async throws {
        let root = try ShareFixtures.folder()
        let (_, record) = try await Self.share(["title": "Zelda", "url": "https://example.com/z", "files": [.string(root + "/shot.png")],
                                                "preview": ["subtitle": "Game screenshot"]], root: root)
        #expect(record["linkMetadata"]?["originalURL"] == "file:///Game%20screenshot")
        #expect(record["linkMetadata"]?["url"] == "https://example.com/z")
        #expect(record["linkMetadata"]?["title"] == "Zelda")
        #expect(record["header"]?["subtitle"] == "Game screenshot")
        // Without a subtitle, originalURL is the link, and the header shows its host.
        let (_, plain) = try await Self.share(["title": "Zelda", "url": "https://example.com/z"], root: root)
        #expect(plain["linkMetadata"]?["originalURL"] == "https://example.com/z")
        #expect(plain["header"]?["subtitle"] == "example.com")
    }

    @Test("seed 003: preview.title and preview.image make the header; else the title and the first image")
    func preview() async throws {
        let root = try ShareFixtures.folder()
        let (_, withPreview) = try await Self.share(["title": "Report", "files": [.string(root + "/report.pdf"), .string(root + "/photo.jpg")],
                                                     "preview": ["title": "SwiftUIRecipes.com", "image": .string(root + "/shot.png")]], root: root)
        #expect(withPreview["linkMetadata"]?["title"] == "SwiftUIRecipes.com")
        #expect(withPreview["linkMetadata"]?["icon"]?["typeIdentifier"] == "public.png")
        #expect(withPreview["linkMetadata"]?["icon"]?["sourceURL"] == .string(root + "/shot.png"))
        #expect(withPreview["header"]?["title"] == "SwiftUIRecipes.com")
        // The metadata rides on the first item source.
        #expect(ShareIOSTests.at(withPreview["activityItems"], 0)?["metadata"]?["title"] == "SwiftUIRecipes.com")
        let (_, fallback) = try await Self.share(["title": "Report", "files": [.string(root + "/report.pdf"), .string(root + "/photo.jpg")]], root: root)
        #expect(fallback["linkMetadata"]?["title"] == "Report")
        #expect(fallback["linkMetadata"]?["icon"]?["typeIdentifier"] == "public.jpeg")
        let (_, noImage) = try await Self.share(["title": "Report", "files": [.string(root + "/report.pdf")]], root: root)
        #expect(noImage["linkMetadata"]?["icon"] == .null)
    }

    struct Delivery: Sendable, CustomStringConvertible {
        let activity: String
        /// What arrives, `kind type as` per item, or nil when the activity is not offered.
        let everything: [String]?
        /// The same activity for a share of one PDF only.
        let pdfOnly: [String]?
        var description: String { activity }
    }

    static let deliveries: [Delivery] = [
        Delivery(activity: "com.apple.UIKit.activity.AirDrop",
                 everything: ["image public.png Data (pngData())", "image public.jpeg UIImage", "file com.adobe.pdf URL", "file public.mpeg-4 URL", "file public.plain-text URL"],
                 pdfOnly: ["file com.adobe.pdf URL"]),
        Delivery(activity: "com.apple.UIKit.activity.Mail",
                 everything: ["text public.plain-text String", "link public.url URL", "file public.png attachment (URL)", "file public.jpeg attachment (URL)",
                              "file com.adobe.pdf attachment (URL)", "file public.mpeg-4 attachment (URL)", "file public.plain-text attachment (URL)"],
                 pdfOnly: ["file com.adobe.pdf attachment (URL)"]),
        Delivery(activity: "com.apple.UIKit.activity.Message",
                 everything: ["text public.plain-text String", "link public.url URL", "image public.png UIImage", "image public.jpeg UIImage",
                              "file com.adobe.pdf attachment (URL)", "file public.mpeg-4 attachment (URL)", "file public.plain-text attachment (URL)"],
                 pdfOnly: ["file com.adobe.pdf attachment (URL)"]),
        Delivery(activity: "com.apple.UIKit.activity.SaveToCameraRoll",
                 everything: ["image public.png UIImage", "image public.jpeg UIImage"], pdfOnly: nil),
        Delivery(activity: "com.apple.UIKit.activity.AddToReadingList", everything: ["link public.url URL"], pdfOnly: nil),
        Delivery(activity: "com.apple.UIKit.activity.Print",
                 everything: ["image public.png UIImage", "image public.jpeg UIImage", "file com.adobe.pdf URL"], pdfOnly: ["file com.adobe.pdf URL"]),
        Delivery(activity: "com.apple.UIKit.activity.CopyToPasteboard",
                 everything: ["text public.plain-text String", "link public.url URL", "image public.png UIImage", "image public.jpeg UIImage",
                              "file com.adobe.pdf URL", "file public.mpeg-4 URL", "file public.plain-text URL"],
                 pdfOnly: ["file com.adobe.pdf URL"]),
        Delivery(activity: "net.whatsapp.WhatsApp.ShareExtension",
                 everything: ["text public.plain-text String", "link public.url URL", "image public.png UIImage", "image public.jpeg UIImage",
                              "file com.adobe.pdf URL", "file public.mpeg-4 URL", "file public.plain-text URL"],
                 pdfOnly: ["file com.adobe.pdf URL"]),
    ]

    static func arrived(_ record: JSON) -> [String]? {
        record["delivered"]?["items"]?.arrayValue?.map { item in
            ["kind", "type", "as"].compactMap { item[$0]?.stringValue }.joined(separator: " ")
        }
    }

    @Test("per activity: exactly what arrives and in which type; an activity that can take nothing is not offered", arguments: deliveries)
    func perActivity(_ row: Delivery) async throws {
        let root = try ShareFixtures.folder()
        for (params, expected) in [(Self.everything(root), row.everything), (["files": [.string(root + "/report.pdf")]] as JSON, row.pdfOnly)] {
            let outcome = try await ShareFixtures.call("share", params, root: root,
                                                       context: CallContext(simulation: Simulation(activity: row.activity)))
            if let expected {
                let output = try outcome.get()
                #expect(output.result == ["activityType": .string(row.activity)])
                #expect(Self.arrived(output.presentation ?? .null) == expected)
                Contract.check(output.presentation ?? .null, "presentation/ios-share")
            } else {
                #expect(outcome.failure?.message == "Share canceled")
                #expect(outcome.failure?.data["reason"]?.stringValue?.contains("not offered") == true)
            }
        }
    }

    @Test("seed 002: AirDrop gets the link only when there are no files, never the prose beside it")
    func airDropLink() async throws {
        let root = try ShareFixtures.folder()
        let (_, linkOnly) = try await Self.share(["text": "Read this", "url": "https://example.com/a"], root: root,
                                                  activity: "com.apple.UIKit.activity.AirDrop")
        #expect(Self.arrived(linkOnly) == ["link public.url URL"])
        let (_, textOnly) = try await Self.share(["text": "Read this"], root: root, activity: "com.apple.UIKit.activity.AirDrop")
        #expect(Self.arrived(textOnly) == ["text public.plain-text String"])
    }

    @Test("Mail's subject is the title")
    func mailSubject() async throws {
        let root = try ShareFixtures.folder()
        let (_, record) = try await Self.share(Self.everything(root), root: root, activity: "com.apple.UIKit.activity.Mail")
        #expect(record["delivered"]?["subject"] == "Trip")
    }

    @Test("data: URLs are files too: their bytes say their type, whatever they declare")
    func dataURLs() async throws {
        let root = try ShareFixtures.folder()
        let (_, record) = try await Self.share(["files": [.string(ShareFixtures.dataURL(ShareFixtures.png, type: "application/octet-stream")),
                                                          .string(ShareFixtures.dataURL(ShareFixtures.pdf, type: "image/png"))]],
                                                root: root, activity: "com.apple.UIKit.activity.AirDrop")
        #expect(Self.arrived(record) == ["image public.png Data (pngData())", "file com.adobe.pdf URL"])
        let pdfItem = try #require(ShareIOSTests.at(record["activityItems"], 1))
        #expect(pdfItem["file"]?["name"] == "document.pdf")
        #expect(pdfItem["url"]?.stringValue?.hasSuffix("/tmp/share/document.pdf") == true)
    }

    @Test("a dismissal rejects Share canceled; --outcome busy rejects Can't share while sharing is in progress")
    func dismissalAndBusy() async throws {
        let root = try ShareFixtures.folder()
        let cancelled = try await ShareFixtures.call("share", ["text": "x"], root: root, context: CallContext(simulation: Simulation(cancel: true)))
        #expect(cancelled.failure?.code == .rejected)
        #expect(cancelled.failure?.message == "Share canceled")
        let busy = try await ShareFixtures.call("share", ["text": "x"], root: root, context: CallContext(simulation: Simulation(outcome: .busy)))
        #expect(busy.failure?.code == .rejected)
        #expect(busy.failure?.message == "Can't share while sharing is in progress")
        Contract.check(busy.failure?.json ?? .null, "error")
    }

    @Test("iPad: the sheet is the centred popover share_text uses; without an anchor UIKit raises")
    func iPad() async throws {
        let root = try ShareFixtures.folder()
        let (_, record) = try await Self.share(["files": [.string(root + "/shot.png")]], root: root, device: .ipad)
        #expect(record["popover"]?["sourceRect"] == ["x": 417, "y": 597, "width": 0, "height": 0])
        let unanchored = try await ShareFixtures.call("share", ["text": "x"], root: root,
                                                      context: CallContext(device: .ipad, simulation: Simulation(outcome: .unanchored)))
        #expect(unanchored.failure?.code == .internalError)
    }

    @Test("layer 2 checks again by itself: no platform presents an empty sheet")
    func layerTwo() async throws {
        let root = try ShareFixtures.folder()
        let ios = IOSBackend()
        let context = CallContext()
        for (payload, message) in [(JSON.array([]), "Missing share payload"), ([:], "Missing 'title', 'text', 'url' or 'files' parameter"),
                                   (["files": []], "invalid args `files`: must not be empty when present"),
                                   (["files": ["/a.png"]], "invalid args `files`: the 1 files of the payload are not the 0 files layer 1 checked")] as [(JSON, String)] {
            do {
                // Refused as the call starts, before anything waits.
                _ = try ios.share(ShareCall(payload: payload, context: context))
                Issue.record("\(payload) was shared")
            } catch {
                #expect(error.message == message)
                #expect(error.data["layer"] == "ios")
            }
        }
        // A file that changed after layer 1 read it is refused too.
        let resolved = try await ShareFileResolver(rules: ShareFileRules(roots: [root])).resolve([root + "/notes.txt"], command: "share")
        try Data("a longer text than before\n".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        do {
            _ = try ios.share(ShareCall(payload: ["files": [.string(root + "/notes.txt")]], context: context, files: resolved))
            Issue.record("a changed file was shared")
        } catch {
            #expect(error.message.contains("is gone or changed since it was checked"))
        }
    }
}

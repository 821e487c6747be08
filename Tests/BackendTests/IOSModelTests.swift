import BridgeDevice
import BridgeJSON
import BridgeMedia
import BridgeProtocol
@testable import BridgeShareNatives
import Testing

@Suite("iOS model: items, delivery, the iPad anchor")
struct IOSModelTests {
    let metadata = LinkMetadata(title: "T", url: "https://a.b/c", icon: nil)

    @Test("the link item comes first, then the text item, never one string")
    func items() {
        let items = ActivityItem.items(url: "https://a.b/c", text: "Join me", title: "T", metadata: metadata)
        #expect(items == [.link(url: "https://a.b/c", subject: "T", metadata: metadata), .text("Join me", subject: "T")])
        #expect(ActivityItem.items(url: nil, text: "x", title: nil, metadata: metadata) == [.text("x", subject: nil)])
    }

    @Test("each activity receives what its item sources return", arguments: [
        ("com.apple.UIKit.activity.Message", ["Join me", "https://a.b/c"] as [String]?),
        ("com.apple.UIKit.activity.Mail", ["Join me", "https://a.b/c"]),
        ("com.apple.UIKit.activity.AddToReadingList", ["https://a.b/c"]),
        ("com.apple.UIKit.activity.AirDrop", ["https://a.b/c"]),
        ("com.apple.UIKit.activity.CopyToPasteboard", ["Join me", "https://a.b/c"]),
        ("net.whatsapp.WhatsApp.ShareExtension", ["Join me", "https://a.b/c"]),
    ])
    func delivery(activity: String, expected: [String]?) {
        let items = ActivityItem.items(url: "https://a.b/c", text: "Join me", title: "T", metadata: metadata)
        let got = ActivityDelivery.delivered(to: activity, items: items)
        #expect(got?.items == expected)
        #expect(got?.subject == "T")
    }

    @Test("whether an activity can take a share is what it would receive, asked without building it")
    func acceptsIsDelivery() {
        let file = { (kind: ShareFileKind) in
            ShareFile(source: "data:,", scheme: .dataURL, location: .bytes([0]), byteCount: 1, kind: kind, displayName: "f")
        }
        let kinds: [ShareFileKind] = ImageKind.allCases.map { .image($0) } + MovieKind.allCases.map { .movie($0) }
            + DocumentKind.allCases.map { .document($0) } + [.data]
        // Every system activity, a share extension's, an empty name; every mix of a link, a text
        // and up to two files of any kind, in any order the plugin builds.
        let activities = ActivityType.system + ["net.whatsapp.WhatsApp.ShareExtension", ""]
        let fileSets: [[ShareFile]] = [[]] + kinds.map { [file($0)] } + kinds.flatMap { a in kinds.map { b in [file(a), file(b)] } }
        var compared = 0
        for url in [nil, "https://a.b/c"] as [String?] {
            for text in [nil, "Join me"] as [String?] {
                for files in fileSets {
                    let items = ActivityItem.items(files: files, url: url, text: text, title: "T", metadata: metadata)
                    for activity in activities {
                        let accepts = ActivityDelivery.accepts(activity, items: items)
                        let delivery = ActivityDelivery.delivery(to: activity, items: items)
                        #expect(accepts == (delivery != nil), "\(activity) with \(items.count) items")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 4 * (1 + 15 + 15 * 15) * 22)
    }

    @Test("without a link, Reading List cannot take the share and AirDrop gets the text")
    func deliveryWithoutLink() {
        let items = ActivityItem.items(url: nil, text: "Join me", title: nil, metadata: metadata)
        #expect(ActivityDelivery.delivered(to: ActivityType.addToReadingList, items: items) == nil)
        #expect(ActivityDelivery.delivered(to: ActivityType.airDrop, items: items)?.items == ["Join me"])
    }

    @Test("iPad anchors a popover at the centre of the root view, no arrow; iPhone has none")
    func popover() throws {
        let ipad = ShareSheet.forDevice(.ipad)
        try ipad.validate()
        #expect(ipad.popover?.record == [
            "sourceView": "rootViewController.view",
            "sourceRect": ["x": 417, "y": 597, "width": 0, "height": 0],
            "permittedArrowDirections": [],
        ])
        #expect(ShareSheet.forDevice(.iphone).popover == nil)
        try ShareSheet.forDevice(.iphone).validate()
    }

    @Test("an iPad sheet without an anchor is caught, as UIKit would crash on it")
    func iPadWithoutAnchor() {
        #expect(throws: ResponseError.self) { try ShareSheet(device: .ipad, popover: nil).validate() }
        #expect(ShareSheet.forDevice(.ipad, anchored: false).popover == nil)
        #expect(ShareSheet.forDevice(.iphone, anchored: false).popover == nil)
        do {
            try ShareSheet.forDevice(.ipad, anchored: false).validate()
            Issue.record("an unanchored iPad popover must raise")
        } catch {
            #expect(error.code == .internalError)
            #expect(error.message.contains("'NSGenericException', reason: 'UIPopoverPresentationController"))
            #expect(error.data["exception"] == "NSGenericException")
        }
    }
}

import BridgeJSON
import Testing
@testable import BridgeRender

@Suite("iOS share sheet rendering")
struct IOSRenderingTests {
    func render(_ record: JSON) throws -> String {
        try PresentationRenderer.document(for: record)
    }

    @Test("iPhone: a bottom sheet over a dimmed screen, no popover")
    func iPhoneBottomSheet() throws {
        let html = try render(Fixtures.ios())
        #expect(html.contains("data-screen=\"iphone\""))
        #expect(html.contains("class=\"ios-sheet bottom-sheet\""))
        #expect(html.contains("class=\"dim\""))
        #expect(!html.contains("data-popover"))
    }

    @Test("iPad: a popover centred on the record's anchor, with no arrow")
    func iPadPopover() throws {
        let html = try render(Fixtures.ios(device: "ipad"))
        #expect(html.contains("data-screen=\"ipad\""))
        #expect(html.contains("data-popover=\"true\" data-anchor-x=\"417\" data-anchor-y=\"597\" data-arrow=\"none\""))
        #expect(html.contains("style=\"left:417px;top:597px;width:375px\""))
        #expect(html.contains("width:834px;height:1194px"))
        #expect(!html.contains("class=\"ios-sheet bottom-sheet\""))
    }

    @Test("the header: the metadata's title and the link's host")
    func header() throws {
        let html = try render(Fixtures.ios())
        #expect(html.contains("<p class=\"header-title\" data-role=\"title\">Frak</p>"))
        #expect(html.contains("<p class=\"header-subtitle\" data-role=\"subtitle\">frak.id</p>"))
        #expect(html.contains("<title>Share sheet: Frak</title>"))
    }

    @Test("no title: the header shows the host")
    func headerWithoutTitle() throws {
        let html = try render(Fixtures.ios(title: nil))
        #expect(html.contains("data-role=\"title\">frak.id</p>"))
    }

    @Test("seed 002's subtitle trick: a file: originalURL shows its path as the subtitle")
    func subtitleTrick() throws {
        let html = try render(Fixtures.ios(originalURL: "file:///var/mobile/Game%20screenshot"))
        #expect(html.contains("data-role=\"subtitle\">Game screenshot</p>"))
    }

    @Test("text only: UIKit's text placeholder, the text as title")
    func textOnlyHeader() throws {
        let html = try render(Fixtures.ios(url: nil, text: "Join me\nsecond line"))
        #expect(html.contains("data-role=\"title\">Join me</p>"))
        #expect(html.contains("data-glyph=\"textPlaceholder\""))
    }

    @Test("a loaded icon is inlined as a data: URL; none: UIKit's placeholder")
    func icon() throws {
        let with = try render(Fixtures.ios(icon: Fixtures.icon()))
        #expect(with.contains("data-icon=\"image\""))
        #expect(with.contains("<img alt=\"\" src=\"\(Fixtures.redPNGDataURL)\" width=\"52\" height=\"52\">"))
        let without = try render(Fixtures.ios())
        #expect(without.contains("data-icon=\"placeholder\""))
        #expect(!without.contains("<img"))
    }

    @Test("an icon without bytes, or whose bytes are not an image, is never inlined",
          arguments: [nil, "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data:image/png;base64,@@@"])
    func iconNotEmbedded(dataURL: String?) throws {
        let html = try render(Fixtures.ios(icon: Fixtures.icon(dataURL: dataURL)))
        #expect(html.contains("data-icon=\"not-embedded\""))
        #expect(!html.contains("<img"))
        #expect(!html.contains("PHNjcmlwdD5"))
    }

    @Test("the activities follow the items", arguments: [
        (url: true, text: true, extra: nil, offered: ["AirDrop", "Messages", "Mail", "Notes", "Reminders", "Copy", "Add to Reading List"],
         absent: ["Save Image", "Save to Files", "Print"]),
        (url: false, text: true, extra: nil, offered: ["AirDrop", "Messages", "Mail", "Notes", "Reminders", "Copy"],
         absent: ["Add to Reading List", "Save Image"]),
        (url: true, text: false, extra: "image", offered: ["Add to Reading List", "Save Image", "Save to Files", "Print"],
         absent: []),
        // plugin:share's files, as ActivityDelivery delivers them: Print takes PDFs, not any file; Messages no file.
        (url: false, text: false, extra: "pdf", offered: ["AirDrop", "Mail", "Copy", "Save to Files", "Print"],
         absent: ["Messages", "Save Image", "Add to Reading List"]),
        (url: false, text: false, extra: "file", offered: ["AirDrop", "Mail", "Copy", "Save to Files"],
         absent: ["Messages", "Print", "Save Image"]),
    ] as [(url: Bool, text: Bool, extra: String?, offered: [String], absent: [String])])
    func activityRow(_ c: (url: Bool, text: Bool, extra: String?, offered: [String], absent: [String])) throws {
        let extra: [JSON] = c.extra.map { [["kind": .string($0)]] } ?? []
        let html = try render(Fixtures.ios(url: c.url ? "https://frak.id/invite" : nil, text: c.text ? "Join me" : nil,
                                           extraItems: extra))
        for name in c.offered { #expect(html.contains("aria-label=\"\(name)\""), "\(name) should be offered") }
        for name in c.absent { #expect(!html.contains("aria-label=\"\(name)\""), "\(name) should not be offered") }
    }

    @Test("the system activities come in the sheet's order")
    func activityOrder() throws {
        let html = try render(Fixtures.ios())
        let positions = ["AirDrop", "Messages", "Mail", "Notes", "Reminders", "Copy", "Add to Reading List"].map {
            html.range(of: "aria-label=\"\($0)\"")?.lowerBound
        }
        let found = positions.compactMap { $0 }
        #expect(found.count == positions.count && found == found.sorted())
    }

    @Test("buttons carry accessible names, Cancel included, and the chosen one is pressed")
    func accessibleNames() throws {
        let html = try render(Fixtures.ios(activity: "com.apple.UIKit.activity.Mail"))
        #expect(html.contains("<button type=\"button\" class=\"close\" aria-label=\"Cancel\" data-activity=\"cancel\">"))
        #expect(html.contains("data-activity-type=\"com.apple.UIKit.activity.Mail\" aria-label=\"Mail\" aria-pressed=\"true\">"))
        #expect(html.contains("data-activity-type=\"com.apple.UIKit.activity.Message\" aria-label=\"Messages\">"))
        #expect(html.occurrences(of: "aria-pressed=\"true\"") == 1)
    }

    @Test("Mail: the subject is the title, the body the text and the link card")
    func mailResult() throws {
        let html = try render(Fixtures.ios(activity: "com.apple.UIKit.activity.Mail"))
        #expect(html.contains("data-outcome=\"mail\""))
        #expect(html.contains("<span data-role=\"mail-subject\">Frak</span>"))
        #expect(html.contains("<div class=\"mail-body\" data-role=\"mail-body\"><p class=\"mail-text\">Join me</p><div class=\"link-card\""))
        #expect(html.contains("<code>{&quot;shared&quot;:true}</code>"))
    }

    @Test("Messages: the text bubble and the link card from the metadata, with its icon")
    func messagesResult() throws {
        let html = try render(Fixtures.ios(icon: Fixtures.icon()))
        #expect(html.contains("data-outcome=\"message\""))
        #expect(html.contains("<div class=\"bubble\" data-role=\"message-text\">Join me</div>"))
        #expect(html.contains("<p class=\"card-title\">Frak</p><p class=\"card-host\">frak.id</p>"))
        #expect(html.occurrences(of: Fixtures.redPNGDataURL) == 2)  // the header and the card
    }

    @Test("AirDrop: the link arrives as a link; text alone arrives as a .txt file")
    func airDropResult() throws {
        let link = try render(Fixtures.ios(activity: "com.apple.UIKit.activity.AirDrop"))
        #expect(link.contains("data-role=\"airdrop-file\" data-file-kind=\"link\""))
        #expect(!link.contains("data-file-kind=\"text\""))
        let text = try render(Fixtures.ios(url: nil, activity: "com.apple.UIKit.activity.AirDrop"))
        #expect(text.contains("data-file-kind=\"text\""))
        #expect(text.contains("a text file (.txt)"))
    }

    @Test("Reading List and Copy show what they received")
    func otherSystemResults() throws {
        let reading = try render(Fixtures.ios(activity: "com.apple.UIKit.activity.AddToReadingList"))
        #expect(reading.contains("data-outcome=\"reading-list\""))
        #expect(reading.contains("data-role=\"link-card\""))
        let copy = try render(Fixtures.ios(activity: "com.apple.UIKit.activity.CopyToPasteboard"))
        #expect(copy.contains("<pre class=\"pasteboard\" data-role=\"pasteboard\">Join me\nhttps://frak.id/invite</pre>"))
    }

    @Test("a third-party share extension joins the apps after Mail, named from its bundle id")
    func thirdParty() throws {
        let html = try render(Fixtures.ios(activity: "net.whatsapp.WhatsApp.ShareExtension"))
        #expect(html.contains("aria-label=\"WhatsApp\" aria-pressed=\"true\""))
        let mail = try #require(html.range(of: "aria-label=\"Mail\""))
        let whatsApp = try #require(html.range(of: "aria-label=\"WhatsApp\""))
        #expect(mail.lowerBound < whatsApp.lowerBound)
        #expect(html.contains("<h2>WhatsApp: what it receives</h2>"))
    }

    @Test("a dismissal: nothing pressed, shared false")
    func cancelled() throws {
        let html = try render(Fixtures.ios(activity: nil, completed: false))
        #expect(html.contains("data-outcome=\"cancelled\""))
        #expect(html.contains("<code>{&quot;shared&quot;:false}</code>"))
        #expect(!html.contains("aria-pressed=\"true\""))
    }

    @Test("an activity the items cannot reach: not offered, and the reason shown")
    func unavailable() throws {
        let html = try render(Fixtures.ios(url: nil, activity: "com.apple.UIKit.activity.AddToReadingList", completed: false,
                                           reason: "the activity cannot take these items, so the sheet would not offer it"))
        #expect(html.contains("data-outcome=\"unavailable\""))
        #expect(html.contains("<h2>Add to Reading List is not offered</h2>"))
        #expect(!html.contains("aria-label=\"Add to Reading List\""))
    }

    @Test("the icon race is reported")
    func iconLoadNote() throws {
        let html = try render(Fixtures.ios(icon: Fixtures.icon()))
        #expect(html.contains("data-role=\"icon-load\">icon race: loaded after 12 ms</p>"))
    }

    @Test("--inspect's {result, presentation} renders as its presentation")
    func inspectOutput() throws {
        let wrapped: JSON = ["result": ["shared": true], "presentation": Fixtures.ios()]
        #expect(try render(wrapped) == render(Fixtures.ios()))
    }
}

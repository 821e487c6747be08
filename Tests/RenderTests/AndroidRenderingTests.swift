import BridgeJSON
import Testing
@testable import BridgeRender

@Suite("Android chooser rendering")
struct AndroidRenderingTests {
    func render(_ record: JSON, images: [String: [UInt8]] = [:]) throws -> String {
        try PresentationRenderer.document(for: record, images: images)
    }

    @Test("the preview header: EXTRA_TITLE, then EXTRA_TEXT with its Copy button")
    func previewHeader() throws {
        let html = try render(Fixtures.android())
        #expect(html.contains("data-role=\"content-preview\""))
        #expect(html.contains("<p class=\"title\" data-role=\"title\">Frak</p>"))
        #expect(html.contains("<p class=\"text\" data-role=\"text\">Join me\nhttps://frak.id/invite</p>"))
        #expect(html.contains("aria-label=\"Copy\""))
        #expect(!html.contains("data-role=\"chooser-title\""))
        #expect(!html.contains("data-role=\"icon\""))
    }

    @Test("the ClipData thumbnail is read from the record's file and inlined")
    func thumbnail() throws {
        let record = Fixtures.android(thumbnail: true)
        #expect(PresentationRenderer.imageFiles(in: record) == [Fixtures.thumbnailFile])
        let html = try render(record, images: [Fixtures.thumbnailFile: Fixtures.redPNG])
        #expect(html.contains("<div class=\"thumbnail\" data-role=\"icon\" data-icon=\"image\"><img alt=\"\" src=\"\(Fixtures.redPNGDataURL)\""))
        #expect(html.contains("ClipData</dt><dd>content://com.example.app.fileprovider/share/share-123.png"))
    }

    @Test("a thumbnail file that cannot be read, or is not an image, is drawn as unreadable",
          arguments: [nil, Array("<svg onload=alert(1)>".utf8)] as [[UInt8]?])
    func unreadableThumbnail(bytes: [UInt8]?) throws {
        let images = bytes.map { [Fixtures.thumbnailFile: $0] } ?? [:]
        let html = try render(Fixtures.android(thumbnail: true), images: images)
        #expect(html.contains("data-icon=\"unreadable\""))
        #expect(!html.contains("<img"))
    }

    @Test("no EXTRA_TITLE: ChooserActivity hides the title row, thumbnail included")
    func thumbnailNeedsTitle() throws {
        let html = try render(Fixtures.android(title: nil, thumbnail: true), images: [Fixtures.thumbnailFile: Fixtures.redPNG])
        #expect(!html.contains("data-role=\"title\""))
        #expect(!html.contains("<img"))
        #expect(html.contains("the chooser shows the thumbnail only beside a title"))
    }

    @Test("a non-null chooser title replaces the preview header with a title bar")
    func chooserTitle() throws {
        let html = try render(Fixtures.android(thumbnail: true, chooserTitle: "Share via"),
                              images: [Fixtures.thumbnailFile: Fixtures.redPNG])
        #expect(html.contains("<h1 class=\"chooser-title\" data-role=\"chooser-title\">Share via</h1>"))
        #expect(!html.contains("data-role=\"content-preview\""))
        #expect(!html.contains("<img"))
        #expect(html.contains("data-role=\"chooser-title-note\""))
    }

    @Test("the apps that take text/plain, and Cancel (a tap outside), are buttons with names")
    func targets() throws {
        let html = try render(Fixtures.android())
        for name in ["Messages", "Gmail", "Nearby Share", "Bluetooth", "Drive", "Keep Notes", "Cancel"] {
            #expect(html.contains("aria-label=\"\(name)\""), "\(name)")
        }
    }

    @Test("the outcome: shared true at once, and what an app receives")
    func outcome() throws {
        let html = try render(Fixtures.android())
        #expect(html.contains("<code>{&quot;shared&quot;:true}</code> as soon as the chooser opens"))
        #expect(html.contains("<dd data-role=\"subject\">Frak</dd>"))
        #expect(html.contains("<pre data-role=\"body\">Join me\nhttps://frak.id/invite</pre>"))
    }
}

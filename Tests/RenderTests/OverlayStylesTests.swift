import BridgeJSON
import Testing
@testable import BridgeRender

/// Browser mode's overlay draws under a page's `style-src 'self'`: no inline style attribute in
/// its markup, the same declarations as rules of its CSS.
@Suite("The overlay's styles")
struct OverlayStylesTests {
    @Test("the overlay has no style attribute; each became a rule its CSS holds", arguments: [
        Fixtures.ios(), Fixtures.ios(device: "ipad"), Fixtures.ios(icon: Fixtures.icon()), Fixtures.android(thumbnail: true),
    ])
    func noInlineStyles(record: JSON) throws {
        let document = try PresentationRenderer.document(for: record, images: [Fixtures.thumbnailFile: Fixtures.redPNG])
        #expect(document.contains(" style=\""), "the document keeps its inline styles (its own CSP allows them)")
        let overlay = try PresentationRenderer.overlay(for: record, images: [Fixtures.thumbnailFile: Fixtures.redPNG])
        #expect(overlay.html.firstMatch(of: /<[^>]* style="/) == nil)
        let hoisted = overlay.html.matches(of: /data-bridge-style="(\d+)"/).map { String($0.output.1) }
        #expect(!hoisted.isEmpty)
        for n in hoisted { #expect(overlay.css.contains("[data-bridge-style=\"\(n)\"]{"), "rule \(n)") }
        #expect(Set(hoisted).count == hoisted.count, "one rule per element")
    }

    @Test("only attributes inside tags move: a record's text that reads style=\"…\" stays text")
    func textStaysText() {
        let html = #"<p data-role="title">a style="color:red" b</p><div class="x" style="width:3px;height:4px">t</div>"#
        let hoisted = OverlayStyles.hoist(html)
        #expect(hoisted.html == #"<p data-role="title">a style="color:red" b</p><div class="x" data-bridge-style="1">t</div>"#)
        #expect(hoisted.css == "[data-bridge-style=\"1\"]{width:3px;height:4px}\n")
    }
}

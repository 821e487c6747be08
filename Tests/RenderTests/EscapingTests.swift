import BridgeJSON
import Testing
@testable import BridgeRender

@Suite("Rendering hostile records")
struct EscapingTests {
    static let hostile = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>&amp;"
    static let escapedText = "&lt;script&gt;alert(1)&lt;/script&gt;\"'&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;"

    /// No markup from the record: no script, no second image, no event handler attribute.
    func expectInert(_ html: String) {
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(html.firstMatch(of: /<[^>]*onerror/) == nil)
        #expect(!html.lowercased().contains("javascript:"))
    }

    @Test("an iOS title, text and URL with markup render as text")
    func iosHostile() throws {
        let html = try PresentationRenderer.document(for: Fixtures.ios(
            url: "https://frak.id/?q=\(EscapingTests.hostile)", text: EscapingTests.hostile, title: EscapingTests.hostile,
            activity: "com.apple.UIKit.activity.Mail"))
        expectInert(html)
        #expect(html.contains("data-role=\"title\">\(EscapingTests.escapedText)</p>"))
        #expect(html.contains("<span data-role=\"mail-subject\">\(EscapingTests.escapedText)</span>"))
        #expect(html.contains("<title>Share sheet: \(EscapingTests.escapedText)</title>"))
    }

    @Test("an activity type with quotes cannot leave its attribute")
    func hostileActivityType() throws {
        let html = try PresentationRenderer.document(for: Fixtures.ios(activity: "x\" onclick=\"alert(1)"))
        #expect(html.contains("data-activity-type=\"x&quot; onclick=&quot;alert(1)\""))
        #expect(html.firstMatch(of: /<[^>]*onclick="/) == nil)
    }

    @Test("Android extras and a chooser title with markup render as text")
    func androidHostile() throws {
        let preview = try PresentationRenderer.document(for: Fixtures.android(text: EscapingTests.hostile, title: EscapingTests.hostile))
        expectInert(preview)
        #expect(preview.contains("data-role=\"title\">\(EscapingTests.escapedText)</p>"))
        let titled = try PresentationRenderer.document(for: Fixtures.android(chooserTitle: EscapingTests.hostile))
        expectInert(titled)
        #expect(titled.contains("data-role=\"chooser-title\">\(EscapingTests.escapedText)</h1>"))
    }

    @Test("attribute escaping covers both quotes; text escaping leaves quotes; controls become U+FFFD")
    func escapingRules() {
        #expect(HTML.attribute("a\"b'c<d>&") == "a&quot;b&#39;c&lt;d&gt;&amp;")
        #expect(HTML.text("a\"b'c") == "a\"b'c")
        #expect(HTML.text("a\u{0}b\u{1B}c\td\ne") == "a\u{FFFD}b\u{FFFD}c\td\ne")
        #expect(HTML.text("émoji 🎉") == "émoji 🎉")
    }

    @Test("the document loads nothing and runs nothing: a CSP that forbids both, no remote URL in an attribute")
    func selfContained() throws {
        for record in [Fixtures.ios(icon: Fixtures.icon()), Fixtures.ios(device: "ipad"), Fixtures.android(thumbnail: true)] {
            let html = try PresentationRenderer.document(for: record, images: [Fixtures.thumbnailFile: Fixtures.redPNG])
            #expect(html.contains("content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\""))
            #expect(!html.contains("src=\"http"))
            #expect(!html.contains("href="))
            #expect(!html.contains("url("))
            #expect(!html.contains("<script"))
            #expect(html.hasPrefix("<!DOCTYPE html>"))
        }
    }
}

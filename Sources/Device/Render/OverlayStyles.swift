/// The inline `style` attributes of a rendering moved into stylesheet rules, for an overlay laid
/// over a page whose Content-Security-Policy forbids inline styles (`style-src 'self'` blocks
/// every `style="…"` attribute an `innerHTML` parses): each becomes `data-bridge-style="N"` and
/// the rule `[data-bridge-style="N"]{…}`, which the page adopts as a constructed stylesheet.
///
/// It works on the renderer's own markup, where a `<` always opens a tag (text escapes it) and
/// attribute values never hold a quote: only attributes inside tags are rewritten, so a record's
/// text that reads ` style="…"` stays text.
enum OverlayStyles {
    /// `html` without inline style attributes, and the rules that replace them.
    static func hoist(_ html: String) -> (html: String, css: String) {
        var out = ""
        var css = ""
        out.reserveCapacity(html.utf8.count)
        var count = 0
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            var tag = String(rest[open...close])
            while let attribute = tag.firstRange(of: " style=\"") {
                guard let end = tag[attribute.upperBound...].firstIndex(of: "\"") else { break }
                count += 1
                css += "[data-bridge-style=\"\(count)\"]{\(tag[attribute.upperBound..<end])}\n"
                tag.replaceSubrange(attribute.lowerBound...end, with: " data-bridge-style=\"\(count)\"")
            }
            out += tag
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return (out, css)
    }
}

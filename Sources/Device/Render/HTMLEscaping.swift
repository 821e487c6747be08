/// Escaping for text that comes from a record (titles, URLs, body text): everything a record
/// carries is written as text, never as markup, so a title of `<script>` shows as those
/// characters.
enum HTML {
    /// `value` escaped for an element's text content.
    static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// `value` escaped for a double-quoted attribute value.
    static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            // Controls other than tab and newline are not allowed in HTML text; show them as U+FFFD.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

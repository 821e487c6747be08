/// The `url` rule of `share`, from the Web Share API: the URL must parse, and its scheme must
/// not be a local scheme (`about`, `blob`, `data`), `file`, `javascript`, `ws` or `wss` — the
/// browser rejects those with a `TypeError`. A headless call has no document base URL, so the
/// URL must be absolute; it must also be one iOS's `URL(string:)` parses (`ShareURL`), or the
/// link item would vanish. Written once, with its JSON Schema pattern beside it.
public enum ShareLink {
    /// The schemes Web Share refuses to share.
    public static let refusedSchemes = ["about", "blob", "data", "file", "javascript", "ws", "wss"]

    /// Why `text` cannot be the shared `url`, or `nil` when it can.
    public static func problem(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), isScheme(text[..<colon]) else {
            return "is not an absolute URL (a scheme such as https: first); the bridge has no page base URL to resolve it against"
        }
        let scheme = text[..<colon].lowercased()
        if refusedSchemes.contains(scheme) {
            return "has the scheme `\(scheme):`, which the Web Share API refuses (TypeError)"
        }
        return ShareURL.unparsable(text)
    }

    /// `problem` as an ECMA-262 pattern: the empty string, or an allowed scheme and RFC 3986
    /// characters with `%HH` escapes.
    /// Built with plain appends of ASCII: `map`/`joined` here ran unspecialised generic code whose
    /// first witness lookups cost 7% of a cold `bridge invoke`.
    public static let pattern: String =
        "^$|^(?!\(refusedSchemesPattern))[A-Za-z][A-Za-z0-9+.\\-]*:(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$"

    /// A `refusedSchemes` scheme and its colon, without case, as an ECMA-262 group.
    public static let refusedSchemesPattern: String = {
        var refused = ""
        for scheme in refusedSchemes {
            if !refused.isEmpty { refused += "|" }
            for byte in scheme.utf8 {
                let c = String(UnicodeScalar(byte))
                refused += (0x61...0x7A).contains(byte) ? "[" + String(UnicodeScalar(byte - 0x20)) + c + "]" : c
            }
            refused += ":"
        }
        return "(?:\(refused))"
    }()

    /// The `refusedSchemes` scheme `text` starts with (lowercased), or `nil`.
    public static func refusedScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), isScheme(text[..<colon]) else { return nil }
        let scheme = text[..<colon].lowercased()
        return refusedSchemes.contains(scheme) ? scheme : nil
    }

    private static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}

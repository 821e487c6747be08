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
        switch scheme(text) {
        case .none:
            return "is not an absolute URL (a scheme such as https: first); the bridge has no page base URL to resolve it against"
        case .refused(let refused):
            return "has the scheme `\(refused):`, which the Web Share API refuses (TypeError)"
        case .allowed:
            return ShareURL.unparsable(text)
        }
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
        if case .refused(let scheme) = scheme(text) { scheme } else { nil }
    }

    private enum Scheme {
        /// No scheme: not an absolute URL.
        case none
        case allowed
        /// One of `refusedSchemes`, as listed there (lowercase).
        case refused(String)
    }

    /// The scheme `text` begins with: RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    /// before the first `:`, compared with `refusedSchemes` without ASCII case. Read as bytes:
    /// a scan of Unicode scalars and their properties cost 5.8k instructions per share_text call.
    private static func scheme(_ text: String) -> Scheme {
        var text = text
        return text.withUTF8 { bytes -> Scheme in
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: ":") {
                    guard offset > 0 else { return .none }
                    let scheme = UnsafeBufferPointer(rebasing: bytes[..<offset])
                    let refused = refusedSchemes.first { refused in
                        refused.utf8.count == offset && zip(refused.utf8, scheme).allSatisfy { $0 == $1 | 0x20 }
                    }
                    return refused.map(Scheme.refused) ?? .allowed
                }
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard letter || (other && offset != 0) else { return .none }
            }
            return .none
        }
    }
}

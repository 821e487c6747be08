/// The two URL rules of a share, each written once with its JSON Schema pattern beside it:
/// what iOS's `URL(string:)` parses (else the link item or the icon vanishes), and what the
/// plugins can fetch a thumbnail from (Android's `HttpURLConnection`: http and https only).
///
/// Neither is checked by Tauri or the real plugin: a value that breaks one is shared anyway,
/// so the command layer reports it as a warning (`--strict` refuses it). The backends use
/// `isFetchable` to never fetch anything else (no `file:` reads).
public enum ShareURL {
    /// Why iOS's `URL(string:)` (RFC 1738/1808 parsing, before iOS 17) returns `nil` for
    /// `text`, or `nil` when it parses: every character must be one RFC 3986 allows (no spaces,
    /// controls, non-ASCII, `"<>\^`{|}`), and every `%` must start a two-digit hex escape.
    public static func unparsable(_ text: String) -> String? {
        // A native string's bytes in place; any other copied once.
        text.utf8.withContiguousStorageIfAvailable { unparsable($0) } ?? unparsable(Array(text.utf8))
    }

    private static func unparsable<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> String? where Bytes.Index == Int {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else {
                    return "iOS's URL(string:) cannot parse it (a `%` that starts no two-digit escape), so the item would vanish on iOS before 17; percent-encode it"
                }
                i += 3
                continue
            }
            guard isURLByte(b) else {
                return "iOS's URL(string:) cannot parse it (spaces, controls, non-ASCII and \"<>\\^`{|} must be percent-encoded), so the item would vanish on iOS before 17 and be re-encoded from iOS 17; percent-encode it"
            }
            i += 1
        }
        return nil
    }

    /// `unparsable` as a pattern: the empty string, or RFC 3986 characters and `%HH` escapes.
    public static let parsablePattern = "^(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$"

    /// Whether `text` is an absolute http or https URL with a host (scheme compared without case).
    /// Read as bytes, as `fetchablePattern` reads it: lowercasing, splitting and comparing
    /// Characters cost 20k instructions a check, twice per share_text call with an imageUrl.
    public static func isFetchable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            // `http` or `https` in any case, then `://`.
            guard b.count >= 7, b[0] | 0x20 == UInt8(ascii: "h"), b[1] | 0x20 == UInt8(ascii: "t"),
                  b[2] | 0x20 == UInt8(ascii: "t"), b[3] | 0x20 == UInt8(ascii: "p") else { return false }
            var i = b[4] | 0x20 == UInt8(ascii: "s") ? 5 : 4
            guard i + 3 <= b.count, b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "/"),
                  b[i + 2] == UInt8(ascii: "/") else { return false }
            i += 3
            // The authority runs to the first `/`, `?` or `#`; the host follows its last `@`.
            var host = i
            while i < b.count, b[i] != UInt8(ascii: "/"), b[i] != UInt8(ascii: "?"), b[i] != UInt8(ascii: "#") {
                if b[i] == UInt8(ascii: "@") { host = i + 1 }
                i += 1
            }
            return host < i && b[host] != UInt8(ascii: ":")
        }
    }

    /// `isFetchable` as a pattern: the empty string, or `http(s)://` and a host.
    public static let fetchablePattern = "^$|^[Hh][Tt][Tt][Pp][Ss]?://([^/?#]*@)?[^/?#@:][^/?#@]*([/?#]|$)"

    /// Why a thumbnail `isFetchable` rejects never loads.
    public static let notFetchedReason = "not an http or https URL: Android's HttpURLConnection cannot fetch it, and the bridge fetches nothing else"

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// The printable ASCII characters RFC 3986 allows in a URL, `%` aside: `!`–`~` but
    /// `"<>\^`{|}`, as a bit per byte (bit `b` of the first word for bytes below 64, of the
    /// second for 64–127): one shift a byte, where ten comparisons were.
    private static func isURLByte(_ b: UInt8) -> Bool {
        b < 64 ? (0xAFFF_FFDA_0000_0000 as UInt64) &>> b & 1 == 1 : b < 128 && (0x47FF_FFFE_AFFF_FFFF as UInt64) &>> (b &- 64) & 1 == 1
    }
}

/// Percent-decoding of URL paths and query components (RFC 3986).
public enum PercentEncoding {
    /// `text` with every `%XX` replaced by its byte; `nil` when an escape is malformed or the
    /// bytes are not UTF-8.
    public static func decode(_ text: String) -> String? {
        // Nothing escaped: the text as it is (it is UTF-8 already).
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var text = text
        // Over the contiguous bytes into a buffer of the text's length (decoding only shrinks
        // it): walking the view and appending byte by byte cost ~115 instructions a byte.
        return text.withUTF8 { source -> String? in
            var malformed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: source.count) { out, written in
                var i = 0, o = 0
                while i < source.count {
                    let b = source[i]
                    if b != UInt8(ascii: "%") {
                        out[o] = b
                        o += 1
                        i += 1
                        continue
                    }
                    guard i + 2 < source.count, let h = hexValue(source[i + 1]), let l = hexValue(source[i + 2]) else {
                        malformed = true
                        break
                    }
                    out[o] = h << 4 | l
                    o += 1
                    i += 3
                }
                written = o
            }
            return malformed ? nil : String(validating: bytes, as: UTF8.self)
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

import Glibc

/// `UUID().uuidString` — a random (version 4) UUID in upper-case hex, 8-4-4-4-12 — written
/// straight into its string: the name of a temporary file made per call, without Foundation's
/// formatting (a call that downloads makes one or two).
public enum RandomUUID {
    public static func string() -> String {
        // Sixteen random bytes from the kernel in one call (`SystemRandomNumberGenerator` asks
        // for eight at a time): bytes 0–7 and 8–15, big-endian, the version in byte 6's high
        // nibble, the variant (10) in byte 8's two high bits (RFC 9562 §5.4).
        var random: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &random) { arc4random_buf($0.baseAddress!, 16) }
        let high = random.0 & ~0xF000 | 0x4000
        let low = random.1 & ~(0xC0 << 56) | (0x80 << 56)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            // Unchecked arithmetic and no bounds checks: 32 digits and four dashes, each written once.
            let out = buffer.baseAddress!
            var at = 0
            for digit in 0..<32 {
                if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                    out[at] = UInt8(ascii: "-")
                    at &+= 1
                }
                let word = digit < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: word &>> UInt64(60 &- 4 &* (digit & 15))) & 0xF
                out[at] = nibble &+ (nibble < 10 ? UInt8(ascii: "0") : UInt8(ascii: "A") &- 10)
                at &+= 1
            }
            return at
        }
    }
}

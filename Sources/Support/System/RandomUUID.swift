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
            // A byte at a time, two digits from a table; unchecked arithmetic, no bounds checks.
            let out = buffer.baseAddress!
            let digits = RandomUUID.digits.utf8Start
            var at = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[at] = UInt8(ascii: "-")
                    at &+= 1
                }
                let word = index < 8 ? high : low
                let byte = UInt8(truncatingIfNeeded: word &>> UInt64(56 &- 8 &* (index & 7)))
                out[at] = digits[Int(byte &>> 4)]
                out[at &+ 1] = digits[Int(byte & 0xF)]
                at &+= 2
            }
            return at
        }
    }

    private static let digits: StaticString = "0123456789ABCDEF"
}

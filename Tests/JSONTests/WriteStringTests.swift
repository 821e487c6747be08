import Testing
@testable import BridgeJSON

/// `JSON.writeString` reads eight bytes at a time while none needs an escape: checked against
/// the byte-by-byte rule on every control byte at every offset and on random strings.
@Suite("string escaping, a word at a time")
struct WriteStringTests {
    /// The rule, one byte at a time: `"` `\` and every byte below 0x20 escaped.
    static func reference(_ s: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        let short: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74, 0x08: 0x62, 0x0C: 0x66]
        for c in s.utf8 {
            if let letter = short[c] {
                out += [0x5C, letter]
            } else if c < 0x20 {
                out += Array("\\u00".utf8) + Array(String(c, radix: 16).leftPadded(to: 2).utf8)
            } else {
                out.append(c)
            }
        }
        return out + [0x22]
    }

    static func written(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        JSON.writeString(s, to: &out)
        return out
    }

    @Test("each byte that needs an escape, at each offset of a 20-byte string")
    func everyOffset() {
        for c in Array(0..<0x20) + [0x22, 0x5C] {
            for offset in 0..<20 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 20)
                bytes[offset] = UInt8(c)
                let s = String(decoding: bytes, as: UTF8.self)
                #expect(Self.written(s) == Self.reference(s), "byte \(c) at \(offset)")
            }
        }
    }

    @Test("5,000 random strings of ASCII, controls, quotes and multi-byte characters round-trip as the rule writes them")
    func random() throws {
        var rng = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "Z", " ", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "/", "aaaaaaaa", "\"\"\"\"", "~"]
        for _ in 0..<5_000 {
            let s = (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let out = Self.written(s)
            #expect(out == Self.reference(s), "\(s.debugDescription)")
            #expect(try JSONParser.parse(String(decoding: out, as: UTF8.self)) == .string(s))
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

import Testing
@testable import BridgeJSON

/// `JSONCompactWriter` writes small values through a pointer: byte for byte what the general
/// writer writes, checked on random values of every kind, escapes at every offset, and values
/// on both sides of its size bound.
@Suite("the compact writer")
struct JSONCompactWriterTests {
    static func general(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        value.writeGenerally(to: &out)
        return out
    }

    static func randomString(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "€", "🎉",
                      "https://frak.id/x", "Join me", "/"]
        return (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    static func randomValue(_ depth: Int, _ generator: inout some RandomNumberGenerator) -> JSON {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            // Numbers keep their text, whatever it is.
            let text = ["0", "-1", "2.50", "1e400", "-0.0E-7", "12345678901234567890", "\(Int.random(in: -1000...1000, using: &generator))"]
            return (try? JSONParser.parse(text.randomElement(using: &generator)!)) ?? .null
        case 3: return .string(randomString(&generator))
        case 4: return .bytes(JSONBytes((0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 5, 6:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &generator) { object[randomString(&generator)] = randomValue(depth + 1, &generator) }
            return .object(object)
        default:
            return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in randomValue(depth + 1, &generator) })
        }
    }

    @Test("10,000 random values: the same bytes as the general writer, appended after what the buffer held")
    func randomValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let value = Self.randomValue(0, &generator)
            var out: [UInt8] = Array("prefix".utf8)
            value.write(to: &out)
            #expect(out == Array("prefix".utf8) + Self.general(value), "\(Self.general(value).count) bytes")
            #expect(value.serializedBytes() == Self.general(value))
        }
    }

    @Test("every byte that needs an escape, at every offset of strings of 1 to 20 bytes, as key and as value")
    func escapesAtEveryOffset() {
        for c in Array(0..<0x20) + [0x22, 0x5C] {
            for length in 1...20 {
                for offset in 0..<length {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[offset] = UInt8(c)
                    let s = String(decoding: bytes, as: UTF8.self)
                    let value: JSON = .object(JSONObject([JSONObject.Member(key: s, value: .string(s))]))
                    #expect(value.serializedBytes() == Self.general(value), "byte \(c) at \(offset) of \(length)")
                }
            }
        }
    }

    @Test("strings across the 4 KiB runs it makes room for and the 32 KiB it holds, all escapes or none, write what the general writer writes")
    func longStrings() {
        for count in [4_095, 4_096, 4_097, 8_193, 100_000] {
            for fill in ["\u{1}", "x", "é\""] {
                let s = String(repeating: fill, count: count / fill.utf8.count)
                let value: JSON = ["s": .string(s), "n": 1]
                #expect(value.serializedBytes() == Self.general(value), "\(count) of \(fill.debugDescription)")
                // Past 32 KiB the writer moves its buffer to the caller's array, after what it held.
                var out: [UInt8] = Array("prefix".utf8)
                value.write(to: &out)
                #expect(out == Array("prefix".utf8) + Self.general(value), "\(count) of \(fill.debugDescription) after a prefix")
            }
        }
    }

    @Test("a drain gets the same parts, at the same bytes, as from the general writer")
    func drainParts() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let value: JSON = ["before": .string(Self.randomString(&generator)), "data": .bytes(JSONBytes(bytes)), "after": [1, 2]]
            let threshold = Int.random(in: 1...200, using: &generator)
            let prefix = Array(repeating: UInt8(ascii: "p"), count: Int.random(in: 0...100, using: &generator))
            func parts(_ write: (inout [UInt8], JSONDrain) -> Void) -> [[UInt8]] {
                var parts: [[UInt8]] = []
                var out = prefix
                write(&out, JSONDrain(threshold: threshold) { part in parts.append(part); part.removeAll() })
                return parts + [out]
            }
            let compact = parts { value.write(to: &$0, drain: $1) }
            let general = parts { value.writeGenerally(to: &$0, drain: $1) }
            #expect(compact == general, "\(bytes.count) bytes, threshold \(threshold)")
        }
    }
}

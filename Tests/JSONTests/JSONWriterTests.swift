import BridgeJSON
import Testing
import TestSupport

/// `JSONWriter` writes the bytes the serializer writes for the same value.
@Suite("Writing JSON value by value")
struct JSONWriterTests {
    /// `value` through the writer's calls, as a model writing its own state would make them.
    static func write(_ value: JSON, _ w: inout JSONWriter) {
        switch value {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let n): w.number(n)
        case .string(let s): w.string(s)
        case .bytes: w.value(value)
        case .array(let elements):
            w.openArray()
            for element in elements { write(element, &w) }
            w.closeArray()
        case .object(let object):
            w.openObject()
            for member in object {
                w.key(named: member.key)
                write(member.value, &w)
            }
            w.closeObject()
        }
    }

    @Test("10,000 random values: the serializer's bytes, commas, escapes and numbers included")
    func randomValues() {
        let seed: UInt64 = 0x57A7_1C
        var generator = SplitMix64(state: seed)
        for round in 0..<10_000 {
            let value = JSONCompactWriterTests.randomValue(0, &generator)
            let written = JSONWriter.write(capacity: Int.random(in: 1...64, using: &generator)) { JSONWriterTests.write(value, &$0) }
            #expect(written == value.serializedBytes(), "seed \(seed), round \(round): \(value)")
        }
    }

    @Test("keys written in code, integers, doubles, optional strings and values already serialized")
    func theOtherCalls() {
        let bytes = JSONWriter.write { w in
            w.openObject()
            w.key("a"); w.integer(-12)
            w.key("b"); w.double(0.5)
            w.key("c"); w.double(.nan)
            w.key("d"); w.string(nil as String?)
            w.key("e"); w.string("x\n\"y\"" as String?)
            w.key("f"); w.raw(Array(#"{"k":[1,2]}"#.utf8))
            w.key("g"); w.value(["h": [true, false]])
            w.key("i"); w.openArray(); w.openObject(); w.closeObject(); w.openArray(); w.closeArray(); w.closeArray()
            w.closeObject()
        }
        let expected: JSON = ["a": -12, "b": .double(0.5), "c": nil, "d": nil, "e": "x\n\"y\"", "f": ["k": [1, 2]],
                              "g": ["h": [true, false]], "i": [.object(JSONObject()), []]]
        #expect(String(decoding: bytes, as: UTF8.self) == expected.serialized())
    }
}

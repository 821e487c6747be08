import Synchronization
import Testing
@testable import BridgeJSON

@Suite("Bytes held as bytes in a JSON value")
struct JSONBytesTests {
    static let samples: [[UInt8]] = [[], [0], [9, 10, 99, 100, 255], Array(0...255)]

    static func asArray(_ bytes: [UInt8]) -> JSON { .array(bytes.map { .number(JSONNumber(Int($0))) }) }

    @Test("bytes equal, and hash as, the array of their numbers", arguments: samples)
    func equalToArray(bytes: [UInt8]) {
        let held: JSON = .bytes(JSONBytes(bytes))
        let array = Self.asArray(bytes)
        #expect(held == array && array == held)
        #expect(held.hashValue == array.hashValue)
        #expect(Set([held, array]).count == 1)
        #expect(held.arrayValue == array.arrayValue)
        #expect(held.typeName == "array")
        #expect(held != Self.asArray(bytes + [1]))
        #expect(held != .array(bytes.map { .string(String($0)) }) || bytes.isEmpty)
    }

    @Test("bytes serialise exactly as the array of their numbers, compact and pretty", arguments: samples)
    func serialisedAsArray(bytes: [UInt8]) {
        let held: JSON = ["data": .bytes(JSONBytes(bytes))]
        let array: JSON = ["data": Self.asArray(bytes)]
        #expect(held.serialized() == array.serialized())
        #expect(held.serialized(JSONFormat(sortedKeys: true, pretty: true)) == array.serialized(JSONFormat(sortedKeys: true, pretty: true)))
        #expect(held.compactSerializedCount == array.serializedBytes().count)
        #expect(array.compactSerializedCount == array.serializedBytes().count)
    }

    @Test("a drain takes the text in parts that join to the whole, none much over its threshold")
    func drainedInParts() {
        var seed: UInt64 = 42
        let bytes = (0..<100_000).map { _ -> UInt8 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        let value: JSON = ["id": 1, "result": .bytes(JSONBytes(bytes))]
        nonisolated(unsafe) var parts: [[UInt8]] = []
        var out: [UInt8] = []
        value.write(to: &out, drain: JSONDrain(threshold: 4096) { part in
            parts.append(part)
            part.removeAll()
        })
        parts.append(out)
        #expect(parts.count > 10)
        #expect(parts.allSatisfy { $0.count <= 4096 + 4 })
        #expect(parts.flatMap { $0 } == value.serializedBytes())
    }

    @Test("the owner of bytes lives exactly as long as they do")
    func ownerReleasedWithBytes() {
        final class Owner: Sendable {
            let released: @Sendable () -> Void
            init(_ released: @escaping @Sendable () -> Void) { self.released = released }
            deinit { released() }
        }
        let flag = Flag()
        do {
            var value: JSON? = .bytes(JSONBytes([1, 2, 3], owner: Owner { flag.value.store(true, ordering: .relaxed) }))
            let copy = value
            value = nil
            #expect(!flag.isSet)
            #expect(copy?.serialized() == "[1,2,3]")
        }
        #expect(flag.isSet)
    }
}

/// A flag set from any thread.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
}

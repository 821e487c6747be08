/// A JSON object: members in the order they were written, keys unique.
///
/// Lookup is a linear scan, which beats hashing for the small objects of a protocol; the parser
/// switches to a hash set for duplicate detection on large objects.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// One `"key": value` member.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public private(set) var members: [Member]

    /// The keys written more than once in the text this object was parsed from with
    /// `JSONParser.DuplicateKeys.keepLast` (of which the last value was kept), as paths relative
    /// to this object in document order: `url`, `meta.title`, `items[0].id`. Empty for objects
    /// parsed otherwise or built in code; not part of equality.
    public internal(set) var duplicateKeyPaths: [String] = []

    /// An empty object.
    public init() { members = [] }

    /// An object from members whose keys the caller guarantees are unique.
    /// - Important: Duplicate keys are kept as given; use `subscript(_:)=` to build safely.
    public init(_ members: [Member]) { self.members = members }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The number of members.
    public var count: Int { members.count }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The value of `key`; setting `nil` removes the member, setting a value replaces it in
    /// place or appends it.
    public subscript(key: String) -> JSON? {
        get {
            // The byte counts first: a cheap test that rules out most keys before `==`.
            let count = key.utf8.count
            // Through the buffer: no copy (retain and release) of each member passed over.
            return members.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where buffer[index].key.utf8.count == count && buffer[index].key == key {
                    return buffer[index].value
                }
                return nil
            }
        }
        set {
            let count = key.utf8.count
            if let index = members.firstIndex(where: { $0.key.utf8.count == count && $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var combined = 0
        for member in members {
            var h = Hasher()
            h.combine(member.key)
            h.combine(member.value)
            combined ^= h.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object literal. Its keys are written in code and must be unique (checked in debug builds).
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(literal: elements)
    }

    init(literal elements: [(String, JSON)]) {
        assert(Set(elements.map(\.0)).count == elements.count, "duplicate key in a JSON object literal")
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}

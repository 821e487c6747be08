/// A JSON object: members in the order they were written, keys unique.
///
/// Lookup is a linear scan, which beats hashing for the small objects of a protocol; the parser
/// switches to a hash set for duplicate detection on large objects.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// One `"key": value` member.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
        @inlinable public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order, as the pairs a dictionary literal hands over: a literal's are kept
    /// as they come, where making a `Member` of each cost a second array and a copy of every
    /// key and value (an object built in code cost 2.4 times its members).
    @usableFromInline private(set) var pairs: [(String, JSON)]

    /// The members in order (made from the pairs on each read: iterate the object itself, or
    /// look keys up, where that matters).
    public var members: [Member] { pairs.map { Member(key: $0.0, value: $0.1) } }

    /// The keys written more than once in the text this object was parsed from with
    /// `JSONParser.DuplicateKeys.keepLast` (of which the last value was kept), as paths relative
    /// to this object in document order: `url`, `meta.title`, `items[0].id`. Empty for objects
    /// parsed otherwise or built in code; not part of equality.
    public internal(set) var duplicateKeyPaths: [String] = []

    /// An empty object.
    public init() { pairs = [] }

    /// An object from members whose keys the caller guarantees are unique.
    /// - Important: Duplicate keys are kept as given; use `subscript(_:)=` to build safely.
    public init(_ members: [Member]) { pairs = members.map { ($0.key, $0.value) } }

    /// An object from `(key, value)` pairs whose keys the caller guarantees are unique, kept as
    /// they are (no `Member` made of each).
    /// - Important: Duplicate keys are kept as given; use `subscript(_:)=` to build safely.
    public init(pairs: [(String, JSON)]) { self.pairs = pairs }

    /// Whether the object has no members.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The number of members.
    public var count: Int { pairs.count }

    /// The keys in order.
    public var keys: [String] { pairs.map(\.0) }

    /// The value of `key`; setting `nil` removes the member, setting a value replaces it in
    /// place or appends it.
    public subscript(key: String) -> JSON? {
        get {
            // The byte counts first: a cheap test that rules out most keys before `==`.
            let count = key.utf8.count
            // Through the buffer: no copy (retain and release) of each member passed over.
            return pairs.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where buffer[index].0.utf8.count == count && buffer[index].0 == key {
                    return buffer[index].1
                }
                return nil
            }
        }
        set {
            let count = key.utf8.count
            if let index = pairs.firstIndex(where: { $0.0.utf8.count == count && $0.0 == key }) {
                if let newValue { pairs[index].1 = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }

    /// The members in order, each made as it is reached (no array of them).
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[(String, JSON)]>
        @inlinable init(base: IndexingIterator<[(String, JSON)]>) { self.base = base }
        @inlinable public mutating func next() -> Member? {
            guard let (key, value) = base.next() else { return nil }
            return Member(key: key, value: value)
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(base: pairs.makeIterator()) }

    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.pairs.count == rhs.pairs.count else { return false }
        for (key, value) in lhs.pairs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var combined = 0
        for (key, value) in pairs {
            var h = Hasher()
            h.combine(key)
            h.combine(value)
            combined ^= h.finalize()
        }
        hasher.combine(pairs.count)
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
        self.init(pairs: elements)
    }
}

/// The header fields of a request or response, in the order received, looked up without regard
/// to case (field names are case-insensitive in HTTP).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field: its name as written and its value with surrounding whitespace removed.
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// Makes room for `count` fields.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field (a repeated name keeps every value).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with one field, or removes them when `value` is `nil`.
    public subscript(name: String) -> String? {
        get { first(name) }
        set {
            fields.removeAll { HTTPHeaders.same($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// The first value of `name`.
    public func first(_ name: String) -> String? {
        let count = name.utf8.count
        for i in fields.indices where fields[i].name.utf8.count == count && HTTPHeaders.same(fields[i].name, name) {
            return fields[i].value
        }
        return nil
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] {
        let count = name.utf8.count
        var values: [String] = []
        for i in fields.indices where fields[i].name.utf8.count == count && HTTPHeaders.same(fields[i].name, name) {
            values.append(fields[i].value)
        }
        return values
    }

    /// Whether a comma-separated field contains `token` (case-insensitive), as `Connection: close`.
    public func contains(_ name: String, token: String) -> Bool {
        let count = name.utf8.count
        for i in fields.indices where fields[i].name.utf8.count == count && HTTPHeaders.same(fields[i].name, name) {
            // Each comma-separated element, trimmed, compared as a field name is.
            var element = Substring(fields[i].value)
            while true {
                let comma = element.utf8.firstIndex(of: UInt8(ascii: ","))
                let part = comma.map { element[..<$0] } ?? element
                if !part.isEmpty {
                    let trimmed = part.trimmingHTTPWhitespace()
                    let equal = trimmed.utf8.allSatisfy({ $0 < 0x80 }) ? HTTPHeaders.same(trimmed, token)
                        : trimmed.lowercased() == token.lowercased()
                    if equal { return true }
                }
                guard let comma else { break }
                element = element[element.utf8.index(after: comma)...]
            }
        }
        return false
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Whether two field names are the same name. ASCII names (every name the parser lets in)
    /// are compared byte by byte, without the two lowercased copies a lookup used to make for
    /// each field it passed.
    public static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var nonASCII = false
        let equal = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                for i in 0..<x.count {
                    let p = x[i], q = y[i]
                    if p == q { continue }
                    if p | q >= 0x80 { nonASCII = true; return false }
                    guard p | 0x20 == q | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(p | 0x20) else { return false }
                }
                return true
            }
        }
        if let equal = equal ?? nil, !nonASCII { return equal }
        return a.lowercased() == b.lowercased()
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> String {
        let whole = Substring(self)
        let bytes = whole.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 32 || bytes[start] == 9 { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == 32 || bytes[last] == 9 else { break }
            end = last
        }
        // Spaces and tabs are whole scalars: the cut indices are scalar boundaries.
        return String(whole[start..<end])
    }
}

extension ArraySlice<UInt8> {
    /// The bytes without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> ArraySlice<UInt8> {
        var s = self
        while let b = s.first, b == 32 || b == 9 { s = s.dropFirst() }
        while let b = s.last, b == 32 || b == 9 { s = s.dropLast() }
        return s
    }
}

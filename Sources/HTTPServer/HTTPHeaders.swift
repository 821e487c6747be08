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
        fields.first { HTTPHeaders.same($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] {
        fields.filter { HTTPHeaders.same($0.name, name) }.map(\.value)
    }

    /// Whether a comma-separated field contains `token` (case-insensitive), as `Connection: close`.
    public func contains(_ name: String, token: String) -> Bool {
        all(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingHTTPWhitespace().lowercased() == token.lowercased() }
        }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}

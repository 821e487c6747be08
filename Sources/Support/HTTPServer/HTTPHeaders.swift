/// The header fields of a request or response, in the order received, looked up without regard
/// to case (field names are case-insensitive in HTTP).
///
/// Kept as bytes: a request's fields are ranges of its head as read (no `String` per name or
/// value), compared as bytes when looked up; a `String` is made only for a value asked for, or
/// for a field iterated.
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

    /// Where one field's name and value lie in `bytes`, and its name's `key`.
    struct Span: Sendable {
        var name: Range<Int>
        var value: Range<Int>
        var key: Int
    }

    /// A name's length and first byte with ASCII case folded: two ASCII names of different keys
    /// are different names, so a lookup compares the bytes of the fields whose key is its own
    /// only. A field whose name has another byte is kept with the key `-1` and compared with
    /// every lookup: Unicode case folding may make it the same name as one of
    /// another first byte, but never as an ASCII one of its length (only the Kelvin sign folds
    /// to ASCII, and it shrinks), so an ASCII field never needs that.
    static func key(count: Int, first: UInt8?) -> Int { count << 8 | Int((first ?? 0) | 0x20) }

    static func key(_ name: String) -> Int { key(count: name.utf8.count, first: name.utf8.first) }

    /// The bytes the fields are ranges of: a request's head, then what `add` appended.
    private var bytes: [UInt8] = []
    private var spans: [Span] = []

    public init() {}

    /// The fields of a request's head, added by the parser as ranges of it (`add(name:value:)`).
    init(head: [UInt8]) { bytes = head }

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// Makes room for `count` fields.
    public mutating func reserveCapacity(_ count: Int) {
        spans.reserveCapacity(count)
    }

    /// Appends a field (a repeated name keeps every value).
    public mutating func add(_ name: String, _ value: String) {
        if spans.isEmpty {
            spans.reserveCapacity(8)
            bytes.reserveCapacity(bytes.count + 256)
        }
        let nameStart = bytes.count
        HTTPHeaders.append(name, to: &bytes)
        let valueStart = bytes.count
        HTTPHeaders.append(value, to: &bytes)
        // The key from the name's bytes as stored: walking the name's view again cost ~170
        // instructions a field.
        let key = bytes.withUnsafeBufferPointer { all -> Int in
            let stored = UnsafeBufferPointer(rebasing: all[nameStart..<valueStart])
            return stored.allSatisfy { $0 < 0x80 } ? HTTPHeaders.key(count: stored.count, first: stored.first) : -1
        }
        spans.append(Span(name: nameStart..<valueStart, value: valueStart..<bytes.count, key: key))
    }

    /// Appends `text`'s UTF-8 to `bytes`, in one copy when it is stored contiguously.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Appends a field whose name and value are the ranges of `bytes` given (the head's); the
    /// name is a token (ASCII), as the parser lets in.
    mutating func add(name: Range<Int>, value: Range<Int>) {
        spans.append(Span(name: name, value: value, key: HTTPHeaders.key(count: name.count, first: name.isEmpty ? nil : bytes[name.lowerBound])))
    }

    /// Replaces every field named `name` with one field, or removes them when `value` is `nil`.
    public subscript(name: String) -> String? {
        get { first(name) }
        set {
            let key = HTTPHeaders.key(name)
            // Usually there is none to replace: then nothing is copied.
            if spans.contains(where: { has($0, name: name, key: key) }) {
                let kept = spans.filter { !has($0, name: name, key: key) }
                spans = kept
            }
            if let newValue { add(name, newValue) }
        }
    }

    /// The first value of `name`.
    public func first(_ name: String) -> String? {
        let key = HTTPHeaders.key(name)
        for span in spans where has(span, name: name, key: key) { return text(span.value) }
        return nil
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] {
        var values: [String] = []
        let key = HTTPHeaders.key(name)
        for span in spans where has(span, name: name, key: key) { values.append(text(span.value)) }
        return values
    }

    /// Whether a comma-separated field contains `token` (case-insensitive), as `Connection: close`.
    public func contains(_ name: String, token: String) -> Bool {
        let key = HTTPHeaders.key(name)
        return spans.contains { has($0, name: name, key: key) && lists($0, token) }
    }

    /// `contains(_:token:)` for a name written in code.
    public func contains(_ name: Name, token: String) -> Bool {
        spans.contains { has($0, name) && lists($0, token) }
    }

    /// Whether the field's comma-separated value has `token` among its elements.
    private func lists(_ span: Span, _ token: String) -> Bool {
        // Each comma-separated element, trimmed, compared as a field name is.
        var rest = span.value
        while true {
            let comma = bytes[rest].firstIndex(of: UInt8(ascii: ","))
            let part = HTTPHeaders.trimmed(rest.lowerBound..<(comma ?? rest.upperBound), of: bytes)
            if !part.isEmpty {
                let ascii = bytes[part].allSatisfy { $0 < 0x80 }
                if ascii ? same(part, token) : text(part).lowercased() == token.lowercased() { return true }
            }
            guard let comma else { return false }
            rest = (comma + 1)..<rest.upperBound
        }
    }

    public var count: Int { spans.count }

    /// The fields whose name `keep` accepts (given as bytes), as `Field`s: no `String` is made
    /// for the others.
    public func fields(whereName keep: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Field] {
        // The names as pointers into the bytes: no slice (and its retain) per field.
        let kept = bytes.withUnsafeBufferPointer { all in
            spans.filter { keep(UnsafeBufferPointer(rebasing: all[$0.name])) }
        }
        return kept.isEmpty ? [] : kept.map(field)
    }

    public func makeIterator() -> IndexingIterator<[Field]> { spans.map(field).makeIterator() }

    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.spans.count == b.spans.count && zip(a.spans, b.spans).allSatisfy { a.field($0) == b.field($1) }
    }

    private func field(_ span: Span) -> Field { Field(name: text(span.name), value: text(span.value)) }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether the field's name is `name`.
    /// Whether the field's name is `name`, whose key is `key`.
    @inline(__always)
    private func has(_ span: Span, name: String, key: Int) -> Bool {
        (span.key == key || span.key < 0) && same(span.name, name)
    }

    /// Whether the bytes at `range` spell `name`, ASCII letters in any case. A name with other
    /// bytes than ASCII (none the parser lets in) is compared as `same(_:_:)` compares it.
    private func same(_ range: Range<Int>, _ name: String) -> Bool {
        guard range.count == name.utf8.count else { return false }
        // Both sides as contiguous bytes: walking the name's view with a checked index into
        // `bytes` cost ~500 instructions a field, twelve lookups a request.
        let ascii = name.utf8.withContiguousStorageIfAvailable { same(range, $0) }
        return (ascii ?? nil) ?? HTTPHeaders.same(text(range), name)
    }

    /// `same(_:_:)` for a name's bytes: `nil` when either side has a byte past ASCII.
    private func same(_ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard range.count == wanted.count else { return false }
        return bytes.withUnsafeBufferPointer { head -> Bool? in
            var i = range.lowerBound
            for q in wanted {
                let p = head[i]
                i += 1
                if p == q { continue }
                if p | q >= 0x80 { return nil }
                guard p | 0x20 == q | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(p | 0x20) else { return false }
            }
            return true
        }
    }

    /// Writes each field as `Name: value\r\n`, as bytes, but `Content-Length` and `Connection`:
    /// the framing a response's writer sets itself.
    func writeSkippingFraming(to out: inout [UInt8]) {
        let contentLength = HTTPHeaders.key(count: 14, first: UInt8(ascii: "c"))
        let connection = HTTPHeaders.key(count: 10, first: UInt8(ascii: "c"))
        bytes.withUnsafeBufferPointer { all in
            for span in spans {
                if span.key == contentLength || span.key == connection || span.key < 0,
                   same(span.name, "Content-Length") || same(span.name, "Connection") { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: all[span.name]))
                out.append(58); out.append(32)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: all[span.value]))
                out.append(13); out.append(10)
            }
        }
    }

    /// The bytes of every name and value, for sizing a buffer.
    var byteCount: Int { spans.reduce(0) { $0 + $1.name.count + $1.value.count + 4 } }

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

extension HTTPHeaders {
    /// `range` of `bytes` without its leading and trailing spaces and tabs (HTTP's optional
    /// whitespace): how the parser cuts a field value, and how a listed element is compared.
    static func trimmed<Bytes: RandomAccessCollection<UInt8>>(_ range: Range<Int>, of bytes: Bytes) -> Range<Int> where Bytes.Index == Int {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && (bytes[lower] == 32 || bytes[lower] == 9) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 32 || bytes[upper - 1] == 9) { upper -= 1 }
        return lower..<upper
    }
}

extension HTTPHeaders {
    /// A field name written in code, with its bytes and lookup key made once: a lookup or a set
    /// through it compares bytes without reading a `String`'s (the `String` forms cost ~250
    /// instructions a lookup more, a dozen lookups a request).
    public struct Name: Sendable, CustomStringConvertible {
        let text: StaticString
        let key: Int

        /// The name `text`: a token (RFC 9110), checked in debug builds.
        public init(_ text: StaticString) {
            assert(text.utf8CodeUnitCount > 0 && UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).allSatisfy(HTTPRequestParser.isTokenByte),
                   "a header field name must be a token")
            self.text = text
            key = HTTPHeaders.key(count: text.utf8CodeUnitCount, first: text.utf8Start.pointee)
        }

        public var description: String { text.description }

        var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) }

        public static let host = Name("Host")
        public static let connection = Name("Connection")
        public static let contentType = Name("Content-Type")
        public static let contentLength = Name("Content-Length")
        public static let transferEncoding = Name("Transfer-Encoding")
        public static let expect = Name("Expect")
        public static let origin = Name("Origin")
        public static let referer = Name("Referer")
        public static let cacheControl = Name("Cache-Control")
        public static let vary = Name("Vary")
    }

    /// Whether the field's name is `name`.
    @inline(__always)
    private func has(_ span: Span, _ name: Name) -> Bool {
        (span.key == name.key || span.key < 0) && same(span.name, name.utf8) == true
    }

    /// The first value of `name`.
    public func first(_ name: Name) -> String? {
        for span in spans where has(span, name) { return text(span.value) }
        return nil
    }

    /// Every value of `name`, in order.
    public func all(_ name: Name) -> [String] {
        var values: [String] = []
        for span in spans where has(span, name) { values.append(text(span.value)) }
        return values
    }

    /// Whether a field `name` is present.
    public func contains(_ name: Name) -> Bool { spans.contains { has($0, name) } }

    /// Replaces every field named `name` with one field, or removes them when `value` is `nil`.
    public subscript(name: Name) -> String? {
        get { first(name) }
        set {
            if spans.contains(where: { has($0, name) }) {
                let kept = spans.filter { !has($0, name) }
                spans = kept
            }
            guard let newValue else { return }
            if spans.isEmpty {
                spans.reserveCapacity(8)
                bytes.reserveCapacity(bytes.count + 256)
            }
            let nameStart = bytes.count
            bytes.append(contentsOf: name.utf8)
            let valueStart = bytes.count
            HTTPHeaders.append(newValue, to: &bytes)
            spans.append(Span(name: nameStart..<valueStart, value: valueStart..<bytes.count, key: name.key))
        }
    }
}

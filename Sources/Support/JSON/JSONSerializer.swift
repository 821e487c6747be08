/// How `JSON.serialized` lays out its output.
public struct JSONFormat: Sendable {
    /// Sort object keys by their UTF-8 bytes (for golden files and stable diffs).
    public var sortedKeys: Bool
    /// Indent nested values with two spaces per level, one member per line.
    public var pretty: Bool

    public init(sortedKeys: Bool = false, pretty: Bool = false) {
        self.sortedKeys = sortedKeys
        self.pretty = pretty
    }

    /// One line, keys in their original order: the wire format.
    public static let compact = JSONFormat()
}

/// A writer's outlet for long serialisations: inside a byte string, whenever the buffer holds
/// `threshold` bytes or more, `body` takes them (writes them out) and empties the buffer, so a
/// large byte result never lies in memory as text whole (up to 4 bytes of text per byte).
public struct JSONDrain {
    /// The buffer size at which `body` is called.
    public let threshold: Int
    /// Takes what the buffer holds; it must leave the buffer empty.
    public let body: (inout [UInt8]) -> Void

    public init(threshold: Int = 1 << 20, body: @escaping (inout [UInt8]) -> Void) {
        self.threshold = threshold
        self.body = body
    }
}

extension JSON {
    /// Appends the serialization of this value to `out`, handing it to `drain` in parts when
    /// bytes make it long (see `JSONDrain`).
    public func write(to out: inout [UInt8], format: JSONFormat = .compact, drain: JSONDrain?) {
        if !format.pretty && !format.sortedKeys && isContainer { return JSONCompactWriter.append(self, to: &out, drain: drain) }
        write(to: &out, format: format, indent: 0, drain: drain)
    }

    /// Whether this is an array, bytes or an object: what the compact writer is for (a scalar is
    /// appended at once, the same bytes either way).
    private var isContainer: Bool {
        switch self {
        case .array, .object, .bytes: return true
        case .null, .bool, .number, .string: return false
        }
    }

    /// Appends the serialization the general way (what the compact writer must match byte for
    /// byte, drain included).
    func writeGenerally(to out: inout [UInt8], format: JSONFormat = .compact, drain: JSONDrain? = nil) {
        write(to: &out, format: format, indent: 0, drain: drain)
    }

    /// The length of the compact serialisation (`serializedBytes()`), counting byte strings
    /// without writing them: what a length-prefixed frame announces before its body is written.
    public var compactSerializedCount: Int {
        switch self {
        case .bytes(let b): return b.serializedCount
        case .array(let elements):
            return elements.reduce(2 + max(elements.count - 1, 0)) { $0 + $1.compactSerializedCount }
        case .object(let object):
            var count = 2 + max(object.members.count - 1, 0)
            var key: [UInt8] = []
            for member in object.members {
                key.removeAll(keepingCapacity: true)
                JSON.writeString(member.key, to: &key)
                count += key.count + 1 + member.value.compactSerializedCount
            }
            return count
        case .null, .bool, .number, .string: return serializedBytes().count
        }
    }

    /// Appends the serialization of this value to `out`.
    ///
    /// Numbers are written with their original text; strings escape `"`, `\` and every control
    /// character, so the compact form never contains a raw newline and is safe as one NDJSON line.
    public func write(to out: inout [UInt8], format: JSONFormat = .compact) {
        if !format.pretty && !format.sortedKeys && isContainer { return JSONCompactWriter.append(self, to: &out, drain: nil) }
        write(to: &out, format: format, indent: 0, drain: nil)
    }

    /// The serialization as bytes.
    public func serializedBytes(_ format: JSONFormat = .compact) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(to: &out, format: format)
        return out
    }

    /// The serialization as text.
    public func serialized(_ format: JSONFormat = .compact) -> String {
        String(decoding: serializedBytes(format), as: UTF8.self)
    }

    private func write(to out: inout [UInt8], format: JSONFormat, indent: Int, drain: JSONDrain?) {
        switch self {
        case .null: out.append(literal: "null")
        case .bool(let v): v ? out.append(literal: "true") : out.append(literal: "false")
        case .number(let n): out.append(contentsOf: n.text.utf8)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            // Through the buffer: no copy (retain and release) of each element passed over.
            elements.withUnsafeBufferPointer { elements in
                for k in elements.indices {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    if format.pretty { JSON.newline(&out, indent + 1) }
                    elements[k].write(to: &out, format: format, indent: indent + 1, drain: drain)
                }
            }
            if format.pretty && !elements.isEmpty { JSON.newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            let members = format.sortedKeys
                ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : object.members
            members.withUnsafeBufferPointer { members in
                for k in members.indices {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    if format.pretty { JSON.newline(&out, indent + 1) }
                    JSON.writeString(members[k].key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    if format.pretty { out.append(UInt8(ascii: " ")) }
                    members[k].value.write(to: &out, format: format, indent: indent + 1, drain: drain)
                }
            }
            if format.pretty && !members.isEmpty { JSON.newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        case .bytes(let b):
            JSON.write(b, to: &out, format: format, indent: indent, drain: drain)
        }
    }

    /// Writes bytes as the array of their numbers, laid out as `.array` lays out numbers.
    private static func write(_ b: JSONBytes, to out: inout [UInt8], format: JSONFormat, indent: Int, drain: JSONDrain?) {
        let bytes = b.bytes
        if !format.pretty {
            // Room once: for the whole text, or for one of the drain's parts.
            out.reserveCapacity(out.count + min(b.serializedCount, drain.map { $0.threshold + 4 } ?? Int.max))
        }
        out.append(UInt8(ascii: "["))
        for (k, byte) in bytes.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            if format.pretty { newline(&out, indent + 1) }
            if byte >= 100 { out.append(0x30 + byte / 100) }
            if byte >= 10 { out.append(0x30 + byte / 10 % 10) }
            out.append(0x30 + byte % 10)
            if let drain, out.count >= drain.threshold { drain.body(&out) }
        }
        if format.pretty && !bytes.isEmpty { newline(&out, indent) }
        out.append(UInt8(ascii: "]"))
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends `s` as a JSON string literal, escaped as the compact writer escapes it (through
    /// a room on the stack, a run of at most 4 KiB at a time).
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            guard let source = bytes.baseAddress else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * min(bytes.count, JSONCompactWriter.escapeRun)) { room in
                guard let start = room.baseAddress else { return }
                var i = 0
                while i < bytes.count {
                    let run = min(bytes.count - i, JSONCompactWriter.escapeRun)
                    let end = JSONCompactWriter.escape(source + i, run, to: start)
                    out.append(contentsOf: UnsafeBufferPointer(start: start, count: start.distance(to: end)))
                    i += run
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\\` (exact: a word this
    /// says `false` of needs no escape; `true` sends the bytes through the byte-by-byte check).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = word ^ (0x22 &* ones), backslash = word ^ (0x5C &* ones)
        let quotes = (quote &- ones) & ~quote & highs
        let backslashes = (backslash &- ones) & ~backslash & highs
        return control | quotes | backslashes != 0
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 in one copy from where the binary holds it (appending a
    /// `String` literal's view went through its generic path, for a few bytes).
    @inlinable
    public mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

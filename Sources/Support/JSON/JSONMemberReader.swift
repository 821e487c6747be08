/// Reads a document whose top level is an object member by member, for a caller that wants a
/// few known keys from it (a protocol's envelope) without a `JSON` value for the object or a
/// `String` for each of them: keys come as their bytes, a value is read as the caller asks.
///
/// It reads only the plain shape: anything else (a key with an escape or a non-ASCII byte, a
/// value not of the kind asked for, malformed or trailing text) ends the reading with `nil`,
/// and the caller parses the document whole with `JSONParser`, which says what is wrong. So a
/// caller's fast reading never decides what the full parse would decide otherwise.
public struct JSONMemberReader {
    fileprivate var parser: JSONParser.Cursor
    /// Whether a member was read (a comma must come before the next key).
    private var started = false
    /// Whether the closing brace and nothing but whitespace after it were read.
    public private(set) var ended = false

    /// What `nextKey()` found.
    public enum Next {
        /// A key, as its bytes (ASCII, no escape); its value is next.
        case key(UnsafeBufferPointer<UInt8>)
        /// The object's end, and the document's.
        case end
    }

    /// Reads `bytes` with `body`, when the document is an object: `body`'s answer if it read the
    /// object to its end (`nextKey()` returned `.end`), else `nil`.
    /// - Important: the reader and every key it gives live only inside `body`.
    public static func read<R>(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
                               _ body: (inout JSONMemberReader) -> R?) -> R? {
        bytes.withUnsafeBufferPointer { buffer -> R? in
            var reader = JSONMemberReader(parser: JSONParser.Cursor(buffer: buffer, maxDepth: maxDepth, keepLast: true))
            guard reader.open(), let answer = body(&reader), reader.ended else { return nil }
            return answer
        }
    }

    private mutating func open() -> Bool {
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{"), (try? parser.enter()) != nil else { return false }
        parser.i += 1
        return true
    }

    /// The next member's key, or the end; `nil` when neither can be read plainly.
    public mutating func nextKey() -> Next? {
        guard !ended else { return nil }
        parser.skipWhitespace()
        if started {
            guard let c = parser.peek else { return nil }
            if c == UInt8(ascii: "}") { return close() }
            guard c == UInt8(ascii: ",") else { return nil }
            parser.i += 1
            parser.skipWhitespace()
        } else if parser.peek == UInt8(ascii: "}") {
            return close()
        }
        guard let key = asciiString() else { return nil }
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: ":") else { return nil }
        parser.i += 1
        parser.skipWhitespace()
        started = true
        return .key(key)
    }

    private mutating func close() -> Next? {
        parser.i += 1
        parser.depth -= 1
        parser.skipWhitespace()
        guard parser.i == parser.b.count else { return nil }
        ended = true
        return .end
    }

    /// The value, when it is a string of ASCII without escapes: its bytes.
    public mutating func asciiString() -> UnsafeBufferPointer<UInt8>? {
        guard parser.peek == UInt8(ascii: "\"") else { return nil }
        let start = parser.i + 1
        var j = start
        while j < parser.b.count {
            let c = parser.b[j]
            if c == UInt8(ascii: "\"") {
                parser.i = j + 1
                return UnsafeBufferPointer(rebasing: parser.b[start..<j])
            }
            guard c >= 0x20, c < 0x80, c != UInt8(ascii: "\\") else { return nil }
            j += 1
        }
        return nil
    }

    /// The value, when it is a string (escapes and UTF-8 read as `JSONParser` reads them).
    public mutating func string() -> String? {
        guard parser.peek == UInt8(ascii: "\"") else { return nil }
        return try? parser.parseString()
    }

    /// The value, when it is a number.
    public mutating func number() -> JSONNumber? {
        guard let c = parser.peek, c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) else { return nil }
        return try? parser.parseNumber()
    }

    /// The value, whatever it is, parsed as `JSONParser.parse(_:duplicateKeys: .keepLast)` parses
    /// it (its objects list their own duplicate keys).
    public mutating func value() -> JSON? {
        guard let value = try? parser.parseValue() else { return nil }
        parser.duplicatePaths.removeAll()
        return value
    }

    /// Whether `key` is the ASCII text `literal`.
    public static func matches(_ key: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard key.count == literal.utf8CodeUnitCount else { return false }
        let bytes = literal.utf8Start
        for k in 0..<key.count where bytes[k] != key[k] { return false }
        return true
    }
}

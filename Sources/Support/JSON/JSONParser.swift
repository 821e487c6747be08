/// Parses bytes into a `JSON` value, exactly and strictly (RFC 8259).
///
/// - Numbers keep their text; `true`/`false` are booleans, never numbers.
/// - Duplicate keys in one object are an error (`JSONParseError.Reason.duplicateKey`), or with
///   `duplicateKeys: .keepLast` the last value wins, in the first key's place, as serde_json's
///   map does (what Tauri parses IPC bodies with), and each object lists the paths of the keys it
///   had twice in `JSONObject.duplicateKeyPaths`.
/// - Strings must be valid UTF-8; `\u` escapes must pair surrogates; raw control characters are refused.
/// - Nesting deeper than `maxDepth` arrays/objects is an error, so hostile input cannot exhaust the stack.
/// - Only one value is allowed, surrounded by optional whitespace (space, tab, LF, CR).
public struct JSONParser {
    /// The default nesting limit, the same as serde_json's (what Tauri parses with).
    public static let defaultMaxDepth = 128

    /// What the parser does with a key written twice in one object.
    public enum DuplicateKeys: Sendable {
        /// The document is refused (`JSONParseError.Reason.duplicateKey`): files the bridge loads.
        case refuse
        /// The last value wins and the object records the key (`JSONObject.duplicateKeyPaths`):
        /// call arguments, which Tauri's serde_json reads this way.
        case keepLast
    }

    /// Parses one JSON document.
    /// - Throws: `JSONParseError` naming the first problem and its line and column.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth,
                             duplicateKeys: DuplicateKeys = .refuse) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSON in
            var parser = Cursor(buffer: buffer, maxDepth: maxDepth, keepLast: duplicateKeys == .keepLast)
            return try parser.parseDocument()
        }
    }

    /// Parses one JSON document from a slice of bytes.
    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth,
                             duplicateKeys: DuplicateKeys = .refuse) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSON in
            var parser = Cursor(buffer: buffer, maxDepth: maxDepth, keepLast: duplicateKeys == .keepLast)
            return try parser.parseDocument()
        }
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth,
                             duplicateKeys: DuplicateKeys = .refuse) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8), maxDepth: maxDepth, duplicateKeys: duplicateKeys)
    }
}

extension JSONParser {
    /// The parser's position in one document: what `parse` and `JSONMemberReader` read with.
    struct Cursor {
        let b: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        let keepLast: Bool
        var i = 0
        var depth = 0
        /// With `keepLast`: the paths of the duplicate keys inside the value `parseValue` just
        /// returned, relative to it; its parent takes them (and empties this) before going on.
        var duplicatePaths: [String] = []

        init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, keepLast: Bool) {
            self.b = buffer
            self.maxDepth = maxDepth
            self.keepLast = keepLast
        }

        mutating func parseDocument() throws(JSONParseError) -> JSON {
            skipWhitespace()
            let value = try parseValue()
            skipWhitespace()
            if i < b.count { throw error(.trailingData) }
            return value
        }

        func error(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
            let at = min(offset ?? i, b.count)
            var line = 1
            var lineStart = 0
            for k in 0..<at where b[k] == 0x0A {
                line += 1
                lineStart = k + 1
            }
            return JSONParseError(reason: reason, offset: at, line: line, column: at - lineStart + 1)
        }

        /// The byte at the position, if any.
        var peek: UInt8? { i < b.count ? b[i] : nil }

        @inline(__always) mutating func skipWhitespace() {
            while i < b.count {
                let c = b[i]
                guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
                i += 1
            }
        }

        func unexpected() -> JSONParseError {
            i < b.count ? error(.unexpectedByte(b[i])) : error(.unexpectedEnd)
        }

        mutating func parseValue() throws(JSONParseError) -> JSON {
            guard i < b.count else { throw error(.unexpectedEnd) }
            switch b[i] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw error(.unexpectedByte(b[i]))
            }
        }

        mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
            let start = i
            let count = word.utf8CodeUnitCount
            let p = word.utf8Start
            for k in 0..<count {
                guard start + k < b.count else { throw error(.unexpectedEnd, at: start + k) }
                guard b[start + k] == p[k] else { throw error(.unexpectedByte(b[start + k]), at: start + k) }
            }
            i = start + count
        }

        mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
            let start = i
            guard let end = JSONNumber.scan(b, from: start) else { throw error(.invalidNumber, at: start) }
            i = end
            return JSONNumber(validatedText: String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self))
        }

        mutating func enter() throws(JSONParseError) {
            depth += 1
            if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
        }

        mutating func parseArray() throws(JSONParseError) -> JSON {
            try enter()
            i += 1
            var elements: [JSON] = []
            skipWhitespace()
            if i < b.count && b[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array(elements)
            }
            var duplicates: [String] = []
            while true {
                skipWhitespace()
                elements.append(try parseValue())
                if !duplicatePaths.isEmpty { take(under: "[\(elements.count - 1)]", into: &duplicates) }
                skipWhitespace()
                guard i < b.count else { throw error(.unexpectedEnd) }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; break }
                throw unexpected()
            }
            depth -= 1
            duplicatePaths = duplicates
            return .array(elements)
        }

        mutating func parseObject() throws(JSONParseError) -> JSON {
            try enter()
            i += 1
            var members: [JSONObject.Member] = []
            members.reserveCapacity(4)
            var seen: Set<String>? = nil
            var duplicates: [String] = []
            skipWhitespace()
            if i < b.count && b[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(JSONObject(members))
            }
            while true {
                skipWhitespace()
                guard i < b.count else { throw error(.unexpectedEnd) }
                guard b[i] == UInt8(ascii: "\"") else { throw unexpected() }
                let keyStart = i
                let key = try parseString()
                let duplicate = isDuplicate(key, in: members, seen: &seen)
                if duplicate && !keepLast { throw error(.duplicateKey(key), at: keyStart) }
                skipWhitespace()
                guard i < b.count else { throw error(.unexpectedEnd) }
                guard b[i] == UInt8(ascii: ":") else { throw unexpected() }
                i += 1
                skipWhitespace()
                let value = try parseValue()
                if !duplicatePaths.isEmpty { take(under: key, into: &duplicates) }
                if duplicate, let first = members.firstIndex(where: { $0.key == key }) {
                    members[first].value = value
                    duplicates.append(key)
                } else {
                    members.append(JSONObject.Member(key: key, value: value))
                }
                skipWhitespace()
                guard i < b.count else { throw error(.unexpectedEnd) }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; break }
                throw unexpected()
            }
            depth -= 1
            var object = JSONObject(members)
            if !duplicates.isEmpty {
                object.duplicateKeyPaths = duplicates
                duplicatePaths = duplicates
            }
            return .object(object)
        }

        /// Moves the child's duplicate paths into `paths`, prefixed by the child's key or `[index]`.
        mutating func take(under prefix: String, into paths: inout [String]) {
            for path in duplicatePaths { paths.append(path.hasPrefix("[") ? prefix + path : prefix + "." + path) }
            duplicatePaths.removeAll()
        }

        /// Linear scan for small objects; a hash set once an object grows past a handful of keys.
        func isDuplicate(_ key: String, in members: [JSONObject.Member], seen: inout Set<String>?) -> Bool {
            if seen == nil && members.count < 12 {
                let count = key.utf8.count
                for m in members where m.key.utf8.count == count && m.key == key { return true }
                return false
            }
            // Moved out of `seen` before inserting: a set still referenced there would be copied on
            // every insert, which made an object of n keys cost n² (200,000 keys: minutes).
            var keys: Set<String>
            if let existing = seen {
                keys = existing
                seen = nil
            } else {
                keys = Set(members.map(\.key))
            }
            let inserted = keys.insert(key).inserted
            seen = keys
            return !inserted
        }

        mutating func parseString() throws(JSONParseError) -> String {
            let start = i + 1  // after the opening quote
            // Fast path: no escapes, scanned with a local index (kept in a register).
            var j = start
            let end = b.count
            var bits: UInt8 = 0  // every byte ORed: below 0x80 means ASCII
            while j < end {
                let c = b[j]
                if c == UInt8(ascii: "\"") {
                    let raw = UnsafeBufferPointer(rebasing: b[start..<j])
                    i = j + 1
                    if bits < 0x80 { return JSONParser.interned(raw) ?? String(decoding: raw, as: UTF8.self) }
                    guard let s = String(validating: raw, as: UTF8.self) else { throw error(.invalidUTF8, at: start) }
                    return s
                }
                if c == UInt8(ascii: "\\") { break }
                if c < 0x20 {
                    i = j
                    throw error(.controlCharacterInString)
                }
                bits |= c
                j += 1
            }
            i = j
            guard i < b.count else { throw error(.unexpectedEnd) }
            // Slow path: unescape into a byte buffer, then validate it once.
            var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else { throw error(.invalidUTF8, at: start) }
                    return s
                }
                if c < 0x20 { throw error(.controlCharacterInString) }
                if c != UInt8(ascii: "\\") {
                    out.append(c)
                    i += 1
                    continue
                }
                i += 1
                guard i < b.count else { throw error(.unexpectedEnd) }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let escapeStart = i - 2
                    var scalar = try parseHex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw error(.loneSurrogate, at: escapeStart)
                        }
                        i += 2
                        let low = try parseHex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error(.loneSurrogate, at: escapeStart) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw error(.loneSurrogate, at: escapeStart)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error(.loneSurrogate, at: escapeStart) }
                    out.append(contentsOf: String(Character(u)).utf8)
                default:
                    throw error(.invalidEscape, at: i - 2)
                }
            }
            throw error(.unexpectedEnd)
        }

        mutating func parseHex4() throws(JSONParseError) -> UInt32 {
            guard i + 4 <= b.count else { throw error(.unexpectedEnd) }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw error(.invalidEscape)
                }
                v = v << 4 | d
                i += 1
            }
            return v
        }
    }
}

extension JSONParser {
    /// The keys of every JSON-RPC message, as constants: made from the bytes, each cost a
    /// validated copy (~150 instructions) four times a message.
    static func interned(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        func equals(_ literal: StaticString) -> Bool { JSONMemberReader.matches(raw, literal) }
        switch raw.count {
        case 2: return equals("id") ? "id" : nil
        case 6: return equals("method") ? "method" : equals("params") ? "params" : equals("result") ? "result" : nil
        case 7: return equals("jsonrpc") ? "jsonrpc" : nil
        default: return nil
        }
    }
}

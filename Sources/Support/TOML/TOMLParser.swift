/// A strict TOML 1.0.0 parser.
///
/// Every document either parses to a `TOMLTable` or fails with a `TOMLParseError` that names the
/// line and column of the first problem; no input makes it crash. Newlines inside multi-line
/// strings are normalised to `\n`.
///
/// - Important: A document may nest at most `maxDepth` levels (tables, whether made by headers,
///   dotted keys or inline tables, and arrays all count), so hostile input cannot exhaust the
///   stack: `[a.a.a…]` with 100,000 parts is a parse error, not a crash.
public enum TOMLParser {
    /// How deep tables and arrays may nest, as the JSON parser's limit (serde_json's).
    public static let maxDepth = 128

    /// Parses a TOML document given as text.
    public static func parse(_ text: String) throws(TOMLParseError) -> TOMLTable {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses a TOML document given as bytes, which must be UTF-8.
    public static func parse(bytes: [UInt8]) throws(TOMLParseError) -> TOMLTable {
        var reader = TOMLReader(bytes)
        return try reader.document()
    }
}

/// The table tree while a document is read: each table remembers how it was defined, which
/// decides what may still be added to it.
private final class DraftTable {
    enum Origin {
        /// Created as a parent of a `[header]` path; may later be defined by its own header.
        case implicit
        /// Defined by `[header]` or as an element of `[[header]]`.
        case header
        /// Created by a dotted key (`a.b = 1`); may be extended only by dotted keys.
        case dotted
    }

    enum Entry {
        case value(TOMLValue)
        case table(DraftTable)
        case arrayOfTables(DraftArray)
    }

    var origin: Origin
    /// How deep it sits: 0 for the root, 1 for its tables, and so on.
    let depth: Int
    var keys: [String] = []
    var entries: [String: Entry] = [:]

    init(_ origin: Origin, depth: Int) {
        self.origin = origin
        self.depth = depth
    }

    func set(_ key: String, _ entry: Entry) {
        if entries[key] == nil { keys.append(key) }
        entries[key] = entry
    }

    var value: TOMLTable {
        var table = TOMLTable()
        for key in keys {
            guard let entry = entries[key] else { continue }
            switch entry {
            case .value(let v): table.entries.append((key, v))
            case .table(let t): table.entries.append((key, .table(t.value)))
            case .arrayOfTables(let a): table.entries.append((key, .array(a.tables.map { .table($0.value) })))
            }
        }
        return table
    }
}

/// The tables of an `[[array]]`, appended to by each header.
private final class DraftArray {
    var tables: [DraftTable] = []
}

private struct TOMLReader {
    let b: [UInt8]
    var i = 0

    init(_ bytes: [UInt8]) { b = bytes }

    // MARK: Errors and positions

    func error(_ message: String, at offset: Int? = nil) -> TOMLParseError {
        let at = min(offset ?? i, b.count)
        var line = 1
        var column = 1
        var k = 0
        while k < at {
            if b[k] == 0x0A {
                line += 1
                column = 1
            } else if b[k] & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return TOMLParseError(message: message, line: line, column: column)
    }

    var atEnd: Bool { i >= b.count }
    func peek(_ ahead: Int = 0) -> UInt8? { i + ahead < b.count ? b[i + ahead] : nil }

    func describe(_ c: UInt8?) -> String {
        guard let c else { return "end of input" }
        if c == 0x0A { return "a newline" }
        if c == 0x0D { return "a carriage return" }
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    // MARK: Document

    /// The error for a value or table nested deeper than `TOMLParser.maxDepth`.
    func tooDeep(at offset: Int? = nil) -> TOMLParseError {
        error("tables and arrays nest deeper than \(TOMLParser.maxDepth) levels", at: offset)
    }

    /// A new table inside `parent`, within the nesting limit.
    func table(_ origin: DraftTable.Origin, in parent: DraftTable, at offset: Int) throws(TOMLParseError) -> DraftTable {
        guard parent.depth < TOMLParser.maxDepth else { throw tooDeep(at: offset) }
        return DraftTable(origin, depth: parent.depth + 1)
    }

    mutating func document() throws(TOMLParseError) -> TOMLTable {
        if let bad = firstInvalidUTF8(b) { throw error("invalid UTF-8", at: bad) }
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        let root = DraftTable(.header, depth: 0)
        var current = root
        while true {
            skipSpaces()
            guard let c = peek() else { break }
            switch c {
            case UInt8(ascii: "#"):
                try comment()
            case 0x0A, 0x0D:
                try newline()
                continue
            case UInt8(ascii: "["):
                current = try header(root)
            default:
                try keyValue(into: current)
            }
            try endOfLine()
        }
        return root.value
    }

    /// After a statement: spaces, an optional comment, then a newline or the end.
    mutating func endOfLine() throws(TOMLParseError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try comment() }
        if atEnd { return }
        guard peek() == 0x0A || peek() == 0x0D else {
            throw error("expected a newline or the end of the document after a value, found \(describe(peek()))")
        }
        try newline()
    }

    mutating func skipSpaces() {
        while let c = peek(), c == 0x20 || c == 0x09 { i += 1 }
    }

    mutating func newline() throws(TOMLParseError) {
        if peek() == 0x0D {
            guard peek(1) == 0x0A else { throw error("a carriage return must be followed by a line feed") }
            i += 2
        } else {
            i += 1
        }
    }

    mutating func comment() throws(TOMLParseError) {
        i += 1
        while let c = peek(), c != 0x0A {
            if c == 0x0D && peek(1) == 0x0A { return }
            if isForbiddenControl(c) { throw error("control character \(describe(c)) in a comment") }
            i += 1
        }
    }

    /// Control characters TOML forbids outside of where it allows them (tab is always allowed).
    func isForbiddenControl(_ c: UInt8) -> Bool {
        (c < 0x20 && c != 0x09) || c == 0x7F
    }

    /// Spaces, newlines and comments, as allowed inside arrays.
    mutating func skipBlank() throws(TOMLParseError) {
        while true {
            skipSpaces()
            guard let c = peek() else { return }
            if c == UInt8(ascii: "#") {
                try comment()
            } else if c == 0x0A || c == 0x0D {
                try newline()
            } else {
                return
            }
        }
    }

    // MARK: Tables

    mutating func header(_ root: DraftTable) throws(TOMLParseError) -> DraftTable {
        let start = i
        let isArray = peek(1) == UInt8(ascii: "[")
        i += isArray ? 2 : 1
        skipSpaces()
        let path = try key()
        skipSpaces()
        if isArray {
            guard peek() == UInt8(ascii: "]"), peek(1) == UInt8(ascii: "]") else {
                throw error("expected ']]' to close the array-of-tables header")
            }
            i += 2
        } else {
            guard peek() == UInt8(ascii: "]") else { throw error("expected ']' to close the table header, found \(describe(peek()))") }
            i += 1
        }
        let name = path.joined(separator: ".")
        var table = root
        for (k, part) in path.enumerated() {
            let last = k == path.count - 1
            switch table.entries[part] {
            case nil:
                if last && isArray {
                    // The array is one level, its tables the next.
                    guard table.depth + 1 < TOMLParser.maxDepth else { throw tooDeep(at: start) }
                    let array = DraftArray()
                    let element = DraftTable(.header, depth: table.depth + 2)
                    array.tables.append(element)
                    table.set(part, .arrayOfTables(array))
                    table = element
                } else {
                    let created = try self.table(last ? .header : .implicit, in: table, at: start)
                    table.set(part, .table(created))
                    table = created
                }
            case .table(let existing)?:
                if last {
                    if isArray { throw error("[[\(name)]] names a table that is already defined", at: start) }
                    switch existing.origin {
                    case .implicit: existing.origin = .header
                    case .header: throw error("table [\(name)] is defined twice", at: start)
                    case .dotted: throw error("table [\(name)] was already defined by dotted keys", at: start)
                    }
                }
                table = existing
            case .arrayOfTables(let array)?:
                if last {
                    guard isArray else { throw error("[\(name)] names an array of tables", at: start) }
                    let element = DraftTable(.header, depth: table.depth + 2)
                    array.tables.append(element)
                    table = element
                } else if let element = array.tables.last {
                    table = element
                }
            case .value?:
                throw error("[\(name)]: key '\(part)' is already a value, not a table", at: start)
            }
        }
        return table
    }

    mutating func keyValue(into table: DraftTable) throws(TOMLParseError) {
        let start = i
        let path = try key()
        skipSpaces()
        guard peek() == UInt8(ascii: "=") else { throw error("expected '=' after the key, found \(describe(peek()))") }
        i += 1
        skipSpaces()
        // The value sits one level below its table, one more for each dotted part.
        guard table.depth + path.count <= TOMLParser.maxDepth else { throw tooDeep(at: start) }
        let v = try value(depth: table.depth + path.count)
        var target = table
        for part in path.dropLast() {
            switch target.entries[part] {
            case nil:
                let created = try self.table(.dotted, in: target, at: start)
                target.set(part, .table(created))
                target = created
            case .table(let existing)? where existing.origin == .dotted:
                target = existing
            case .table?:
                throw error("dotted key '\(path.joined(separator: "."))' would add to table '\(part)', which is defined elsewhere", at: start)
            case .arrayOfTables?:
                throw error("dotted key '\(path.joined(separator: "."))' runs into the array of tables '\(part)'", at: start)
            case .value?:
                throw error("dotted key '\(path.joined(separator: "."))': '\(part)' is already a value", at: start)
            }
        }
        let last = path[path.count - 1]
        guard target.entries[last] == nil else {
            throw error("key '\(path.joined(separator: "."))' is defined twice", at: start)
        }
        target.set(last, .value(v))
    }

    // MARK: Keys

    mutating func key() throws(TOMLParseError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            let save = i
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else {
                i = save
                return parts
            }
            i += 1
            skipSpaces()
            parts.append(try simpleKey())
        }
    }

    mutating func simpleKey() throws(TOMLParseError) -> String {
        switch peek() {
        case UInt8(ascii: "\"")?:
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") { throw error("a key cannot be a multi-line string") }
            return try basicString()
        case UInt8(ascii: "'")?:
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") { throw error("a key cannot be a multi-line string") }
            return try literalString()
        default:
            let start = i
            while let c = peek(), isBareKeyByte(c) { i += 1 }
            guard i > start else { throw error("expected a key, found \(describe(peek()))") }
            return String(decoding: b[start..<i], as: UTF8.self)
        }
    }

    func isBareKeyByte(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }

    // MARK: Values

    /// A value at nesting `depth` (its table's depth plus one), at most `TOMLParser.maxDepth`.
    mutating func value(depth: Int) throws(TOMLParseError) -> TOMLValue {
        guard let c = peek() else { throw error("expected a value, found end of input") }
        switch c {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") { return .string(try multilineBasicString()) }
            return .string(try basicString())
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") { return .string(try multilineLiteralString()) }
            return .string(try literalString())
        case UInt8(ascii: "t"):
            try word("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try word("false")
            return .bool(false)
        case UInt8(ascii: "["):
            return try array(depth: depth)
        case UInt8(ascii: "{"):
            return try inlineTable(depth: depth)
        default:
            return try numberOrDate()
        }
    }

    mutating func word(_ w: StaticString) throws(TOMLParseError) {
        let n = w.utf8CodeUnitCount
        let p = w.utf8Start
        for k in 0..<n where peek(k) != p[k] { throw error("invalid value; expected \(w)") }
        i += n
        if let c = peek(), isBareKeyByte(c) || c == UInt8(ascii: ".") { throw error("invalid value after \(w)") }
    }

    mutating func array(depth: Int) throws(TOMLParseError) -> TOMLValue {
        i += 1
        var items: [TOMLValue] = []
        while true {
            try skipBlank()
            guard let c = peek() else { throw error("unterminated array") }
            if c == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            guard depth < TOMLParser.maxDepth else { throw tooDeep() }
            items.append(try value(depth: depth + 1))
            try skipBlank()
            guard let next = peek() else { throw error("unterminated array") }
            if next == UInt8(ascii: ",") {
                i += 1
            } else if next == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            } else {
                throw error("expected ',' or ']' in an array, found \(describe(next))")
            }
        }
    }

    mutating func inlineTable(depth: Int) throws(TOMLParseError) -> TOMLValue {
        i += 1
        let table = DraftTable(.header, depth: depth)
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            i += 1
            return .table(table.value)
        }
        while true {
            skipSpaces()
            guard let c = peek(), c != 0x0A, c != 0x0D else { throw error("an inline table must stay on one line") }
            try keyValue(into: table)
            skipSpaces()
            guard let next = peek() else { throw error("unterminated inline table") }
            if next == UInt8(ascii: ",") {
                i += 1
                skipSpaces()
                if peek() == UInt8(ascii: "}") { throw error("trailing comma in an inline table") }
            } else if next == UInt8(ascii: "}") {
                i += 1
                return .table(table.value)
            } else {
                throw error("expected ',' or '}' in an inline table, found \(describe(next))")
            }
        }
    }

    // MARK: Strings

    mutating func basicString() throws(TOMLParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw error("unterminated string") }
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0x0A, 0x0D:
                throw error("newline in a single-line string")
            default:
                if isForbiddenControl(c) { throw error("control character \(describe(c)) in a string; escape it") }
                out.append(c)
                i += 1
            }
        }
    }

    mutating func multilineBasicString() throws(TOMLParseError) -> String {
        i += 3
        try skipFirstNewline()
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw error("unterminated multi-line string") }
            switch c {
            case UInt8(ascii: "\""):
                if let closed = try closingQuotes(UInt8(ascii: "\""), into: &out) { return closed }
            case UInt8(ascii: "\\"):
                // A line-ending backslash trims the newline and all whitespace that follows.
                var k = i + 1
                while k < b.count, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
                if k < b.count, b[k] == 0x0A || (b[k] == 0x0D && k + 1 < b.count && b[k + 1] == 0x0A) {
                    i = k
                    while let w = peek(), w == 0x20 || w == 0x09 || w == 0x0A || w == 0x0D {
                        if w == 0x0D { try newline() } else { i += 1 }
                    }
                } else {
                    try escape(into: &out)
                }
            case 0x0D:
                try newline()
                out.append(0x0A)
            default:
                if c != 0x0A && isForbiddenControl(c) { throw error("control character \(describe(c)) in a string; escape it") }
                out.append(c)
                i += 1
            }
        }
    }

    mutating func literalString() throws(TOMLParseError) -> String {
        i += 1
        let start = i
        while true {
            guard let c = peek() else { throw error("unterminated literal string") }
            if c == UInt8(ascii: "'") {
                i += 1
                return String(decoding: b[start..<(i - 1)], as: UTF8.self)
            }
            if c == 0x0A || c == 0x0D { throw error("newline in a single-line literal string") }
            if isForbiddenControl(c) { throw error("control character \(describe(c)) in a literal string") }
            i += 1
        }
    }

    mutating func multilineLiteralString() throws(TOMLParseError) -> String {
        i += 3
        try skipFirstNewline()
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw error("unterminated multi-line literal string") }
            if c == UInt8(ascii: "'") {
                if let closed = try closingQuotes(UInt8(ascii: "'"), into: &out) { return closed }
            } else if c == 0x0D {
                try newline()
                out.append(0x0A)
            } else {
                if c != 0x0A && isForbiddenControl(c) { throw error("control character \(describe(c)) in a literal string") }
                out.append(c)
                i += 1
            }
        }
    }

    /// A newline right after an opening `"""` or `'''` is not part of the string.
    mutating func skipFirstNewline() throws(TOMLParseError) {
        if peek() == 0x0A || peek() == 0x0D { try newline() }
    }

    /// At a quote inside a multi-line string: one or two quotes are content; three end the
    /// string, and up to two more right before them are content too.
    mutating func closingQuotes(_ quote: UInt8, into out: inout [UInt8]) throws(TOMLParseError) -> String? {
        var n = 0
        while peek(n) == quote { n += 1 }
        if n < 3 {
            out.append(contentsOf: repeatElement(quote, count: n))
            i += n
            return nil
        }
        if n > 5 { throw error("too many quotes at the end of a multi-line string") }
        out.append(contentsOf: repeatElement(quote, count: n - 3))
        i += n
        return String(decoding: out, as: UTF8.self)
    }

    mutating func escape(into out: inout [UInt8]) throws(TOMLParseError) {
        let start = i
        i += 1
        guard let e = peek() else { throw error("unterminated escape") }
        i += 1
        switch e {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = e == UInt8(ascii: "u") ? 4 : 8
            var v: UInt32 = 0
            for _ in 0..<count {
                guard let h = peek(), let d = hexValue(h) else { throw error("\\\(Character(Unicode.Scalar(e))) needs \(count) hex digits", at: start) }
                v = v &* 16 &+ UInt32(d)
                i += 1
            }
            guard let scalar = Unicode.Scalar(v) else {
                throw error("\\\(Character(Unicode.Scalar(e))) escape is not a Unicode scalar value", at: start)
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("invalid escape \\\(describe(e))", at: start)
        }
    }

    func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: Numbers and dates

    mutating func numberOrDate() throws(TOMLParseError) -> TOMLValue {
        let start = i
        while let c = peek(), isTokenByte(c) { i += 1 }
        // A date followed by a space and a time is one local or offset date-time.
        if i - start == 10, isDate(b[start..<i]), peek() == 0x20, let h1 = peek(1), let h2 = peek(2), isDigit(h1), isDigit(h2), peek(3) == UInt8(ascii: ":") {
            i += 1
            while let c = peek(), isTokenByte(c) { i += 1 }
        }
        let token = Array(b[start..<i])
        guard !token.isEmpty else { throw error("expected a value, found \(describe(peek()))") }
        if token.count >= 10, isDate(token[0..<10]) { return try dateTime(token, at: start) }
        if token.count >= 3, isDigit(token[0]), isDigit(token[1]), token[2] == UInt8(ascii: ":") {
            return .localTime(try time(token[...], at: start).text)
        }
        return try number(token, at: start)
    }

    func isTokenByte(_ c: UInt8) -> Bool {
        isBareKeyByte(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
    }

    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    func isDate(_ s: ArraySlice<UInt8>) -> Bool {
        let a = Array(s)
        guard a.count == 10 else { return false }
        for k in [0, 1, 2, 3, 5, 6, 8, 9] where !isDigit(a[k]) { return false }
        return a[4] == UInt8(ascii: "-") && a[7] == UInt8(ascii: "-")
    }

    func digits(_ s: ArraySlice<UInt8>) -> Int {
        s.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    mutating func dateTime(_ token: [UInt8], at start: Int) throws(TOMLParseError) -> TOMLValue {
        let year = digits(token[0..<4]), month = digits(token[5..<7]), day = digits(token[8..<10])
        guard (1...12).contains(month) else { throw error("month \(month) is out of range", at: start) }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { throw error("day \(day) is out of range for \(year)-\(month)", at: start) }
        let date = String(decoding: token[0..<10], as: UTF8.self)
        if token.count == 10 { return .localDate(date) }
        guard token[10] == UInt8(ascii: "T") || token[10] == UInt8(ascii: "t") || token[10] == 0x20 else {
            throw error("invalid date-time: expected 'T' or a space after the date", at: start)
        }
        let parsed = try time(token[11...], at: start, allowOffset: true)
        let text = date + "T" + parsed.text
        return parsed.hasOffset ? .offsetDateTime(text) : .localDateTime(text)
    }

    /// `HH:MM:SS[.frac]` and, when allowed, `Z` or `±HH:MM`.
    func time(_ s: ArraySlice<UInt8>, at start: Int, allowOffset: Bool = false) throws(TOMLParseError) -> (text: String, hasOffset: Bool) {
        let t = Array(s)
        guard t.count >= 8, isDigit(t[0]), isDigit(t[1]), t[2] == UInt8(ascii: ":"), isDigit(t[3]), isDigit(t[4]),
              t[5] == UInt8(ascii: ":"), isDigit(t[6]), isDigit(t[7]) else {
            throw error("invalid time: expected HH:MM:SS", at: start)
        }
        let hour = digits(t[0..<2]), minute = digits(t[3..<5]), second = digits(t[6..<8])
        guard hour <= 23, minute <= 59, second <= 60 else { throw error("time \(hour):\(minute):\(second) is out of range", at: start) }
        var k = 8
        var text = String(decoding: t[0..<8], as: UTF8.self)
        if k < t.count, t[k] == UInt8(ascii: ".") {
            k += 1
            let fracStart = k
            while k < t.count, isDigit(t[k]) { k += 1 }
            guard k > fracStart else { throw error("invalid time: a '.' must be followed by digits", at: start) }
            text += "." + String(decoding: t[fracStart..<k], as: UTF8.self)
        }
        if k == t.count { return (text, false) }
        guard allowOffset else { throw error("invalid local time", at: start) }
        if t[k] == UInt8(ascii: "Z") || t[k] == UInt8(ascii: "z") {
            guard k + 1 == t.count else { throw error("invalid date-time offset", at: start) }
            return (text + "Z", true)
        }
        guard t[k] == UInt8(ascii: "+") || t[k] == UInt8(ascii: "-"), t.count - k == 6, isDigit(t[k + 1]), isDigit(t[k + 2]),
              t[k + 3] == UInt8(ascii: ":"), isDigit(t[k + 4]), isDigit(t[k + 5]) else {
            throw error("invalid date-time offset: expected Z or ±HH:MM", at: start)
        }
        guard digits(t[(k + 1)..<(k + 3)]) <= 23, digits(t[(k + 4)..<(k + 6)]) <= 59 else {
            throw error("date-time offset is out of range", at: start)
        }
        return (text + String(decoding: t[k...], as: UTF8.self), true)
    }

    func number(_ token: [UInt8], at start: Int) throws(TOMLParseError) -> TOMLValue {
        let text = String(decoding: token, as: UTF8.self)
        var body = token[...]
        var negative = false
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        if body.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity, text: text) }
        if body.elementsEqual("nan".utf8) { return .float(.nan, text: text) }
        if body.count > 2, body.first == UInt8(ascii: "0"), let radixByte = body.dropFirst().first,
           radixByte == UInt8(ascii: "x") || radixByte == UInt8(ascii: "o") || radixByte == UInt8(ascii: "b") {
            guard token.first != UInt8(ascii: "+") && token.first != UInt8(ascii: "-") else {
                throw error("\(text): a hexadecimal, octal or binary integer cannot have a sign", at: start)
            }
            let radix = radixByte == UInt8(ascii: "x") ? 16 : radixByte == UInt8(ascii: "o") ? 8 : 2
            let digitsPart = body.dropFirst(2)
            guard let clean = underscoresRemoved(digitsPart, isDigit: { hexValue($0).map { Int($0) < radix } ?? false }) else {
                throw error("invalid integer \(text)", at: start)
            }
            guard let v = Int64(String(decoding: clean, as: UTF8.self), radix: radix) else {
                throw error("integer \(text) does not fit in 64 bits", at: start)
            }
            return .integer(v)
        }
        let isFloat = body.contains(UInt8(ascii: ".")) || body.contains(UInt8(ascii: "e")) || body.contains(UInt8(ascii: "E"))
        // The integer part: no leading zeros, underscores only between digits.
        var intEnd = body.startIndex
        while intEnd < body.endIndex, isDigit(body[intEnd]) || body[intEnd] == UInt8(ascii: "_") { intEnd += 1 }
        let intPart = body[body.startIndex..<intEnd]
        guard let intClean = underscoresRemoved(intPart, isDigit: isDigit) else {
            let letter = token.first.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ?? false
            throw error(letter ? "invalid value \(text): a string needs quotes" : "invalid number \(text)", at: start)
        }
        if intClean.count > 1 && intClean.first == UInt8(ascii: "0") { throw error("\(text): leading zeros are not allowed", at: start) }
        if !isFloat {
            guard intEnd == body.endIndex else { throw error("invalid value \(text)", at: start) }
            guard let v = Int64(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else {
                throw error("integer \(text) does not fit in 64 bits", at: start)
            }
            return .integer(v)
        }
        var k = intEnd
        var clean = Array(token[token.startIndex..<(token.startIndex + (token.count - body.count))]) + intClean
        if k < body.endIndex, body[k] == UInt8(ascii: ".") {
            k += 1
            let fracStart = k
            while k < body.endIndex, isDigit(body[k]) || body[k] == UInt8(ascii: "_") { k += 1 }
            guard let frac = underscoresRemoved(body[fracStart..<k], isDigit: isDigit) else {
                throw error("invalid float \(text): digits must follow '.'", at: start)
            }
            clean += [UInt8(ascii: ".")] + frac
        }
        if k < body.endIndex, body[k] == UInt8(ascii: "e") || body[k] == UInt8(ascii: "E") {
            k += 1
            clean.append(UInt8(ascii: "e"))
            if k < body.endIndex, body[k] == UInt8(ascii: "+") || body[k] == UInt8(ascii: "-") {
                clean.append(body[k])
                k += 1
            }
            let expStart = k
            while k < body.endIndex, isDigit(body[k]) || body[k] == UInt8(ascii: "_") { k += 1 }
            guard let exp = underscoresRemoved(body[expStart..<k], isDigit: isDigit) else {
                throw error("invalid float \(text): bad exponent", at: start)
            }
            clean += exp
        }
        guard k == body.endIndex else { throw error("invalid float \(text)", at: start) }
        guard let d = Double(String(decoding: clean, as: UTF8.self)), d.isFinite else {
            throw error("float \(text) is out of range", at: start)
        }
        return .float(d, text: text)
    }

    /// The digits without their underscores, or `nil` when empty, when a character is not a
    /// digit, or when an underscore is not between two digits.
    func underscoresRemoved(_ s: ArraySlice<UInt8>, isDigit: (UInt8) -> Bool) -> [UInt8]? {
        guard let first = s.first, let last = s.last, isDigit(first), isDigit(last) else { return nil }
        var out: [UInt8] = []
        var previousUnderscore = false
        for c in s {
            if c == UInt8(ascii: "_") {
                if previousUnderscore { return nil }
                previousUnderscore = true
            } else {
                guard isDigit(c) else { return nil }
                previousUnderscore = false
                out.append(c)
            }
        }
        return out
    }
}

/// The offset of the first byte that breaks UTF-8 (overlong forms, surrogates and code points
/// past U+10FFFF included), or `nil` when all of `b` is valid.
private func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
    var k = 0
    while k < b.count {
        let c = b[k]
        if c < 0x80 {
            k += 1
            continue
        }
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch c {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(c & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(c & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(c & 0x07)
        default: return k
        }
        guard k + length <= b.count else { return k }
        for j in 1..<length {
            guard b[k + j] & 0xC0 == 0x80 else { return k }
            scalar = scalar << 6 | UInt32(b[k + j] & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return k }
        k += length
    }
    return nil
}

/// A reader for the XML subset of Android resource files (`AndroidManifest.xml`,
/// `res/xml/provider_paths.xml`): an optional prolog, comments, and elements with quoted
/// attributes; text content is skipped. Enough to read manifests and FileProvider roots without
/// linking FoundationXML (libxml2) into every start-up.
public enum XMLElements {
    /// One element: its name and attributes, where it starts, and how deep it is.
    public struct Element: Sendable, Equatable {
        public let name: String
        /// Attributes by their qualified name (`android:name`).
        public let attributes: [String: String]
        /// The 1-based line of its `<`.
        public let line: Int
        /// 0 for the root element, 1 for its children, …
        public let depth: Int

        public init(name: String, attributes: [String: String], line: Int = 1, depth: Int = 0) {
            self.name = name
            self.attributes = attributes
            self.line = line
            self.depth = depth
        }
    }

    /// Why the file could not be read, with its line.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every element of the document (start and empty tags), in document order.
    public static func parse(_ text: String) throws(ParseError) -> [Element] {
        let s = Array(text.unicodeScalars)
        var i = 0
        var out: [Element] = []
        var stack: [String] = []
        let newlines = s.indices.filter { s[$0] == "\n" }
        // The number of newlines before `at`, plus one (binary search).
        func line(_ at: Int) -> Int {
            var low = 0, high = newlines.count
            while low < high {
                let mid = (low + high) / 2
                if newlines[mid] < at { low = mid + 1 } else { high = mid }
            }
            return low + 1
        }
        func starts(_ prefix: String, _ at: Int) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return at + p.count <= s.count && Array(s[at..<at + p.count]) == p
        }
        func skip(past terminator: String, from: Int) throws(ParseError) -> Int {
            var k = from
            while k < s.count {
                if starts(terminator, k) { return k + terminator.unicodeScalars.count }
                k += 1
            }
            throw ParseError(line: line(from), message: "unterminated construct, expected '\(terminator)'")
        }
        func isNameChar(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == ":" || c == "."
        }
        while i < s.count {
            if s[i] != "<" {
                if !s[i].properties.isWhitespace && stack.isEmpty {
                    throw ParseError(line: line(i), message: "text outside the root element")
                }
                i += 1
                continue
            }
            if starts("<!--", i) { i = try skip(past: "-->", from: i + 4); continue }
            if starts("<?", i) { i = try skip(past: "?>", from: i + 2); continue }
            if starts("<!", i) { i = try skip(past: ">", from: i + 2); continue }
            if starts("</", i) {
                let closeStart = i
                i += 2
                var closing = ""
                while i < s.count && isNameChar(s[i]) { closing.unicodeScalars.append(s[i]); i += 1 }
                i = try skip(past: ">", from: i)
                guard let open = stack.popLast() else {
                    throw ParseError(line: line(closeStart), message: "closing tag </\(closing)> without an opening tag")
                }
                guard open == closing else {
                    throw ParseError(line: line(closeStart), message: "</\(closing)> closes <\(open)>")
                }
                continue
            }
            let tagStart = i
            i += 1
            var name = ""
            while i < s.count && isNameChar(s[i]) { name.unicodeScalars.append(s[i]); i += 1 }
            guard !name.isEmpty else { throw ParseError(line: line(tagStart), message: "malformed tag") }
            var attributes: [String: String] = [:]
            let elementDepth = stack.count
            while true {
                while i < s.count && s[i].properties.isWhitespace { i += 1 }
                guard i < s.count else { throw ParseError(line: line(tagStart), message: "unterminated tag <\(name)>") }
                if s[i] == ">" { i += 1; stack.append(name); break }
                if starts("/>", i) { i += 2; break }
                var attribute = ""
                while i < s.count && isNameChar(s[i]) { attribute.unicodeScalars.append(s[i]); i += 1 }
                while i < s.count && s[i].properties.isWhitespace { i += 1 }
                guard !attribute.isEmpty, i < s.count, s[i] == "=" else {
                    throw ParseError(line: line(i), message: "malformed attribute in <\(name)>")
                }
                i += 1
                while i < s.count && s[i].properties.isWhitespace { i += 1 }
                guard i < s.count, s[i] == "\"" || s[i] == "'" else {
                    throw ParseError(line: line(i), message: "attribute \(attribute) needs a quoted value")
                }
                let quote = s[i]
                i += 1
                var raw = ""
                while i < s.count && s[i] != quote { raw.unicodeScalars.append(s[i]); i += 1 }
                guard i < s.count else { throw ParseError(line: line(tagStart), message: "unterminated attribute value") }
                i += 1
                attributes[attribute] = try decodeEntities(raw, line: line(i))
            }
            out.append(Element(name: name, attributes: attributes, line: line(tagStart), depth: elementDepth))
        }
        if !stack.isEmpty { throw ParseError(line: line(s.count), message: "unclosed element") }
        return out
    }

    private static func decodeEntities(_ raw: String, line: Int) throws(ParseError) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                throw ParseError(line: line, message: "unterminated entity in \"\(raw)\"")
            }
            let entity = String(rest[rest.index(after: amp)..<semi])
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                guard let code, let scalar = Unicode.Scalar(code) else {
                    throw ParseError(line: line, message: "unknown entity &\(entity);")
                }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}

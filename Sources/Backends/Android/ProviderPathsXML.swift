/// A reader for the small XML subset of `res/xml/provider_paths.xml`: an optional prolog,
/// comments, and elements with quoted attributes. Enough to read FileProvider roots without
/// linking FoundationXML (libxml2) into every start-up.
enum ProviderPathsXML {
    /// One element: its name and attributes, in document order.
    struct Element: Equatable {
        let name: String
        let attributes: [String: String]
    }

    /// Why the file could not be read, with its line.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "line \(line): \(message)" }
    }

    /// Every element of the document (start and empty tags), in order.
    static func elements(_ text: String) throws(ParseError) -> [Element] {
        let s = Array(text.unicodeScalars)
        var i = 0
        var out: [Element] = []
        var depth = 0
        func line(_ at: Int) -> Int { 1 + s[0..<min(at, s.count)].filter { $0 == "\n" }.count }
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
                if !s[i].properties.isWhitespace && depth == 0 {
                    throw ParseError(line: line(i), message: "text outside the root element")
                }
                i += 1
                continue
            }
            if starts("<!--", i) { i = try skip(past: "-->", from: i + 4); continue }
            if starts("<?", i) { i = try skip(past: "?>", from: i + 2); continue }
            if starts("<!", i) { i = try skip(past: ">", from: i + 2); continue }
            if starts("</", i) {
                i = try skip(past: ">", from: i + 2)
                depth -= 1
                if depth < 0 { throw ParseError(line: line(i), message: "closing tag without an opening tag") }
                continue
            }
            let tagStart = i
            i += 1
            var name = ""
            while i < s.count && isNameChar(s[i]) { name.unicodeScalars.append(s[i]); i += 1 }
            guard !name.isEmpty else { throw ParseError(line: line(tagStart), message: "malformed tag") }
            var attributes: [String: String] = [:]
            while true {
                while i < s.count && s[i].properties.isWhitespace { i += 1 }
                guard i < s.count else { throw ParseError(line: line(tagStart), message: "unterminated tag <\(name)>") }
                if s[i] == ">" { i += 1; depth += 1; break }
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
            out.append(Element(name: name, attributes: attributes))
        }
        if depth != 0 { throw ParseError(line: line(s.count), message: "unclosed element") }
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

/// Splits an `NSPredicate` format string into tokens. Keywords are case-insensitive, as
/// `NSPredicate` reads them; `UTI-CONFORMS-TO` and `UTI-EQUALS` are single operators.
enum PredicateLexer {
    static func tokens(_ source: [Unicode.Scalar]) throws(PredicateError) -> [PredicateToken] {
        var out: [PredicateToken] = []
        var i = 0
        func fail(_ message: String, _ at: Int) -> PredicateError { PredicateError(message, at: at, in: source) }
        func peek(_ k: Int) -> Unicode.Scalar? { i + k < source.count ? source[i + k] : nil }
        while i < source.count {
            let c = source[i]
            if c.properties.isWhitespace { i += 1; continue }
            let start = i
            if isIdentifierStart(c) {
                var word = ""
                while let d = peek(0), isIdentifierPart(d) { word.unicodeScalars.append(d); i += 1 }
                if word.uppercased() == "UTI", peek(0) == "-" {
                    guard let suffix = ["-CONFORMS-TO", "-EQUALS"].first(where: { matches(source, at: i, $0) }) else {
                        throw fail("unknown operator starting 'UTI-': expected UTI-CONFORMS-TO or UTI-EQUALS", start)
                    }
                    i += suffix.unicodeScalars.count
                    out.append(PredicateToken(kind: .op("UTI" + suffix), start: start, end: i))
                    continue
                }
                out.append(PredicateToken(kind: .identifier(word), start: start, end: i))
                continue
            }
            switch c {
            case "$", "@":
                i += 1
                var word = ""
                while let d = peek(0), isIdentifierPart(d) { word.unicodeScalars.append(d); i += 1 }
                guard !word.isEmpty, let first = word.unicodeScalars.first, isIdentifierStart(first) else {
                    throw fail(c == "$" ? "a variable needs a name after '$'" : "a collection operator needs a name after '@', such as @count", start)
                }
                out.append(PredicateToken(kind: c == "$" ? .variable(word) : .collectionOperator(word), start: start, end: i))
            case "\"", "'":
                i += 1
                var text = ""
                while true {
                    guard let d = peek(0) else { throw fail("unterminated string literal", start) }
                    i += 1
                    if d == c { break }
                    if d == "\\" {
                        guard let e = peek(0) else { throw fail("unterminated string literal", start) }
                        i += 1
                        switch e {
                        case "n": text += "\n"
                        case "t": text += "\t"
                        case "r": text += "\r"
                        case "0": text += "\0"
                        default: text.unicodeScalars.append(e)
                        }
                    } else {
                        text.unicodeScalars.append(d)
                    }
                }
                out.append(PredicateToken(kind: .string(text), start: start, end: i))
            case "0"..."9":
                var digits = ""
                if c == "0", let x = peek(1), x == "x" || x == "X" {
                    i += 2
                    while let d = peek(0), d.properties.isASCIIHexDigit { digits.unicodeScalars.append(d); i += 1 }
                    guard let n = Int(digits, radix: 16) else { throw fail("malformed hexadecimal number", start) }
                    out.append(PredicateToken(kind: .number(Double(n)), start: start, end: i))
                    continue
                }
                while let d = peek(0), ("0"..."9").contains(d) || d == "." || d == "e" || d == "E"
                        || ((d == "-" || d == "+") && (digits.last == "e" || digits.last == "E")) {
                    digits.unicodeScalars.append(d)
                    i += 1
                }
                guard let n = Double(digits) else { throw fail("malformed number '\(digits)'", start) }
                out.append(PredicateToken(kind: .number(n), start: start, end: i))
            case "(", ")", ",", ".":
                i += 1
                out.append(PredicateToken(kind: .punctuation(Character(c)), start: start, end: i))
            default:
                let two = peek(1).map { String(c) + String($0) } ?? String(c)
                let operators: [String: String] = ["==": "==", "!=": "!=", "<>": "!=", "<=": "<=", "=<": "<=", ">=": ">=",
                                                   "=>": ">=", "&&": "AND", "||": "OR"]
                if let op = operators[two] {
                    i += 2
                    out.append(PredicateToken(kind: .op(op), start: start, end: i))
                } else if let op = ["=": "==", "<": "<", ">": ">", "!": "NOT"][String(c)] {
                    i += 1
                    out.append(PredicateToken(kind: .op(op), start: start, end: i))
                } else {
                    throw fail("unexpected character '\(c)'", start)
                }
            }
        }
        out.append(PredicateToken(kind: .end, start: source.count, end: source.count))
        return out
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c == "_" }
    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || ("0"..."9").contains(c) }

    private static func matches(_ source: [Unicode.Scalar], at i: Int, _ text: String) -> Bool {
        let t = Array(text.unicodeScalars)
        guard i + t.count <= source.count else { return false }
        for k in 0..<t.count where String(source[i + k]).uppercased() != String(t[k]) { return false }
        // The operator must end there: `UTI-EQUALSX` is not one.
        return i + t.count == source.count || !isIdentifierPart(source[i + t.count])
    }
}

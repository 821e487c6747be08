import BridgeJSON
import BridgeRegex

// `maxLength`, `minLength`, `pattern` and `format`. Lengths count Unicode code points: "😀" has
// length 1 (not 2 UTF-16 units), and "é" written as e + U+0301 has length 2 (not 1 grapheme).

extension SchemaCompiler {
    /// `pattern`: an ECMA-262 regular expression.
    func compilePattern(_ value: JSON, at location: String) throws(SchemaError) -> Keyword {
        guard let source = value.stringValue else { throw SchemaError.malformed("pattern", at: location, "must be a string") }
        return .pattern(try regex(source, keyword: "pattern", at: location))
    }

    /// `format`: asserted only when the validator asserts formats and the format is known.
    func compileFormat(_ value: JSON, at location: String) throws(SchemaError) -> Keyword? {
        guard let name = value.stringValue else { throw SchemaError.malformed("format", at: location, "must be a string") }
        guard assertFormats, let format = StringFormat(rawValue: name) else { return nil }
        return .format(format)
    }

    /// Compiles a schema's regular expression.
    /// - Throws: `.invalidPattern` naming the pattern and where it is.
    func regex(_ source: String, keyword: String, at location: String) throws(SchemaError) -> ECMARegex {
        do throws(ECMARegexSyntaxError) {
            return try ECMARegex(source)
        } catch {
            throw SchemaError(code: .invalidPattern,
                              message: "\(keyword) \(Quote.json(.string(source))) at \(location) is not a valid regular expression: \(error.reason)")
        }
    }
}

extension Evaluation {
    func checkString(_ keyword: Keyword, _ string: String) -> Bool {
        switch keyword {
        case .maxLength(let limit):
            let length = string.unicodeScalars.count
            return length <= limit || fail("expected at most \(Quote.count(limit, "character")), got \(length)")
        case .minLength(let limit):
            // Counting stops early: a huge string need not be walked to know it is long enough.
            var length = 0
            for _ in string.unicodeScalars {
                length += 1
                if length >= limit { return true }
            }
            return length >= limit || fail("expected at least \(Quote.count(limit, "character")), got \(length)")
        case .pattern(let regex):
            return regex.matches(string)
                || fail("expected a string matching the pattern \(Quote.json(.string(regex.source))), got \(Quote.json(.string(string)))")
        case .format(let format):
            return format.accepts(string) || fail("expected a valid \(format.rawValue), got \(Quote.json(.string(string)))")
        default:
            return true
        }
    }
}

/// Why some bytes are not one JSON document, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidNumber
        case invalidEscape
        case loneSurrogate
        case invalidUTF8
        case controlCharacterInString
        case duplicateKey(String)
        case tooDeep(limit: Int)
        case trailingData
    }

    /// What went wrong.
    public let reason: Reason
    /// The byte offset of the problem, from 0.
    public let offset: Int
    /// The line of the problem, from 1.
    public let line: Int
    /// The column of the problem in bytes, from 1.
    public let column: Int

    public var description: String {
        "\(sentence) at line \(line), column \(column)"
    }

    /// The problem in words, without its position.
    public var sentence: String {
        switch reason {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedByte(let b):
            if b >= 0x20 && b < 0x7F { return "unexpected character '\(Character(Unicode.Scalar(b)))'" }
            return "unexpected byte 0x\(String(b, radix: 16, uppercase: true))"
        case .invalidNumber: return "invalid number"
        case .invalidEscape: return "invalid escape sequence in string"
        case .loneSurrogate: return "lone UTF-16 surrogate in \\u escape"
        case .invalidUTF8: return "invalid UTF-8 in string"
        case .controlCharacterInString: return "unescaped control character in string"
        case .duplicateKey(let k): return "duplicate key \"\(k)\""
        case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
        case .trailingData: return "trailing data after the JSON value"
        }
    }
}

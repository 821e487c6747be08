import BridgeRegex
import FoundationEssentials
import Glibc
import BridgeSystem

/// The `format` values checked when a validator asserts formats (`assertFormats: true`).
///
/// Formats are annotations by default (draft-07 §7.2): they only constrain instances when the
/// caller asks. Strings are checked; other instance types always pass. Unknown formats are always
/// annotations.
enum StringFormat: String, Sendable, CaseIterable {
    case dateTime = "date-time"
    case date
    case time
    case email
    case hostname
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex

    /// Whether `text` is a valid value of this format.
    func accepts(_ text: String) -> Bool {
        let b = Array(text.utf8)
        switch self {
        case .dateTime: return StringFormat.isDateTime(b)
        case .date: return StringFormat.isDate(b[...])
        case .time: return StringFormat.isTime(b[...])
        case .email: return StringFormat.isEmail(text)
        case .hostname: return StringFormat.isHostname(b)
        case .ipv4: return StringFormat.isIPv4(b[...])
        case .ipv6: return StringFormat.isIPv6(b)
        case .uri: return StringFormat.isURI(text, requireScheme: true)
        case .uriReference: return StringFormat.isURI(text, requireScheme: false)
        case .jsonPointer: return JSONPointer.tokens(text) != nil
        case .relativeJSONPointer: return StringFormat.isRelativeJSONPointer(text)
        case .regex: return (try? ECMARegex(text)) != nil
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func number(_ b: ArraySlice<UInt8>) -> Int? {
        guard !b.isEmpty, b.allSatisfy(isDigit) else { return nil }
        return b.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// RFC 3339 `full-date`: `2024-02-29`, with the month's real length.
    static func isDate(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 10 else { return false }
        let s = b.startIndex
        guard b[s + 4] == UInt8(ascii: "-"), b[s + 7] == UInt8(ascii: "-"),
              let year = number(b[s..<s + 4]), let month = number(b[s + 5..<s + 7]), let day = number(b[s + 8..<s + 10]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// RFC 3339 `full-time`: `23:59:59`, optional fraction, then `Z` or `±hh:mm` (required).
    /// A leap second (`:60`) is allowed only at 23:59 UTC.
    static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count >= 9 else { return false }
        let s = b.startIndex
        guard b[s + 2] == UInt8(ascii: ":"), b[s + 5] == UInt8(ascii: ":"),
              let hour = number(b[s..<s + 2]), let minute = number(b[s + 3..<s + 5]), let second = number(b[s + 6..<s + 8]),
              hour <= 23, minute <= 59, second <= 60 else { return false }
        var k = s + 8
        if b[k] == UInt8(ascii: ".") {
            k += 1
            let from = k
            while k < b.endIndex, isDigit(b[k]) { k += 1 }
            guard k > from, k < b.endIndex else { return false }
        }
        var offsetMinutes = 0
        switch b[k] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard k + 1 == b.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard b.endIndex - k == 6, b[k + 3] == UInt8(ascii: ":"),
                  let oh = number(b[k + 1..<k + 3]), let om = number(b[k + 4..<k + 6]), oh <= 23, om <= 59 else { return false }
            offsetMinutes = (oh * 60 + om) * (b[k] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 3339 `date-time`: a date, `T` (any case), a time with its offset.
    static func isDateTime(_ b: [UInt8]) -> Bool {
        guard b.count > 11, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") else { return false }
        return isDate(b[0..<10]) && isTime(b[11...])
    }

    /// A practical RFC 5321 mailbox: a dot-atom local part, `@`, then a hostname or an address
    /// literal (`[127.0.0.1]`, `[IPv6:…]`).
    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at], domain = text[text.index(after: at)...]
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".utf8)
        guard !local.isEmpty, local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
              local.utf8.allSatisfy({ atext.contains($0) || $0 == UInt8(ascii: ".") }) else { return false }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.lowercased().hasPrefix("ipv6:") { return isIPv6(Array(literal.utf8.dropFirst(5))) }
            return isIPv4(Array(literal.utf8)[...])
        }
        return isHostname(Array(domain.utf8))
    }

    /// RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, 1–63 bytes
    /// each, at most 253 in all (a final dot allowed).
    static func isHostname(_ b: [UInt8]) -> Bool {
        var name = b[...]
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return false }
        for label in name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == UInt8(ascii: "-") })
            else { return false }
        }
        return true
    }

    /// Dotted-quad IPv4: four decimal octets 0–255 without leading zeros.
    static func isIPv4(_ b: ArraySlice<UInt8>) -> Bool {
        let parts = b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard part.count <= 3, let value = number(part), value <= 255 else { return false }
            return part.count == 1 || part.first != UInt8(ascii: "0")
        }
    }

    /// RFC 4291 text form: eight groups of 1–4 hex digits, one `::` for a run of zero groups, and
    /// optionally a dotted-quad IPv4 address as the last 32 bits.
    static func isIPv6(_ b: [UInt8]) -> Bool {
        guard !b.isEmpty, b.count <= 45 else { return false }
        let text = String(decoding: b, as: UTF8.self)
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String, allowIPv4Tail: Bool) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            var count = 0
            for (k, piece) in pieces.enumerated() {
                if allowIPv4Tail, k == pieces.count - 1, piece.contains(".") {
                    guard isIPv4(Array(piece.utf8)[...]) else { return nil }
                    count += 2
                    continue
                }
                guard (1...4).contains(piece.utf8.count), piece.utf8.allSatisfy({ $0.isHexDigit }) else { return nil }
                count += 1
            }
            return count
        }
        if halves.count == 1 { return groups(text, allowIPv4Tail: true) == 8 }
        guard let head = groups(halves[0], allowIPv4Tail: false), let tail = groups(halves[1], allowIPv4Tail: true) else {
            return false
        }
        return head + tail <= 7
    }

    /// RFC 3986 URI (with `requireScheme`) or URI reference: only URI characters and well-formed
    /// percent escapes; a scheme is a letter followed by letters, digits, `+`, `-`, `.`.
    static func isURI(_ text: String, requireScheme: Bool) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
        let bytes = Array(text.utf8)
        for (k, c) in bytes.enumerated() {
            guard allowed.contains(c) else { return false }
            if c == UInt8(ascii: "%") {
                guard k + 2 < bytes.count, bytes[k + 1].isHexDigit, bytes[k + 2].isHexDigit else { return false }
            }
        }
        if bytes.filter({ $0 == UInt8(ascii: "#") }).count > 1 { return false }
        let reference = URIReference(parsing: text)
        if let scheme = reference.scheme {
            guard let first = scheme.utf8.first, first | 0x20 >= 0x61, first | 0x20 <= 0x7A,
                  scheme.utf8.allSatisfy({ ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || isDigit($0)
                      || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
            else { return false }
        } else if requireScheme {
            return false
        } else if let colon = reference.path.firstIndex(of: ":"),
                  !reference.path[..<colon].contains("/") {
            // A relative reference's first segment cannot contain a colon (RFC 3986 §4.2).
            return false
        }
        if let authority = reference.authority, authority.contains("[") || authority.contains("]") {
            guard let open = authority.firstIndex(of: "["), let close = authority.firstIndex(of: "]"), open < close else { return false }
        }
        return true
    }

    /// `0`, `1/a/b`, `2#`: a non-negative integer then a JSON Pointer or `#`.
    static func isRelativeJSONPointer(_ text: String) -> Bool {
        let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = text.dropFirst(digits.count)
        return rest == "#" || JSONPointer.tokens(String(rest)) != nil
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self | 0x20 >= 0x61 && self | 0x20 <= 0x66)
    }
}

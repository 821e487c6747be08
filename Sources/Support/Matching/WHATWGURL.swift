import BridgeNFKC
import FoundationEssentials
import Glibc
import BridgeSystem

/// A URL as the WHATWG URL standard reads it — what Rust's `url` crate (servo/rust-url 2.5,
/// `url/src/parser.rs`, `url/src/host.rs`) does for reqwest, Tauri's scopes and the http plugin.
/// The one place the bridge reads a URL: a scope checks the URL this returns and a request
/// fetches its `href`, so what was checked is what is sent.
///
/// What it does, in the standard's order: leading and trailing C0 controls and spaces are
/// dropped, tabs and newlines removed anywhere; the scheme is lowercased; for a special scheme
/// (`http`, `https`, `ws`, `wss`, `ftp`) `\` is `/` and any run of slashes leads to the host;
/// the host is percent-decoded, lowercased (a non-ASCII one turned to punycode), refused when it
/// holds a forbidden character, and read as an IPv4 address when its last label is a number
/// (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1` are all `127.0.0.1`; a part out of range
/// is an invalid URL); an IPv6 host is written in its compressed form; the default port is
/// dropped; the path's `.` and `..` segments — also as `%2e`, `.%2E`, `%2e%2e` — are resolved;
/// controls, spaces and non-ASCII in the path, query and fragment are percent-encoded.
///
/// Not modelled: `file:` URLs (no host), full UTS #46 mapping (NFKC and lowercasing stand in
/// for it), an empty query or fragment kept apart from none (`http://a/?` is `http://a/`).
public enum WHATWGURL {
    /// Why a text is no URL: `message` is rust-url's `ParseError` text (`empty host`,
    /// `invalid IPv4 address`, …), as a Tauri command reports it; `detail` says what was wrong.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public let detail: String
        public var description: String { "\(message): \(detail)" }
    }

    /// The special schemes and their default ports.
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21]

    /// Whether `scheme` (lowercase) is special: its host is a domain or an IP address and `\` is `/`.
    public static func isSpecial(_ scheme: String) -> Bool { defaultPorts[scheme] != nil }

    /// The lowercased scheme `text` starts with once cleaned as the parser cleans it, or nil for
    /// a relative URL.
    public static func scheme(of text: String) -> String? { scheme(of: cleaned(Array(text.utf8)))?.0 }

    /// Parses an absolute URL with a host (`scheme://host…`).
    /// - Throws: `Failure` when the text is no URL, or one without a host (`mailto:x`).
    public static func parse(_ text: String) throws(Failure) -> OriginURL {
        let input = cleaned(Array(text.utf8))
        guard let (scheme, afterScheme) = scheme(of: input) else {
            throw Failure(message: "relative URL without a base", detail: "\"\(text)\" starts with no scheme such as https://")
        }
        let special = isSpecial(scheme)
        var p = afterScheme
        if special {
            while p < input.count, input[p] == slash || input[p] == backslash { p += 1 }
        } else {
            guard p + 1 < input.count, input[p] == slash, input[p + 1] == slash else {
                throw Failure(message: "empty host", detail: "\"\(text)\" has no //host after \(scheme):")
            }
            p += 2
        }
        var end = p
        while end < input.count, !isAuthorityEnd(input[end], special: special) { end += 1 }
        let authority = input[p..<end]
        var username = "", password = ""
        var hostAndPort = authority
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let userinfo = authority[..<at]
            if let colon = userinfo.firstIndex(of: UInt8(ascii: ":")) {
                username = encode(userinfo[..<colon], userinfoSet)
                password = encode(userinfo[(colon + 1)...], userinfoSet)
            } else {
                username = encode(userinfo, userinfoSet)
            }
            hostAndPort = authority[(at + 1)...]
        }
        var inBrackets = false, colon: Int?
        for i in hostAndPort.indices {
            let c = hostAndPort[i]
            if c == UInt8(ascii: "[") { inBrackets = true } else if c == UInt8(ascii: "]") { inBrackets = false }
            if c == UInt8(ascii: ":"), !inBrackets { colon = i; break }
        }
        let hostBytes = colon.map { hostAndPort[..<$0] } ?? hostAndPort
        let host = try parseHost(hostBytes, special: special)
        var port = ""
        if let colon {
            let digits = hostAndPort[(colon + 1)...]
            guard digits.allSatisfy(isDigit) else {
                throw Failure(message: "invalid port number", detail: "the port \"\(string(digits))\" is not a number")
            }
            if !digits.isEmpty {
                let value = digits.reduce(0) { min($0 * 10 + Int($1 - zero), 100_000) }
                guard value <= 65535 else { throw Failure(message: "invalid port number", detail: "the port \(string(digits)) is past 65535") }
                if value != defaultPorts[scheme] { port = String(value) }
            }
        }
        guard !host.isEmpty else { throw Failure(message: "empty host", detail: "\"\(text)\" names no host") }
        var rest = input[end...]
        var fragment = "", query = ""
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = encode(rest[(hash + 1)...], fragmentSet)
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = encode(rest[(question + 1)...], special ? specialQuerySet : querySet)
            rest = rest[..<question]
        }
        return OriginURL(text: text, scheme: scheme, username: username, password: password, host: host, port: port,
                         path: path(rest, special: special), query: query, fragment: fragment)
    }

    /// `reference` (a `Location` header) resolved against `base`, as a redirect follows it.
    /// - Throws: `Failure` when the result is no URL.
    public static func resolve(_ reference: String, against base: OriginURL) throws(Failure) -> OriginURL {
        let input = cleaned(Array(reference.utf8))
        let text = String(decoding: input, as: UTF8.self)
        if scheme(of: input) != nil { return try parse(text) }
        let special = isSpecial(base.scheme)
        func isSlash(_ c: UInt8) -> Bool { c == slash || (special && c == backslash) }
        var userinfo = base.username
        if !base.password.isEmpty { userinfo += ":" + base.password }
        let authority = (userinfo.isEmpty ? "" : userinfo + "@") + base.host + (base.port.isEmpty ? "" : ":" + base.port)
        let origin = base.scheme + "://" + authority
        let withoutFragment = origin + base.path + (base.query.isEmpty ? "" : "?" + base.query)
        if input.count >= 2, isSlash(input[0]), isSlash(input[1]) { return try parse(base.scheme + ":" + text) }
        if let first = input.first {
            if isSlash(first) { return try parse(origin + text) }
            if first == UInt8(ascii: "?") { return try parse(origin + base.path + text) }
            if first == UInt8(ascii: "#") { return try parse(withoutFragment + text) }
        } else {
            return try parse(withoutFragment)
        }
        let directory = base.path.lastIndex(of: "/").map { String(base.path[...$0]) } ?? "/"
        return try parse(origin + directory + text)
    }

    // MARK: - Host

    /// A host as the standard's host parser reads it (`host.rs` `Host::parse`): an IPv6
    /// address in brackets, else (for a special scheme) a domain, percent-decoded and
    /// lowercased, or an IPv4 address when its last label is a number; for another scheme an
    /// opaque host, percent-encoded.
    /// - Throws: `Failure` for an empty host, a forbidden character, an invalid address.
    public static func host(_ text: String, special: Bool = true) throws(Failure) -> String {
        try parseHost(Array(text.utf8)[...], special: special)
    }

    static func parseHost(_ input: ArraySlice<UInt8>, special: Bool) throws(Failure) -> String {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else {
                throw Failure(message: "invalid IPv6 address", detail: "\"\(string(input))\" opens a [ it does not close")
            }
            guard let pieces = ipv6(input.dropFirst().dropLast()) else {
                throw Failure(message: "invalid IPv6 address", detail: "\"\(string(input))\" is not an IPv6 address")
            }
            return "[" + serializeIPv6(pieces) + "]"
        }
        if !special {
            if let bad = input.first(where: { forbiddenHost.contains($0) }) {
                throw Failure(message: "invalid domain character", detail: "the host \"\(string(input))\" holds \(describe(bad))")
            }
            return encode(input, c0ControlSet)
        }
        if input.isEmpty { throw Failure(message: "empty host", detail: "the URL names no host") }
        let decoded = percentDecoded(input)
        guard let unicode = String(validating: decoded, as: UTF8.self) else {
            throw Failure(message: "invalid international domain name", detail: "the host \"\(string(input))\" decodes to bytes that are not UTF-8")
        }
        let ascii = try domainToASCII(unicode)
        if let bad = ascii.utf8.first(where: { forbiddenHost.contains($0) || $0 == UInt8(ascii: "%") || $0 < 0x20 || $0 == 0x7F }) {
            throw Failure(message: "invalid domain character", detail: "the host \"\(string(input))\" holds \(describe(bad))")
        }
        guard endsInANumber(ascii) else { return ascii }
        guard let address = ipv4(ascii) else {
            throw Failure(message: "invalid IPv4 address",
                          detail: "the host \"\(ascii)\" ends in a number, so it is read as an IPv4 address: 1 to 4 parts, decimal, 0x hex or 0 octal, each at most 255 and the last filling the bytes left")
        }
        return (0..<4).map { String((address >> UInt32(8 * (3 - $0))) & 0xFF) }.joined(separator: ".")
    }

    /// A domain in ASCII: lowercased; a non-ASCII one mapped (NFKC and lowercasing, standing
    /// in for UTS #46) and each non-ASCII label turned to punycode (`xn--…`).
    static func domainToASCII(_ domain: String) throws(Failure) -> String {
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return lowercasedASCII(domain) }
        let mapped = nfkc(domain).lowercased()
            .replacing(literal: "\u{3002}", with: ".")
        var labels: [String] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            let scalars = label.unicodeScalars.map(\.value)
            if scalars.allSatisfy({ $0 < 0x80 }) {
                labels.append(String(label))
            } else if let encoded = punycode(scalars) {
                labels.append("xn--" + encoded)
            } else {
                throw Failure(message: "invalid international domain name", detail: "the label \"\(label)\" cannot be written in punycode")
            }
        }
        return labels.joined(separator: ".")
    }

    /// RFC 3492's encoding of one label's code points.
    static func punycode(_ input: [UInt32]) -> String? {
        let base: UInt32 = 36, tmin: UInt32 = 1, tmax: UInt32 = 26
        func adapt(_ delta: UInt32, _ points: UInt32, _ first: Bool) -> UInt32 {
            var d = first ? delta / 700 : delta / 2
            d += d / points
            var k: UInt32 = 0
            while d > ((base - tmin) * tmax) / 2 {
                d /= base - tmin
                k += base
            }
            return k + (base - tmin + 1) * d / (d + 38)
        }
        func digit(_ d: UInt32) -> Character { Character(Unicode.Scalar(d < 26 ? d + 97 : d + 22)!) }
        var output = String(input.filter { $0 < 0x80 }.compactMap { Unicode.Scalar($0).map(Character.init) })
        let basic = UInt32(output.count)
        var handled = basic
        if basic > 0 { output.append("-") }
        var n: UInt32 = 128, delta: UInt32 = 0, bias: UInt32 = 72
        while handled < UInt32(input.count) {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = m
            for c in input {
                if c < n {
                    guard delta < UInt32.max else { return nil }
                    delta += 1
                }
                if c == n {
                    var q = delta, k = base
                    while true {
                        let t = k <= bias ? tmin : (k >= bias + tmax ? tmax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basic)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The standard's "ends in a number": the last label (a trailing dot aside) is all digits,
    /// or `0x` and hex digits.
    static func endsInANumber(_ domain: String) -> Bool {
        var labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last?.isEmpty == true {
            if labels.count == 1 { return false }
            labels.removeLast()
        }
        guard let last = labels.last else { return false }
        if !last.isEmpty, last.utf8.allSatisfy(isDigit) { return true }
        return ipv4Number(last) != nil
    }

    /// The standard's IPv4 parser: 1 to 4 dot-separated numbers (decimal, `0x` hex, `0` octal),
    /// each but the last at most 255, the last filling the bytes left; nil when it fails.
    static func ipv4(_ text: String) -> UInt32? {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let n = ipv4Number(part) else { return nil }
            numbers.append(n)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last,
              last < UInt64(1) << UInt64(8 * (5 - numbers.count)) else { return nil }
        var address = last
        for (i, n) in numbers.dropLast().enumerated() { address += n << UInt64(8 * (3 - i)) }
        return UInt32(exactly: address)
    }

    /// One IPv4 part's value (capped past 2^40, which no address holds); nil when it is no number.
    static func ipv4Number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part.utf8[...]
        var radix: UInt64 = 10
        if part.hasPrefix("0x") || part.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if part.count > 1, part.hasPrefix("0") {
            radix = 8
            digits = digits.dropFirst()
        }
        var value: UInt64 = 0
        for c in digits {
            guard let d = hexValue(c), UInt64(d) < radix else { return nil }
            value = min(value * radix + UInt64(d), UInt64(1) << 40)
        }
        return value
    }

    /// The standard's IPv6 parser: eight 16-bit pieces, or nil.
    static func ipv6(_ input: ArraySlice<UInt8>) -> [UInt16]? {
        let c = Array(input)
        var address = [UInt16](repeating: 0, count: 8)
        var piece = 0, p = 0
        var compress: Int?
        let colon = UInt8(ascii: ":")
        if c.first == colon {
            guard c.count > 1, c[1] == colon else { return nil }
            p = 2
            piece = 1
            compress = 1
        }
        while p < c.count {
            guard piece < 8 else { return nil }
            if c[p] == colon {
                guard compress == nil else { return nil }
                p += 1
                piece += 1
                compress = piece
                continue
            }
            var value = 0, length = 0
            while length < 4, p < c.count, let d = hexValue(c[p]) {
                value = value * 16 + d
                p += 1
                length += 1
            }
            if p < c.count, c[p] == UInt8(ascii: ".") {
                guard length > 0, piece <= 6 else { return nil }
                p -= length
                var seen = 0
                while p < c.count {
                    if seen > 0 {
                        guard c[p] == UInt8(ascii: "."), seen < 4 else { return nil }
                        p += 1
                    }
                    guard p < c.count, isDigit(c[p]) else { return nil }
                    var part: Int?
                    while p < c.count, isDigit(c[p]) {
                        let d = Int(c[p] - zero)
                        if let current = part {
                            guard current != 0 else { return nil }
                            part = current * 10 + d
                        } else {
                            part = d
                        }
                        guard (part ?? 0) <= 255 else { return nil }
                        p += 1
                    }
                    address[piece] = address[piece] &* 0x100 &+ UInt16(part ?? 0)
                    seen += 1
                    if seen == 2 || seen == 4 { piece += 1 }
                }
                guard seen == 4 else { return nil }
                break
            } else if p < c.count, c[p] == colon {
                p += 1
                guard p < c.count else { return nil }
            } else if p < c.count {
                return nil
            }
            address[piece] = UInt16(value)
            piece += 1
        }
        if let compress {
            var swaps = piece - compress
            piece = 7
            while piece != 0, swaps > 0 {
                address.swapAt(piece, compress + swaps - 1)
                piece -= 1
                swaps -= 1
            }
        } else if piece != 8 {
            return nil
        }
        return address
    }

    /// Lowercase hex pieces, the first longest run of two or more zero pieces as `::`.
    static func serializeIPv6(_ pieces: [UInt16]) -> String {
        var best: (start: Int, length: Int)?
        var i = 0
        while i < 8 {
            guard pieces[i] == 0 else { i += 1; continue }
            var j = i
            while j < 8, pieces[j] == 0 { j += 1 }
            if j - i > 1, j - i > (best?.length ?? 0) { best = (i, j - i) }
            i = j
        }
        var out = ""
        var k = 0
        while k < 8 {
            if let best, k == best.start {
                out += k == 0 ? "::" : ":"
                k += best.length
                continue
            }
            out += String(pieces[k], radix: 16)
            if k < 7 { out += ":" }
            k += 1
        }
        return out
    }

    // MARK: - Path

    /// The path with its dot segments resolved (`.`, `..`, `%2e`, `.%2E`, `%2e%2e`, …) and
    /// percent-encoded; `/` for a special URL's empty path.
    static func path(_ raw: ArraySlice<UInt8>, special: Bool) -> String {
        // A non-special URL's empty path is kept as `/` too, as remote origins always had it.
        guard !raw.isEmpty else { return "/" }
        var segments: [String] = []
        let pieces = raw.dropFirst().split(omittingEmptySubsequences: false) { $0 == slash || (special && $0 == backslash) }
        for (k, piece) in pieces.enumerated() {
            let last = k == pieces.count - 1
            let lower = lowercasedASCII(String(decoding: piece, as: UTF8.self))
            if [".." , ".%2e", "%2e.", "%2e%2e"].contains(lower) {
                if !segments.isEmpty { segments.removeLast() }
                if last { segments.append("") }
            } else if lower == "." || lower == "%2e" {
                if last { segments.append("") }
            } else {
                segments.append(encode(piece, pathSet))
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    // MARK: - Bytes

    static let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), zero = UInt8(ascii: "0")

    /// Leading and trailing C0 controls and spaces dropped; tabs and newlines removed.
    static func cleaned(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { $0 > 0x20 }), let last = bytes.lastIndex(where: { $0 > 0x20 }) else { return [] }
        return bytes[first...last].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The lowercased scheme and the index after its `:`, or nil when the text starts with none.
    static func scheme(of input: [UInt8]) -> (String, Int)? {
        guard let first = input.first, isAlpha(first) else { return nil }
        var i = 1
        while i < input.count, isAlpha(input[i]) || isDigit(input[i]) || "+-.".utf8.contains(input[i]) { i += 1 }
        guard i < input.count, input[i] == UInt8(ascii: ":") else { return nil }
        return (lowercasedASCII(String(decoding: input[..<i], as: UTF8.self)), i + 1)
    }

    static func isAuthorityEnd(_ c: UInt8, special: Bool) -> Bool {
        c == slash || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") || (special && c == backslash)
    }

    static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ c: UInt8) -> Bool { c >= zero && c <= UInt8(ascii: "9") }
    static func hexValue(_ c: UInt8) -> Int? {
        if isDigit(c) { return Int(c - zero) }
        let l = c | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "f") ? Int(l - UInt8(ascii: "a")) + 10 : nil
    }

    static func lowercasedASCII(_ s: String) -> String {
        String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `value` in uppercase hexadecimal, zero-padded to `width` digits.
    static func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The NFKC form of `text` (ICU's, as Foundation's `precomposedStringWithCompatibilityMapping`
    /// computes it); `text` itself if ICU fails.
    static func nfkc(_ text: String) -> String {
        let source = Array(text.utf16)
        // A compatibility decomposition is at most 18 units per unit (U+FDFA).
        var out = [UInt16](repeating: 0, count: source.count * 18 + 16)
        let written = bridge_nfkc(source, Int32(source.count), &out, Int32(out.count))
        return written < 0 ? text : String(decoding: out[0..<Int(written)], as: UTF16.self)
    }

    static func describe(_ c: UInt8) -> String {
        c < 0x21 || c == 0x7F ? "the control character U+" + hex(c, width: 4) : "\"\(Character(Unicode.Scalar(c)))\""
    }

    /// The forbidden host code points (an opaque host's); a domain also forbids controls and `%`.
    static let forbiddenHost = Set("\0\t\n\r #/:<>?@[\\]^|".utf8)

    // rust-url's percent-encode sets (`url/src/parser.rs`): every one encodes C0 controls, DEL
    // and non-ASCII.
    static let c0ControlSet = Set<UInt8>()
    static let fragmentSet = Set(" \"<>`".utf8)
    static let querySet = Set(" \"#<>".utf8)
    static let specialQuerySet = querySet.union("'".utf8)
    static let pathSet = fragmentSet.union("#?{}".utf8)
    static let userinfoSet = pathSet.union("/:;=@[\\]^|".utf8)

    static func encode(_ bytes: ArraySlice<UInt8>, _ set: Set<UInt8>) -> String {
        var out = ""
        out.reserveCapacity(bytes.count)
        for c in bytes {
            if c < 0x20 || c >= 0x7F || set.contains(c) {
                out += "%" + hex(c, width: 2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(c))
            }
        }
        return out
    }

    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                out.append(UInt8(h * 16 + l))
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}

/// The Web Share rule for shared links: an absolute `http` or `https` URL with a host, and no
/// character a URL may not contain (spaces, controls, non-ASCII must be percent-encoded).
enum WebURL {
    /// Why `text` is not a shareable web URL, or `nil` when it is.
    static func problem(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { problem(in: $0) }
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var i = 0
        while i < bytes.count, isSchemeByte(bytes[i], first: i == 0) { i += 1 }
        guard i > 0, i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            return "must be an absolute http or https URL"
        }
        guard isScheme(bytes[0..<i], "http") || isScheme(bytes[0..<i], "https") else {
            return "must be an http or https URL, not \(String(decoding: bytes[0..<i], as: UTF8.self).lowercased()):"
        }
        guard bytes.allSatisfy(isURLByte) else {
            return "must not contain spaces, control or non-ASCII characters (percent-encode them)"
        }
        // "//" authority: the host runs to "/", "?" or "#", after any userinfo "@", before any ":port".
        let rest = bytes[(i + 1)...]
        guard rest.count >= 2, rest[rest.startIndex] == UInt8(ascii: "/"), rest[rest.startIndex + 1] == UInt8(ascii: "/") else {
            return "must be an absolute http or https URL with a host"
        }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? []
        let host = hostAndPort.first == UInt8(ascii: "[")
            ? hostAndPort.prefix { $0 != UInt8(ascii: "]") }.dropFirst()
            : hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        guard !host.isEmpty else { return "must be an absolute http or https URL with a host" }
        return nil
    }

    /// Whether `bytes` spell `scheme` (lower-case ASCII), ignoring case.
    private static func isScheme(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ scheme: StaticString) -> Bool {
        guard bytes.count == scheme.utf8CodeUnitCount else { return false }
        let s = scheme.utf8Start
        for (k, b) in bytes.enumerated() where (b | 0x20) != s[k] { return false }
        return true
    }

    private static func isSchemeByte(_ b: UInt8, first: Bool) -> Bool {
        let alpha = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        if first { return alpha }
        return alpha || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// The printable ASCII characters RFC 3986 allows in a URL (reserved, unreserved and `%`).
    private static func isURLByte(_ b: UInt8) -> Bool {
        guard b > 0x20 && b < 0x7F else { return false }
        return b != UInt8(ascii: "\"") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "\\")
            && b != UInt8(ascii: "^") && b != UInt8(ascii: "`") && b != UInt8(ascii: "{") && b != UInt8(ascii: "|") && b != UInt8(ascii: "}")
    }
}

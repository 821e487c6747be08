/// A URI reference split into its RFC 3986 components, and reference resolution (RFC 3986 §5.2).
///
/// Splitting never fails (it follows the regular expression of RFC 3986 appendix B), so any
/// string, absolute URI, URN or relative reference, can serve as a schema's identifier.
struct URIReference: Equatable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` into components.
    init(parsing text: String) {
        var rest = Substring(text)
        scheme = nil
        authority = nil
        query = nil
        fragment = nil
        if let colon = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }),
           rest[colon] == ":", colon != rest.startIndex {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = String(rest)
    }

    /// The reference written back as text.
    var string: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// The same reference without its fragment: the identifier of a whole schema resource.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// This reference resolved against `base` (RFC 3986 §5.2.2, non-strict).
    func resolved(against base: URIReference) -> URIReference {
        var target = URIReference(parsing: "")
        if let scheme {
            target.scheme = scheme
            target.authority = authority
            target.path = URIReference.removingDotSegments(path)
            target.query = query
        } else {
            if let authority {
                target.authority = authority
                target.path = URIReference.removingDotSegments(path)
                target.query = query
            } else {
                if path.isEmpty {
                    target.path = base.path
                    target.query = query ?? base.query
                } else {
                    if path.hasPrefix("/") {
                        target.path = URIReference.removingDotSegments(path)
                    } else {
                        target.path = URIReference.removingDotSegments(merged(with: base))
                    }
                    target.query = query
                }
                target.authority = base.authority
            }
            target.scheme = base.scheme
        }
        target.fragment = fragment
        return target
    }

    /// RFC 3986 §5.2.3.
    private func merged(with base: URIReference) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986 §5.2.4.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") {
            absolute = true
            input = input.dropFirst()
        }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (k, segment) in segments.enumerated() {
            let last = k == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default:
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }

    /// `text` with `%XX` escapes decoded as UTF-8; `nil` when an escape is malformed or the bytes
    /// are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let b = utf8.next() {
            guard b == UInt8(ascii: "%") else {
                bytes.append(b)
                continue
            }
            guard let h = utf8.next().flatMap(hexValue), let l = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(h << 4 | l)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

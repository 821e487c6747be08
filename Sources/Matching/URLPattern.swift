/// A remote origin pattern of a capability (`remote.urls`), as Tauri's URL patterns: each
/// component — protocol, username, password, hostname, port, pathname, search, hash — is a
/// pattern where `*` matches any run of characters and `:name` one run without the component's
/// separator (`.` in a host, `/` in a path). Components left out of the pattern string match
/// anything (`*`), except the port, which then matches only the default.
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let protocolPart: String
    public let username: String
    public let password: String
    public let hostname: String
    public let port: String
    public let pathname: String
    public let search: String
    public let hash: String

    public var description: String { text }

    /// Parses `scheme://[user[:pass]@]host[:port][/path][?search][#hash]`.
    public init(_ text: String) throws(PatternError) {
        self.text = text
        guard let schemeEnd = text.range(of: "://") else {
            throw PatternError(message: "remote URL pattern \"\(text)\" needs a scheme, e.g. https://*.example.com/*")
        }
        protocolPart = text[..<schemeEnd.lowerBound].lowercased()
        guard !protocolPart.isEmpty else { throw PatternError(message: "remote URL pattern \"\(text)\" has an empty scheme") }
        var rest = Substring(text[schemeEnd.upperBound...])
        if let h = rest.firstIndex(of: "#") {
            hash = String(rest[rest.index(after: h)...])
            rest = rest[..<h]
        } else {
            hash = "*"
        }
        if let q = rest.firstIndex(of: "?") {
            search = String(rest[rest.index(after: q)...])
            rest = rest[..<q]
        } else {
            search = "*"
        }
        var authority = rest
        if let slash = rest.firstIndex(of: "/") {
            pathname = String(rest[slash...])
            authority = rest[..<slash]
        } else {
            pathname = "*"
        }
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            if let colon = userinfo.firstIndex(of: ":") {
                username = String(userinfo[..<colon])
                password = String(userinfo[userinfo.index(after: colon)...])
            } else {
                username = String(userinfo)
                password = "*"
            }
            authority = authority[authority.index(after: at)...]
        } else {
            username = "*"
            password = "*"
        }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            hostname = String(authority[...close]).lowercased()
            let after = authority[authority.index(after: close)...]
            port = after.hasPrefix(":") ? String(after.dropFirst()) : ""
        } else if let colon = authority.lastIndex(of: ":"),
                  authority[authority.index(after: colon)...].allSatisfy({ $0.isNumber || $0 == "*" }) {
            hostname = String(authority[..<colon]).lowercased()
            port = String(authority[authority.index(after: colon)...])
        } else {
            hostname = String(authority).lowercased()
            port = ""
        }
        guard !hostname.isEmpty else { throw PatternError(message: "remote URL pattern \"\(text)\" has no host") }
    }

    /// Whether a call's origin URL matches.
    public func matches(_ origin: OriginURL) -> Bool {
        URLPattern.match(protocolPart, origin.scheme, separator: nil)
            && URLPattern.match(username, origin.username, separator: nil)
            && URLPattern.match(password, origin.password, separator: nil)
            && URLPattern.match(hostname, origin.host, separator: ".")
            && URLPattern.match(port, origin.port, separator: nil)
            && URLPattern.match(pathname, origin.path, separator: "/")
            && URLPattern.match(search, origin.query, separator: nil)
            && URLPattern.match(hash, origin.fragment, separator: nil)
    }

    /// Matches one component: `*` any run, `:name` a non-empty run without `separator`.
    static func match(_ pattern: String, _ value: String, separator: Character?) -> Bool {
        let p = Array(pattern), v = Array(value)
        func go(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == v.count }
            if p[i] == "*" {
                var k = j
                while true {
                    if go(i + 1, k) { return true }
                    if k == v.count { return false }
                    k += 1
                }
            }
            if p[i] == ":" , i + 1 < p.count, p[i + 1].isLetter || p[i + 1] == "_" {
                var next = i + 1
                while next < p.count, p[next].isLetter || p[next].isNumber || p[next] == "_" { next += 1 }
                var k = j
                while k < v.count, v[k] != separator { k += 1 }
                guard k > j else { return false }
                for end in stride(from: k, to: j, by: -1) where go(next, end) { return true }
                return false
            }
            return j < v.count && p[i] == v[j] && go(i + 1, j + 1)
        }
        return go(0, 0)
    }
}

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
    public private(set) var hostname: String
    public private(set) var port: String
    public let pathname: String
    public let search: String
    public let hash: String
    private let compiled: CompiledComponents

    public var description: String { text }

    /// Parses `scheme://[user[:pass]@]host[:port][/path][?search][#hash]`.
    public init(_ text: String) throws(PatternError) {
        self.text = text
        guard let schemeEnd = text.firstRange(of: "://") else {
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
        // A literal host and port are canonical as a URL's are (`0x7f.1` is `127.0.0.1`, `:80`
        // on http is no port), so the pattern compares what `WHATWGURL` makes of a URL.
        let special = WHATWGURL.isSpecial(protocolPart) || protocolPart.contains(where: { "*:(){}".contains($0) })
        if !hostname.contains(where: { "*:(){}?+\\".contains($0) }) || hostname.hasPrefix("[") {
            do { hostname = try WHATWGURL.host(hostname, special: special) } catch {
                throw PatternError(message: "remote URL pattern \"\(text)\" has an invalid host: \(error)")
            }
        }
        if !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(port.prefix(6)) {
            port = value == WHATWGURL.defaultPorts[protocolPart] ? "" : String(value)
        }
        compiled = CompiledComponents(
            protocolPart: ComponentPattern(protocolPart, separator: nil), username: ComponentPattern(username, separator: nil),
            password: ComponentPattern(password, separator: nil), hostname: ComponentPattern(hostname, separator: "."),
            port: ComponentPattern(port, separator: nil), pathname: ComponentPattern(pathname, separator: "/"),
            search: ComponentPattern(search, separator: nil), hash: ComponentPattern(hash, separator: nil))
    }

    /// Whether a call's origin URL matches, in time linear in the URL's length.
    public func matches(_ origin: OriginURL) -> Bool {
        compiled.protocolPart.matches(origin.scheme)
            && compiled.username.matches(origin.username)
            && compiled.password.matches(origin.password)
            && compiled.hostname.matches(origin.host)
            && compiled.port.matches(origin.port)
            && compiled.pathname.matches(origin.path)
            && compiled.search.matches(origin.query)
            && compiled.hash.matches(origin.fragment)
    }
}

/// The components of a `URLPattern`, compiled.
private struct CompiledComponents: Sendable, Hashable {
    let protocolPart, username, password, hostname, port, pathname, search, hash: ComponentPattern
}

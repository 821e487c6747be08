import BridgeSystem

/// One HTTP/1.x request, whole: head and body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token as sent (`GET`, `POST`, …; methods are case-sensitive).
    public let method: String
    /// The request target as sent: `/path?query`, `*`, or an absolute URL.
    public let target: String
    /// The target's path, still percent-encoded (`/` for `*`).
    public let path: String
    /// The target's query without `?`, or `nil` when there is none.
    public let query: String?
    /// The minor version: `1` for HTTP/1.1, `0` for HTTP/1.0.
    public let minorVersion: Int
    public let headers: HTTPHeaders
    /// The body, with chunked transfer coding removed.
    public let body: [UInt8]

    public init(method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.body = body
        var pathPart = Substring(target)
        var fields = headers
        if target == "*" {
            pathPart = "/"
        } else if !target.hasPrefix("/"), let scheme = target.firstRange(of: "://") {
            // Absolute form (`http://host/path`): the path starts at the first `/` after the
            // authority, and the authority replaces `Host` (RFC 9112 §3.2.2), so the Host check
            // sees where the request really goes.
            let afterAuthority = target[scheme.upperBound...]
            let authorityEnd = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? afterAuthority.endIndex
            pathPart = authorityEnd < afterAuthority.endIndex ? afterAuthority[authorityEnd...] : "/"
            if pathPart.hasPrefix("?") { pathPart = "/" + pathPart }
            fields["Host"] = String(afterAuthority[..<authorityEnd])
        }
        self.headers = fields
        if let q = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(pathPart[..<q])
            query = String(pathPart[pathPart.index(after: q)...])
        } else {
            path = String(pathPart)
            query = nil
        }
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        if headers.contains(.connection, token: "close") { return false }
        return minorVersion >= 1 || headers.contains(.connection, token: "keep-alive")
    }

    /// The value of the query parameter `name`, percent-decoded (`+` is a space).
    public func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = PercentEncoding.decode(String(parts[0]).replacing(literal: "+", with: " "))
            if key == name {
                return parts.count > 1 ? PercentEncoding.decode(String(parts[1]).replacing(literal: "+", with: " ")) ?? "" : ""
            }
        }
        return nil
    }
}

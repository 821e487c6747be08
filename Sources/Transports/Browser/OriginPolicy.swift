/// Who a request comes from, decided by its `Origin` header (BROWSER.md, Security).
public enum RequestOrigin: Sendable, Equatable {
    /// The bridge's own origin, `--dev-url`, or no `Origin` at all (a non-browser client):
    /// Tauri's local content.
    case local
    /// An `--allow-origin URL`: remote content, with that URL as the ACL's origin.
    case remote(String)
}

/// Decides what an `Origin` is: local, remote (an `--allow-origin`), or refused.
public struct OriginPolicy: Sendable {
    /// Origins (`scheme://host[:port]`, lowercased) that are local content.
    let localOrigins: Set<String>
    /// Allowed remote origins → the URL the ACL sees.
    let remoteOrigins: [String: String]
    /// The local origins that are their own normal form: an `Origin` header spelt exactly as
    /// one of them is local without being normalised (what a browser sends for the bridge's
    /// own pages).
    private let exactLocalOrigins: Set<String>

    /// - Parameters:
    ///   - port: the listening port; `http://127.0.0.1:PORT`, `http://localhost:PORT`,
    ///     `http://[::1]:PORT` and `http://tauri.localhost:PORT` (Android's and Windows' page
    ///     origin, which Chromium resolves to loopback) are the bridge's own origin.
    ///   - devURL: `--dev-url`, whose origin is local content too.
    ///   - allowOrigins: `--allow-origin` URLs, remote content.
    public init(port: UInt16, host: String = "127.0.0.1", devURL: String?, allowOrigins: [String]) throws(BrowserSetupError) {
        var local: Set<String> = ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)",
                                  "http://tauri.localhost:\(port)"]
        local.insert(host.contains(":") ? "http://[\(host.lowercased())]:\(port)" : "http://\(host.lowercased()):\(port)")
        if let devURL {
            guard let o = OriginPolicy.origin(of: devURL) else {
                throw BrowserSetupError("--dev-url '\(devURL)' is not an http(s) URL such as http://localhost:5173")
            }
            local.insert(o)
        }
        var remote: [String: String] = [:]
        for url in allowOrigins {
            guard let o = OriginPolicy.origin(of: url) else {
                throw BrowserSetupError("--allow-origin '\(url)' is not an http(s) URL such as https://app.example.com")
            }
            remote[o] = url
        }
        localOrigins = local
        remoteOrigins = remote
        exactLocalOrigins = local.filter { OriginPolicy.origin(of: $0) == $0 }
    }

    /// The origin of a request whose `Origin` header is `header`, or the refusal message.
    public func classify(_ header: String?) -> Result<RequestOrigin, OriginRefusal> {
        guard let header else { return .success(.local) }
        if exactLocalOrigins.contains(header) { return .success(.local) }
        let normalized = OriginPolicy.origin(of: header) ?? header.lowercased()
        if localOrigins.contains(normalized) { return .success(.local) }
        if let url = remoteOrigins[normalized] { return .success(.remote(url)) }
        return .failure(OriginRefusal(message:
            "origin \(header) may not call the bridge: start it with --allow-origin \(header) (remote content; the capabilities' remote.urls decide) or --dev-url \(header) (local content)"))
    }

    /// Why a request a browser made on behalf of another site's page must not be served as the
    /// bridge's own, or `nil`. A browser says where a request comes from in its fetch metadata
    /// (`Sec-Fetch-Site`): `same-origin` (a page of the bridge) and `none` (typed in the address
    /// bar) are the bridge's own; for `same-site` and `cross-site` (a `<script src>`, `<img>` or
    /// `<iframe>` of another page, which sends no `Origin`) the `Origin`, else the `Referer`,
    /// must be a local or allowed origin. A client that sends no fetch metadata is no browser
    /// page, and the invoke key still guards it.
    /// - Parameter what: what was asked for, for the message (`the script`, `the event stream`).
    public func foreignPage(site: String?, origin: String?, referer: String?, what: String) -> String? {
        guard let site = site?.lowercased(), site == "same-site" || site == "cross-site" else { return nil }
        for candidate in [origin, referer].compactMap({ $0 }) {
            if let o = OriginPolicy.origin(of: candidate), localOrigins.contains(o) || remoteOrigins[o] != nil { return nil }
        }
        let from = (origin ?? referer).flatMap(OriginPolicy.origin(of:)) ?? "a page that hides its origin"
        return "\(what) is served to the bridge's own pages and allowed origins only; \(from) is neither (start the bridge with --dev-url or --allow-origin for a page of yours)"
    }

    /// The `Access-Control-Allow-Origin` value for an allowed `Origin`, or `nil`.
    func allowedOriginHeader(_ header: String?) -> String? {
        guard let header, case .success = classify(header) else { return nil }
        return header
    }

    /// `scheme://host[:port]` of an http(s) URL, lowercased, default ports dropped.
    static func origin(of url: String) -> String? {
        let lower = url.lowercased()
        let scheme: String
        if lower.hasPrefix("http://") { scheme = "http" } else if lower.hasPrefix("https://") { scheme = "https" } else { return nil }
        let rest = lower.dropFirst(scheme.count + 3)
        var authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        guard !authority.isEmpty else { return nil }
        if scheme == "http" && authority.hasSuffix(":80") { authority.removeLast(3) }
        if scheme == "https" && authority.hasSuffix(":443") { authority.removeLast(4) }
        return "\(scheme)://\(authority)"
    }
}

/// A refused `Origin`, with a message that names `--allow-origin`.
public struct OriginRefusal: Error, Sendable, Equatable {
    public let message: String
}

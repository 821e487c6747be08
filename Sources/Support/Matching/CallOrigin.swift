import FoundationEssentials
import Glibc
import BridgeSystem

/// The origin a call comes from: `local`, or a remote URL split into its components.
public enum CallOrigin: Sendable, Equatable, CustomStringConvertible {
    case local
    case remote(OriginURL)

    /// `local`, or an absolute URL.
    /// - Throws: a message when the URL cannot be parsed.
    public init(_ text: String) throws(PatternError) {
        if text == "local" {
            self = .local
            return
        }
        do { self = .remote(try WHATWGURL.parse(text)) } catch {
            throw PatternError(message: "origin \"\(text)\" is neither 'local' nor an absolute URL such as https://app.example.com (\(error))")
        }
    }

    public var description: String {
        switch self {
        case .local: return "local"
        case .remote(let url): return url.text
        }
    }
}

/// The components of a remote URL, as `WHATWGURL` parsed them (percent-encoded, dot segments
/// resolved, the host canonical).
public struct OriginURL: Sendable, Equatable {
    public let text: String
    public let scheme: String
    public let username: String
    public let password: String
    public let host: String
    public let port: String
    public let path: String
    public let query: String
    public let fragment: String

    /// The URL serialized as the WHATWG URL standard (Rust's `url` crate) writes it from the
    /// components `WHATWGURL` parsed: scheme and host lowercased, the default port dropped, an
    /// empty path as `/`, so `https://Wallet.frak.id` is `https://wallet.frak.id/` — what Tauri
    /// prints for an origin, and what the http plugin fetches.
    public var href: String {
        var s = scheme + "://"
        if !username.isEmpty || !password.isEmpty {
            s += username
            if !password.isEmpty { s += ":" + password }
            s += "@"
        }
        s += host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if !port.isEmpty { s += ":" + port }
        s += path
        if !query.isEmpty { s += "?" + query }
        if !fragment.isEmpty { s += "#" + fragment }
        return s
    }
}

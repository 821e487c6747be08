/// The `--http [HOST:]PORT` address: loopback only.
public struct ListenAddress: Sendable, Equatable {
    /// The IP literal to bind (`localhost` binds `127.0.0.1`).
    public let host: String
    public let port: UInt16

    /// Parses `[HOST:]PORT`; HOST is `127.0.0.0/8`, `::1` (also `[::1]`) or `localhost`
    /// [127.0.0.1]; PORT 0 picks a free port.
    /// - Throws: a sentence saying what is wrong; a non-loopback host is refused.
    public init(parsing text: String) throws(BrowserSetupError) {
        var hostPart = "127.0.0.1"
        var portPart = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw BrowserSetupError("--http '\(text)': expected [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080")
            }
            hostPart = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else {
                throw BrowserSetupError("--http '\(text)': expected [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080")
            }
            portPart = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = String(text[..<colon])
            portPart = text[text.index(after: colon)...]
            if hostPart.contains(":") {
                throw BrowserSetupError("--http '\(text)': write an IPv6 host in brackets, e.g. [::1]:8080")
            }
        }
        guard !portPart.isEmpty, portPart.allSatisfy(\.isASCII), portPart.allSatisfy(\.isNumber),
              let port = UInt16(portPart) else {
            throw BrowserSetupError("--http '\(text)': the port must be a number from 0 to 65535 (0 picks a free one)")
        }
        guard let bound = ListenAddress.loopbackLiteral(hostPart) else {
            throw BrowserSetupError("--http '\(text)': the bridge serves loopback only (127.0.0.1, ::1 or localhost), not '\(hostPart)': a page must not reach it from another machine")
        }
        host = bound
        self.port = port
    }

    /// The IP literal for a loopback host name, or `nil` when it is not loopback.
    static func loopbackLiteral(_ host: String) -> String? {
        let h = host.lowercased()
        if h == "localhost" { return "127.0.0.1" }
        if h == "::1" || h == "0:0:0:0:0:0:0:1" { return "::1" }
        let octets = h.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127",
              octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) && Int($0).map { $0 <= 255 } == true }) else {
            return nil
        }
        return h
    }
}

/// A browser-mode option that cannot be used, with a sentence that says what to do.
public struct BrowserSetupError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

import BridgeMatching
import BridgeHTTPServer
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge dev`'s proxy: the team's dev server (`--dev-url`) behind the bridge's own address,
/// each HTML page with `/__bridge/tauri.js` injected first in its `<head>` (as `--static` pages),
/// so the page needs no `vite.config` edit and calls the bridge from its own origin. A `GET` or
/// `HEAD` outside the bridge's own paths goes to the dev server as it came, without the
/// hop-by-hop headers and `Accept-Encoding` (a page must arrive uncompressed to be injected). A
/// `POST` is the IPC protocol's: a dev server's own POST routes (a `server.proxy`, an API
/// middleware) are not reached through the bridge. HMR's websocket is not proxied: Vite's client falls back to the dev server's own
/// port, which is loopback too.
public struct DevProxy: Sendable {
    /// The dev server, `http://localhost:5173`.
    public let target: String
    /// Sends one request (no redirect followed) and gives the answer or why there is none.
    public let send: @Sendable (_ method: String, _ url: String, _ headers: [[String]], _ body: [UInt8]?) async -> Result<Answer, Failure>

    public struct Answer: Sendable {
        public let status: Int
        public let headers: [[String]]
        public let body: [UInt8]
        public init(status: Int, headers: [[String]], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    public struct Failure: Error, Sendable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    public init(target: String, send: @escaping @Sendable (String, String, [[String]], [UInt8]?) async -> Result<Answer, Failure>) {
        self.target = target.hasSuffix("/") ? String(target.dropLast()) : target
        self.send = send
    }

    static let hopByHop: Set<String> = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer",
                                        "content-length", "accept-encoding", "host"]

    /// Forwards `request` and answers `exchange` with the dev server's response.
    func forward(_ request: HTTPRequest, body: [UInt8]?, to exchange: HTTPExchange) {
        let url = target + request.target
        var headers: [[String]] = request.headers.compactMap { f in DevProxy.hopByHop.contains(f.name.lowercased()) ? nil : [f.name, f.value] }
        // The dev server's host as a request carries it: ASCII, an IDN in punycode (WHATWG).
        if let parsed = try? WHATWGURL.parse(target), !parsed.host.isEmpty {
            headers.append(["Host", parsed.host + (parsed.port.isEmpty ? "" : ":" + parsed.port)])
        }
        let send = self.send, target = self.target
        Task {
            switch await send(request.method, url, headers, body) {
            case .failure(let failure):
                exchange.respond(.text(.badGateway, "the dev server at \(target) did not answer \(request.method) \(request.target): \(failure.message) (is the dev server still running? bridge dev ends when its command ends)"))
            case .success(let answer):
                var out = HTTPHeaders()
                for h in answer.headers where h.count == 2 && !DevProxy.hopByHop.contains(h[0].lowercased()) && h[0].lowercased() != "content-encoding" {
                    out.add(h[0], h[1])
                }
                let html = out["Content-Type"]?.lowercased().hasPrefix("text/html") == true
                let body = html ? StaticFiles.inject(answer.body) : answer.body
                exchange.respond(HTTPResponse(status: HTTPStatus(answer.status, HTTPReason.canonical(answer.status)), headers: out, body: request.method == "HEAD" ? [] : body))
            }
        }
    }
}

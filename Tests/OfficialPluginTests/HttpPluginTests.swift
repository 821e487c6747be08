import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeDevice
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization
import Testing

/// A router over the official plugins under one capability's `http:default` scope, answering
/// from `fixtures` (and `passthrough`).
/// `scopedOn` names the permission the scope rides on; any but `http:default` grants the other
/// commands without a scope (a scope on fetch_send, which reads none, is refused under --strict).
private func httpRouter(allow: [String], deny: [String] = [], fixtures: String = "[]",
                        passthrough: HttpPlugin.Fetcher? = nil, scopedOn: String = "http:default",
                        versions: ModelledVersions = .baseline, send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil) throws -> Router {
    var settings = OfficialSettings()
    // http 2.0's whole body; http ≥ 2.4.1's Channel is tested with `versions` set.
    settings.versions = versions
    settings.send = send
    settings.http = HttpPlugin.Config(fixtures: try HttpFixture.load(fixtures, file: "fixtures.json"), passthrough: passthrough)
    let plugins: [any Plugin] = OfficialPlugins.plugins(settings)
    func list(_ urls: [String]) -> String { "[" + urls.map { "{\"url\": \"\($0)\"}" }.joined(separator: ", ") + "]" }
    let others = scopedOn == "http:default" ? "" : #", "http:allow-fetch-send", "http:allow-fetch-read-body", "http:allow-fetch-cancel""#
    let capability = #"{"identifier": "main", "windows": ["main"], "permissions": [{"identifier": "\#(scopedOn)", "allow": \#(list(allow)), "deny": \#(list(deny))}\#(others)]}"#
    let authority = try Authority(manifests: try ACLSetup.manifests(plugins), capabilities: try Capability.decodeFile(capability, path: "caps.json"))
    return Router(registry: try CommandRegistry(plugins: plugins), authority: authority)
}

/// `fetch(clientConfig)` as guest-js sends it.
private func config(_ url: String, method: String = "GET", headers: [[String]] = [], data: [Int]? = nil) -> JSON {
    var c: JSONObject = ["method": .string(method), "url": .string(url), "headers": .array(headers.map { .array($0.map(JSON.string)) })]
    if let data { c["data"] = .array(data.map { .integer($0) }) }
    return ["clientConfig": .object(c)]
}

/// guest-js's whole fetch: fetch, fetch_send, fetch_read_body; the response and its body text.
private func fetch(_ r: Router, _ url: String, method: String = "GET", headers: [[String]] = [], on platform: Platform = .ios) async throws -> (JSON, String, JSON?) {
    let rid = try await call("plugin:http|fetch", config(url, method: method, headers: headers), on: platform, router: r).0.get()
    let (sent, record) = await call("plugin:http|fetch_send", ["rid": rid], on: platform, router: r)
    let response = try sent.get()
    let body = try await call("plugin:http|fetch_read_body", ["rid": response["rid"] ?? .null], on: platform, router: r).0.get()
    let bytes = body.arrayValue?.compactMap { $0.numberValue?.intValue }.map { UInt8($0) } ?? []
    return (response, String(decoding: bytes, as: UTF8.self), record)
}

@Suite("http as plugins-workspace@77149dc4 (2.0.3) answers: the scope first, then fixtures or the network")
struct HttpPluginTests {
    static let fixtures = #"[{"url": "https://api.frak.id/v1/*", "method": "GET", "json": {"balance": 12}, "headers": {"X-Rate": "9"}},"#
        + #" {"url": "https://api.frak.id/v1/pay", "method": "POST", "status": 402, "body": "no funds"}]"#

    @Test("a fixture answers: status, the canonical reason, headers lowercased, the final URL, the body's bytes")
    func fixtureAnswers() async throws {
        let r = try httpRouter(allow: ["https://api.frak.id"], fixtures: Self.fixtures)
        let (ok, body, record) = try await fetch(r, "https://API.frak.id/v1/me")
        #expect(ok["status"] == 200 && ok["statusText"] == "OK" && ok["url"] == "https://api.frak.id/v1/me")
        #expect(ok["headers"] == [["x-rate", "9"], ["content-type", "application/json"]])
        #expect(body == #"{"balance":12}"#)
        #expect(record?["answeredBy"]?.stringValue?.hasPrefix("fixture 1") == true)
        let (paid, text, _) = try await fetch(r, "https://api.frak.id/v1/pay", method: "POST")
        #expect(paid["status"] == 402 && paid["statusText"] == "Payment Required" && text == "no funds")
    }

    @Test("the scope rules: deny first; a pattern without a path matches every path; *.host is not the bare host; the port must match")
    func scopeRules() async throws {
        let r = try httpRouter(allow: ["https://api.frak.id", "https://*.frak.id/assets/*.png", "http://localhost:8080"],
                               deny: ["https://api.frak.id/admin/*"])
        func refused(_ url: String) async -> String? {
            await call("plugin:http|fetch", config(url), router: r).0.failure?.message
        }
        #expect(await refused("https://api.frak.id/any/path?q=1") == nil, "no path in the pattern: every path, any query")
        #expect(await refused("https://api.frak.id/admin/users") == "url not allowed on the configured scope: https://api.frak.id/admin/users")
        #expect(await refused("https://cdn.frak.id/assets/a/b.png") == nil, "* crosses /")
        #expect(await refused("https://frak.id/assets/b.png") == "url not allowed on the configured scope: https://frak.id/assets/b.png")
        #expect(await refused("https://cdn.frak.id/assets/b.jpg") != nil)
        #expect(await refused("http://localhost:8080/x") == nil)
        #expect(await refused("http://localhost:8081/x") != nil, "another port")
        #expect(await refused("http://api.frak.id/") != nil, "another scheme")
        let none = try httpRouter(allow: [])
        let message = await call("plugin:http|fetch", config("https://api.frak.id/"), router: none).0.failure
        #expect(message?.message == "url not allowed on the configured scope: https://api.frak.id/")
        #expect(message?.data["reason"]?.stringValue?.contains("allows no URL") == true, "http:default grants the commands only")
    }

    /// A denied path reached through another spelling: each row is refused by the deny entry.
    static let deniedSpellings = [
        "http://127.0.0.1:8080/api/../admin/users", "http://127.0.0.1:8080/api/%2e%2e/admin/users",
        "http://127.0.0.1:8080/api/./../admin/users", "http://127.0.0.1:8080/api/.%2E/admin/users",
        "http://127.0.0.1:8080/api/%2E%2e/admin/users", "http://127.0.0.1:8080/api\\..\\admin\\users",
        "HTTP://127.0.0.1:8080/x/y/../../admin/users", "http://127.0.0.1:8080/admin/./users", "http://127.0.0.1:8080/secret\u{0}",
        " http://127.0.0.1:8080/sec\tret", "http://127.1:8080/admin/users", "http://2130706433:8080/admin/users",
        "http://0x7f000001:8080/admin/users", "http://0177.0.0.1:8080/admin/users", "http://127.0.0.01:8080/admin/users",
        "http://0x7F.1:8080/secret", "http://127.0.0.1.:8080/secret", "http://%31%32%37.0.0.1:8080/secret",
    ]

    @Test("the scope checks the URL as the plugin parses it: dot segments, encoded dots, IPv4 spellings and controls reach no denied path",
          arguments: deniedSpellings)
    func scopeChecksParsedURL(url: String) async throws {
        let r = try httpRouter(allow: ["http://127.0.0.1:8080"], deny: ["http://127.0.0.1:8080/admin/*", "http://127.0.0.1:8080/secret"])
        let refusal = await call("plugin:http|fetch", config(url), router: r).0.failure
        #expect(refusal?.message.hasPrefix("url not allowed on the configured scope: http://127.0.0.1:8080/") == true, "\(url.debugDescription): \(String(describing: refusal))")
    }

    @Test("a deny of one host in any IPv4 spelling refuses every spelling of it")
    func denyPatternsAreCanonical() async throws {
        let r = try httpRouter(allow: ["http://*:8080"], deny: ["http://0x7f.1:8080"])
        for url in ["http://127.0.0.1:8080/", "http://127.1:8080/", "http://2130706433:8080/x"] {
            #expect(await call("plugin:http|fetch", config(url), router: r).0.failure != nil, "\(url)")
        }
        #expect(await call("plugin:http|fetch", config("http://127.0.0.2:8080/"), router: r).0.failure == nil)
    }

    @Test("what is fetched is the URL the scope checked, serialized as rust-url writes it")
    func fetchesCheckedURL() async throws {
        let seen = SeenRequests()
        let r = try httpRouter(allow: ["http://127.0.0.1:8080/api/*"], passthrough: { request in
            seen.add(request)
            return .success(HttpPlugin.Response(status: 200, url: request.url, headers: [], body: []))
        })
        let (response, _, record) = try await fetch(r, "HTTP://0x7f.1:8080/api/./v1/%2e%2e/me a?q=1 2")
        #expect(seen.requests.map(\.url) == ["http://127.0.0.1:8080/api/me%20a?q=1%202"])
        #expect(response["url"] == "http://127.0.0.1:8080/api/me%20a?q=1%202")
        #expect(record?["request"]?["url"] == "http://127.0.0.1:8080/api/me%20a?q=1%202")
    }

    @Test("a URL the parser refuses is refused as serde refuses it, in rust-url's words", arguments: [
        ("http://256.0.0.1:8080/", "invalid IPv4 address"), ("http://0x100000000/", "invalid IPv4 address"),
        ("http://1.2.3.4.5/", "invalid IPv4 address"), ("http://127.0.0.1:99999/", "invalid port number"),
        ("http://[::1/", "invalid IPv6 address"), ("http://a%00b/", "invalid domain character"), ("http://", "empty host"),
    ])
    func invalidURL(url: String, message: String) async throws {
        let r = try httpRouter(allow: ["http://*"])
        let refusal = await call("plugin:http|fetch", config(url), router: r).0.failure
        #expect(refusal?.message == "invalid args `clientConfig` for command `fetch`: \(message)")
        #expect(refusal?.data["reason"]?.stringValue?.isEmpty == false, "the detail says what was wrong")
    }

    /// A server at 127.0.0.1:8080 whose /open redirects (`status`) to the denied /admin/x: hop by
    /// hop when asked for no redirects (how `--strict` follows), else as libcurl follows it.
    fileprivate static func redirecting(_ seen: SeenRequests, status: Int = 302, to location: String = "/admin/x") -> HttpPlugin.Fetcher {
        { request in
            seen.add(request)
            let final = "http://127.0.0.1:8080" + location
            if request.url.hasSuffix("/open") {
                if request.maxRedirections == 0 { return .success(HttpPlugin.Response(status: status, url: request.url, headers: [["location", location]], body: [])) }
                return .success(HttpPlugin.Response(status: 200, url: final, headers: [], body: Array("behind".utf8)))
            }
            return .success(HttpPlugin.Response(status: 200, url: request.url, headers: [], body: Array("behind".utf8)))
        }
    }

    @Test("a redirect out of the scope is followed, as the plugin follows it, with a redirect_left_scope warning")
    func redirectLeavesScopeWarns() async throws {
        let seen = SeenRequests()
        let r = try httpRouter(allow: ["http://127.0.0.1:8080"], deny: ["http://127.0.0.1:8080/admin/*"], passthrough: Self.redirecting(seen))
        let rid = try await observed("plugin:http|fetch", config("http://127.0.0.1:8080/open"), router: r).0.get()
        let (sent, warnings) = await observed("plugin:http|fetch_send", ["rid": rid], router: r)
        #expect(try sent.get()["url"] == "http://127.0.0.1:8080/admin/x" && sent.get()["status"] == 200, "faithful: reqwest followed it")
        #expect(warnings.map(\.code) == ["redirect_left_scope"])
        #expect(warnings.first?.message.contains("http://127.0.0.1:8080/admin/x") == true && warnings.first?.message.contains("--strict") == true)
    }

    @Test("a redirect inside the scope warns of nothing")
    func redirectInScope() async throws {
        let r = try httpRouter(allow: ["http://127.0.0.1:8080"], passthrough: Self.redirecting(SeenRequests(), to: "/ok"))
        let rid = try await observed("plugin:http|fetch", config("http://127.0.0.1:8080/open"), router: r).0.get()
        let (sent, warnings) = await observed("plugin:http|fetch_send", ["rid": rid], router: r)
        #expect(try sent.get()["url"] == "http://127.0.0.1:8080/ok" && warnings.isEmpty)
    }

    @Test("under --strict a redirect out of the scope is refused before it is sent", arguments: [301, 302, 303, 307, 308])
    func strictRefusesRedirect(status: Int) async throws {
        let seen = SeenRequests()
        let r = try httpRouter(allow: ["http://127.0.0.1:8080"], deny: ["http://127.0.0.1:8080/admin/*"],
                               passthrough: Self.redirecting(seen, status: status, to: "/x/../admin/x"), scopedOn: "http:allow-fetch")
        let rid = try await observed("plugin:http|fetch", config("http://127.0.0.1:8080/open"), strict: true, router: r).0.get()
        let refusal = await observed("plugin:http|fetch_send", ["rid": rid], strict: true, router: r).0.failure
        #expect(refusal?.code == .invalidParams && refusal?.data["warning"] == "redirect_left_scope" && refusal?.data["layer"] == "http")
        #expect(refusal?.message.contains("redirected to http://127.0.0.1:8080/admin/x") == true)
        #expect(seen.requests.map(\.url) == ["http://127.0.0.1:8080/open"], "the denied URL was never requested")
    }

    @Test("under --strict redirects inside the scope are followed hop by hop as reqwest follows them")
    func strictFollowsInScope() async throws {
        let seen = SeenRequests()
        let r = try httpRouter(allow: ["http://127.0.0.1:8080"], passthrough: Self.redirecting(seen, status: 303, to: "/ok"), scopedOn: "http:allow-fetch")
        let rid = try await observed("plugin:http|fetch", config("http://127.0.0.1:8080/open", method: "POST", data: [1, 2]), strict: true, router: r).0.get()
        let (sent, warnings) = await observed("plugin:http|fetch_send", ["rid": rid], strict: true, router: r)
        #expect(try sent.get()["url"] == "http://127.0.0.1:8080/ok" && warnings.isEmpty)
        #expect(seen.requests.map { "\($0.method) \($0.url) \($0.body?.count ?? -1)" } == ["POST http://127.0.0.1:8080/open 2", "GET http://127.0.0.1:8080/ok -1"],
                "303 turns a POST into a bodiless GET")
        #expect(seen.requests.allSatisfy { $0.maxRedirections == 0 })
    }

    @Test("fetch's checks in the plugin's order and words: method, header name and value, scheme; forbidden headers dropped")
    func checks() async throws {
        let r = try httpRouter(allow: ["https://api.frak.id"], fixtures: Self.fixtures)
        #expect(await call("plugin:http|fetch", config("https://api.frak.id/", method: "G T"), router: r).0.failure?.message == "invalid HTTP method")
        #expect(await call("plugin:http|fetch", config("https://api.frak.id/", headers: [["bad name", "v"]]), router: r).0.failure?.message == "invalid HTTP header name")
        #expect(await call("plugin:http|fetch", config("https://api.frak.id/", headers: [["x", "a\u{7}"]]), router: r).0.failure?.message == "failed to parse header value")
        #expect(await call("plugin:http|fetch", config("ftp://api.frak.id/"), router: r).0.failure?.message == "scheme ftp not supported")
        #expect(await call("plugin:http|fetch", config("/relative"), router: r).0.failure?.message == "invalid args `clientConfig` for command `fetch`: relative URL without a base")
        let (_, _, record) = try await fetch(r, "https://api.frak.id/v1/me", headers: [["Cookie", "a=1"], ["Sec-Fetch-Mode", "cors"], ["Authorization", "Bearer t"]])
        let sent = record?["request"]?["headers"]
        #expect(sent == [["authorization", "Bearer t"], ["user-agent", "tauri-plugin-http/2.0.3"], ["origin", "null"]],
                "cookie and sec-* dropped; the plugin's user agent; tauri://localhost's opaque origin")
        let (_, _, android) = try await fetch(r, "https://api.frak.id/v1/me", on: .android)
        #expect(android?["request"]?["headers"]?.arrayValue?.last == ["origin", "http://tauri.localhost"])
    }

    @Test("data: URLs skip the scope and answer their bytes under reqwest's placeholder URL")
    func dataURL() async throws {
        let r = try httpRouter(allow: [])
        let (response, body, _) = try await fetch(r, "data:text/plain;base64,aGk=")
        #expect(response["url"] == "http://no.url.provided.local/" && response["headers"] == [["content-type", "text/plain"]] && body == "hi")
        #expect(await call("plugin:http|fetch", config("data:,%"), router: r).0.failure == nil)
        #expect(await call("plugin:http|fetch", config("data:;base64,@@"), router: r).0.failure?.message == "failed to decode data url into bytes")
    }

    @Test("nothing answers: the error names the request and both ways to answer it; nothing is fetched")
    func unanswered() async throws {
        let r = try httpRouter(allow: ["https://api.frak.id"])
        let rid = try await call("plugin:http|fetch", config("https://api.frak.id/v2/x"), router: r).0.get()
        let sent = await call("plugin:http|fetch_send", ["rid": rid], router: r).0.failure
        #expect(sent?.message.hasPrefix("error sending request for url (https://api.frak.id/v2/x)") == true)
        #expect(sent?.message.contains("--http-fixtures") == true && sent?.message.contains("--http-passthrough") == true)
    }

    @Test("resources: cancel before send ends the send with Request canceled; a second send, cancel or read names the rid Tauri names")
    func resources() async throws {
        let r = try httpRouter(allow: ["https://api.frak.id"], fixtures: Self.fixtures)
        let rid = try await call("plugin:http|fetch", config("https://api.frak.id/v1/me"), router: r).0.get()
        #expect(try await call("plugin:http|fetch_cancel", ["rid": rid], router: r).0.get() == .null)
        let again = await call("plugin:http|fetch_cancel", ["rid": rid], router: r).0.failure?.message
        #expect(again?.hasPrefix("The resource id ") == true && again != "The resource id \(rid.serialized()) is invalid.", "the abort sender's id")
        #expect(await call("plugin:http|fetch_send", ["rid": rid], router: r).0.failure?.message == "Request canceled")
        let next = try await call("plugin:http|fetch", config("https://api.frak.id/v1/me"), router: r).0.get()
        let response = try await call("plugin:http|fetch_send", ["rid": next], router: r).0.get()
        #expect(await call("plugin:http|fetch_send", ["rid": next], router: r).0.failure?.message.hasPrefix("The resource id ") == true)
        _ = try await call("plugin:http|fetch_read_body", ["rid": response["rid"] ?? .null], router: r).0.get()
        #expect(await call("plugin:http|fetch_read_body", ["rid": response["rid"] ?? .null], router: r).0.failure?.message
            == "The resource id \(response["rid"]!.serialized()) is invalid.")
    }

    @Test("--http-passthrough answers what no fixture does, with the request the plugin would send; fixtures still come first")
    func passthrough() async throws {
        let seen = SeenRequests()
        let r = try httpRouter(allow: ["https://api.frak.id"], fixtures: Self.fixtures, passthrough: { request in
            seen.add(request)
            return .success(HttpPlugin.Response(status: 201, url: request.url, headers: [["x", "y"]], body: Array("made".utf8)))
        })
        let (made, body, record) = try await fetch(r, "https://api.frak.id/v2/new", method: "PUT")
        #expect(made["status"] == 201 && made["statusText"] == "Created" && body == "made")
        #expect(record?["answeredBy"] == "passthrough (--http-passthrough)")
        #expect(seen.requests.first?.headers.first == ["content-length", "0"], "a bodiless PUT gets content-length: 0")
        _ = try await fetch(r, "https://api.frak.id/v1/me")
        #expect(seen.requests.count == 1, "the fixture answered the second")
    }

    @Test("the loader agrees with Schemas/http-fixtures.schema.json's examples")
    func schemaExamples() throws {
        let folder = #filePath.components(separatedBy: "/Tests/")[0] + "/Schemas/examples/http-fixtures/"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let text = try String(contentsOfFile: folder + name, encoding: .utf8)
            let loaded = Result { () throws(ResponseError) in try HttpFixture.load(text, file: name) }
            let accepted = (try? loaded.get()) != nil
            #expect(accepted == name.hasPrefix("valid-"), "\(name): \(loaded)")
        }
    }

    @Test("a malformed scope entry is a load error, naming it")
    func scopeProblem() {
        #expect(HttpScope.problem(["url": "https://*.frak.id"]) == nil)
        #expect(HttpScope.problem(.string("api.frak.id"))?.contains("is not a valid URL pattern") == true)
        #expect(HttpScope.problem(["path": "/x"])?.hasPrefix("an http scope entry is a URL pattern") == true)
    }
}

/// One call through the router under `strict`, with the warnings it reported while it ran.
private func observed(_ method: String, _ params: JSON, strict: Bool = false, router r: Router) async -> (Result<JSON, ResponseError>, [CallWarning]) {
    let heard = HeardWarnings()
    let observer = CallObserver(warned: { heard.add($0) })
    switch r.prepare(method: method, params: params, context: CallContext(platform: .ios, strict: strict)) {
    case .failure(let error): return (.failure(error), [])
    case .success(let prepared):
        let outcome = await CallObserver.$current.withValue(observer) { await r.run(prepared) }
        return (outcome.map(\.result), heard.warnings)
    }
}

private final class HeardWarnings: Sendable {
    private let list = Mutex<[CallWarning]>([])
    func add(_ w: [CallWarning]) { list.withLock { $0 += w } }
    var warnings: [CallWarning] { list.withLock { $0 } }
}

private final class SeenRequests: Sendable {
    private let list = Mutex<[HttpPlugin.Request]>([])
    func add(_ r: HttpPlugin.Request) { list.withLock { $0.append(r) } }
    var requests: [HttpPlugin.Request] { list.withLock { $0 } }
}

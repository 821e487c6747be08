import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeKit
import BridgeHTTPServer
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeShareNatives
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// `plugin:http|…` (`@tauri-apps/plugin-http` 2.0.1, crate 2.0.3) as plugins-workspace@77149dc4
/// has it (`plugins/http/src/commands.rs`, `scope.rs`, `error.rs`): `fetch(clientConfig)` checks
/// the method, the headers (forbidden ones dropped), the scheme and — for http and https — the
/// URL against the http scope (deny first, then allow; a pattern without a path matches every
/// path) — the URL as the plugin parses it (`WHATWGURL`: dot segments resolved, the host
/// canonical), which is also the URL fetched — then holds the request under a resource id; `fetch_send(rid)` answers it,
/// `fetch_read_body(rid)` gives its body's bytes, `fetch_cancel(rid)` aborts it. Nothing leaves
/// the machine unless the session asks: a request is answered by the first `--http-fixtures`
/// response whose method and URL pattern match, else — with `--http-passthrough` — fetched for
/// real, else refused with an error that says how to answer it. The same on every platform (the
/// plugin is pure Rust over reqwest).
public enum HttpPlugin {
    static let commandNames = ["fetch", "fetch_cancel", "fetch_send", "fetch_read_body"]
    static let crateVersion = "2.0.3"
    static let defaultDescription = """
        This permission set configures what kind of
        fetch operations are available from the http plugin.

        This enables all fetch operations but does not
        allow explicitly any origins to be fetched. This needs to
        be manually configured before usage.

        #### Granted Permissions

        All fetch operations are enabled.

        """
    static let canceled = "Request canceled"

    /// A request as the plugin sends it: the headers after its own are added.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var url: String
        public var headers: [[String]]
        public var body: [UInt8]?
        public var connectTimeoutMs: Int?
        public var maxRedirections: Int?
    }

    /// A response: its status, final URL, headers in order (names lowercase) and body.
    public struct Response: Sendable, Equatable {
        public var status: Int
        public var url: String
        public var headers: [[String]]
        public var body: [UInt8]

        public init(status: Int, url: String, headers: [[String]], body: [UInt8]) {
            self.status = status
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// Fetches a request for real (`--http-passthrough`): the response, or reqwest's kind of
    /// error message. Cancelling the task cancels the transfer.
    public typealias Fetcher = @Sendable (Request) async -> Result<Response, Failure>

    /// Why a real request failed, in reqwest's words (`error sending request for url (…)`).
    public struct Failure: Error, Sendable, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// How requests are answered.
    public struct Config: Sendable {
        public var fixtures: [HttpFixture] = []
        public var passthrough: Fetcher?
        public init(fixtures: [HttpFixture] = [], passthrough: Fetcher? = nil) {
            self.fixtures = fixtures
            self.passthrough = passthrough
        }
    }

    /// `add_request`'s three resources: the abort sender, its receiver, the request.
    final class FetchRequest: Sendable {
        let request: Request
        let answer: Response?
        /// The scope `fetch` checked the URL against (none for a data: URL), which redirects meet.
        let scope: HttpScope?
        let tx: UInt32, rx: UInt32
        let cancelled = Atomic<Bool>(false)
        let cancel = Mutex<(@Sendable () -> Void)?>(nil)
        init(_ request: Request, answer: Response?, scope: HttpScope?, tx: UInt32, rx: UInt32) {
            self.request = request
            self.answer = answer
            self.scope = scope
            self.tx = tx
            self.rx = rx
        }
    }
    final class AbortEnd: Sendable {}
    final class Body: Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// - Parameters:
    ///   - resources: the app's table; each call uses its webview's (`ResourceTable.webview`).
    ///   - send: where a Channel message goes (the session's event hub); `nil` where nobody listens.
    public static func plugin(config: Config, resources apps: ResourceTable, versions: ModelledVersions = .newest,
                              send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil,
                              end: (@Sendable (UInt32, String?) -> Void)? = nil) -> KitPlugin {
        let endsChannels = versions.has(UpstreamChanges.channelEnd)
        let rid: (String, RustType) = ("rid", .integer("u32"))
        let streamed = versions.has(UpstreamChanges.httpStreamedBody)
        let summary = "http (plugins-workspace@\(PluginsWorkspacePin.commit.prefix(8)))"
        // The request is looked up and taken once; only a passthrough fetch waits. Its `rid`
        // is bound by the router as every kit command's arguments are.
        let fetchSend = Command(rust: [RustArgument(name: "rid", key: "rid", type: .integer("u32"))],
                                declaration: CommandDeclaration("fetch_send", summary: summary, parameters: [], layer: .nativeOnly)) { i in
            let resources = apps.webview(i.context.webview)
            let (request, id) = try lookup(i, resources)
            try receive(request, id, resources)
            if let answer = ready(request, config) { return .done(try respond(answer.response, answer.by, request, resources, i)) }
            guard let fetch = config.passthrough else { throw unanswered(request.request) }
            return .waiting {
                let strict = i.context.strict
                let task = Task { await follow(request.request, scope: request.scope, strict: strict, fetch) }
                request.cancel.withLock { $0 = { task.cancel() } }
                // A cancel between `receive` and the line above found no transfer to stop.
                if request.cancelled.load(ordering: .acquiring) { task.cancel() }
                let outcome = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
                if request.cancelled.load(ordering: .acquiring) {
                    try? resources.close(id)
                    throw ResponseError.native(canceled, layer: "http", reason: "fetch_cancel aborted the request while it was in flight")
                }
                let response = try outcome.get()
                if let scope = request.scope, let warning = leftScope(request.request.url, response.url, scope) {
                    try LiveWarnings.warn(warning, context: i.context, layer: "http")
                }
                return try respond(response, "passthrough (--http-passthrough)", request, resources, i)
            }
        }
        return KitPlugin(name: "http", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, ["allow-fetch", "allow-fetch-cancel", "allow-fetch-read-body", "allow-fetch-send"]),
                              scopeProblem: HttpScope.problem, commands: [
            KitCommand("fetch", [("client_config", .any("ClientConfig"))], readsScope: true, invocation: { (i) throws(ResponseError) in
                let (request, answer, scope) = try prepare(i)
                let resources = apps.webview(i.context.webview)
                let tx = try resources.add(AbortEnd()), rx = try resources.add(AbortEnd())
                let id = try resources.add(FetchRequest(request, answer: answer, scope: scope, tx: tx, rx: rx))
                return CommandOutput(result: .integer(Int(id)))
            }),
            KitCommand("fetch_cancel", [rid]) { (payload, context) throws(ResponseError) -> JSON in
                let resources = apps.webview(context.webview)
                let request = try resources.get(ridValue(payload["rid"]) ?? 0, as: FetchRequest.self)
                guard resources.take(request.tx) != nil else { throw ResourceTable.invalid(request.tx) }
                request.cancelled.store(true, ordering: .releasing)
                request.cancel.withLock { $0 }?()
                return .null
            },
            streamed ? KitCommand("fetch_read_body", [rid, ("stream_channel", .channel)]) { (payload, context) throws(ResponseError) -> JSON in
                // http ≥ 2.4.1: the body goes over the Channel, each chunk with a last byte 0,
                // then [1]; the command answers `()` (plugins/http/src/commands.rs, #2522).
                let id = ridValue(payload["rid"]) ?? 0
                let lease = try reserve(id, apps.webview(context.webview), context)
                guard let body = apps.webview(context.webview).take(id) as? Body else { throw ResourceTable.invalid(id) }
                guard let channel = ChannelArgument.id(payload["streamChannel"]), let send else {
                    throw .native("the bridge has no channel to stream this body on: use bridge serve or the browser mode, where Channels are delivered",
                                  layer: "http", reason: "http ≥ 2.4.1 sends the body over streamChannel; a one-shot invoke has no listener")
                }
                // Every chunk holds the lease: the reservation ends with the last chunk written.
                for chunk in stride(from: 0, to: body.bytes.count, by: streamChunk) {
                    send(channel, context.client, Files.bytes(Array(body.bytes[chunk..<min(chunk + streamChunk, body.bytes.count)]) + [0], owner: lease))
                }
                send(channel, context.client, Files.bytes([1]))
                // The command returns and its Channel is dropped: Tauri ≥ 2.5 says so.
                if endsChannels { end?(channel, context.client) }
                return .null
            } : KitCommand("fetch_read_body", [rid]) { (payload, context) throws(ResponseError) -> JSON in
                let id = ridValue(payload["rid"]) ?? 0
                let lease = try reserve(id, apps.webview(context.webview), context)
                guard let body = apps.webview(context.webview).take(id) as? Body else { throw ResourceTable.invalid(id) }
                return Files.bytes(body.bytes, owner: lease)
            },
        ], raw: [fetchSend])
    }

    /// The session's reservation for the body `id` is about to hand out, made before it leaves
    /// the resource table: a refused read leaves the body there, to read when memory allows.
    static func reserve(_ id: UInt32, _ resources: ResourceTable, _ context: CallContext) throws(ResponseError) -> ByteBudget.Lease? {
        guard let body = try? resources.get(id, as: Body.self) else { return nil }
        return try context.byteBudget.reserve(body.bytes.count, for: "fetch_read_body of \(body.bytes.count) bytes")
    }

    /// The size of a streamed body's chunks (reqwest's `bytes_stream` hands what the socket
    /// read; the bridge, holding the whole body, cuts it in chunks of this size).
    static let streamChunk = 64 << 10

    static func ridValue(_ value: JSON?) -> UInt32? { value?.numberValue?.intValue.flatMap { UInt32(exactly: $0) } }

    /// `fetch_send`'s request, by its rid.
    static func lookup(_ i: Invocation, _ resources: ResourceTable) throws -> (FetchRequest, UInt32) {
        guard let id = ridValue(i.arguments["rid"]) else {
            throw TauriArguments.invalid("rid", command: "fetch_send", i.arguments["rid"] == nil ? "command fetch_send missing required key rid"
                                         : "invalid type: \(SerdeEnum.describe(i.arguments["rid"]!)), expected u32")
        }
        return (try resources.get(id, as: FetchRequest.self), id)
    }

    /// Takes the abort receiver (a second send finds it gone); a request cancelled before it
    /// was sent ends here.
    static func receive(_ request: FetchRequest, _ id: UInt32, _ resources: ResourceTable) throws {
        guard resources.take(request.rx) != nil else { throw ResourceTable.invalid(request.rx) }
        if request.cancelled.load(ordering: .acquiring) {
            try? resources.close(id)
            throw ResponseError.native(canceled, layer: "http", reason: "fetch_cancel ran before fetch_send")
        }
    }

    /// The answer that needs no waiting: a data: URL's, or a fixture's.
    static func ready(_ request: FetchRequest, _ config: Config) -> (response: Response, by: String)? {
        if let answer = request.answer { return (answer, "data: URL") }
        for (n, fixture) in config.fixtures.enumerated() where fixture.matches(request.request) {
            return (fixture.response(url: request.request.url), "fixture \(n + 1) (\(fixture.source))")
        }
        return nil
    }

    static func respond(_ response: Response, _ by: String, _ request: FetchRequest, _ resources: ResourceTable, _ i: Invocation) throws -> CommandOutput {
        let body = try resources.add(Body(response.body))
        let result: JSON = ["status": .integer(response.status), "statusText": .string(HTTPReason.canonical(response.status)),
                            "headers": .array(response.headers.map { .array($0.map(JSON.string)) }), "url": .string(response.url),
                            "rid": .integer(Int(body))]
        let r = request.request
        let record = officialRecord("http", i.context, "fetch", [
            "request": ["method": .string(r.method), "url": .string(r.url), "headers": .array(r.headers.map { .array($0.map(JSON.string)) }),
                        "bodyBytes": r.body.map { .integer($0.count) } ?? .null],
            "status": .integer(response.status), "answeredBy": .string(by)])
        return CommandOutput(result: result, presentation: { .object(record) })
    }

    /// A request nothing answers: what reqwest says offline, and how to answer it.
    static func unanswered(_ r: Request) -> ResponseError {
        .native("error sending request for url (\(r.url)): the bridge has no answer for \(r.method) \(r.url); add one to --http-fixtures FILE, or run with --http-passthrough",
                layer: "http", reason: "no --http-fixtures response matches \(r.method) \(r.url), and --http-passthrough is off: nothing leaves the machine unless asked")
    }

    /// `fetch`'s checks, in the plugin's order: method, headers, scheme, scope.
    static func prepare(_ i: Invocation) throws(ResponseError) -> (Request, Response?, HttpScope?) {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid("clientConfig", command: "fetch", problem) }
        guard let raw = i.arguments["clientConfig"] else { throw refuse("command fetch missing required key clientConfig") }
        guard case .object(let c) = raw else { throw refuse("invalid type: \(SerdeEnum.describe(raw)), expected struct ClientConfig") }
        for field in ["method", "url", "headers"] where c[field] == nil { throw refuse("missing field `\(field)`") }
        guard let method = c["method"]?.stringValue else { throw refuse("invalid type: \(SerdeEnum.describe(c["method"]!)), expected a string") }
        guard let urlText = c["url"]?.stringValue else { throw refuse("invalid type: \(SerdeEnum.describe(c["url"]!)), expected a string") }
        guard let scheme = WHATWGURL.scheme(of: urlText) else { throw refuse("relative URL without a base") }
        // serde reads `url` as a `url::Url` before anything else is checked; the scope then
        // checks, and reqwest fetches, that parsed URL, never the text as written.
        var target: OriginURL?
        if scheme == "http" || scheme == "https" {
            do { target = try WHATWGURL.parse(urlText) } catch {
                let refusal = refuse(error.message)
                var details = refusal.data
                details["reason"] = .string(error.detail)
                throw ResponseError(code: refusal.code, message: refusal.message, details: details)
            }
        }
        guard let pairs = c["headers"]?.arrayValue, pairs.allSatisfy({ $0.arrayValue?.count == 2 && $0.arrayValue!.allSatisfy { $0.stringValue != nil } }) else {
            throw refuse("invalid type: \(SerdeEnum.describe(c["headers"]!)), expected a sequence of [name, value] string pairs")
        }
        var body: [UInt8]?
        if let data = c["data"], !data.isNull {
            guard let bytes = data.arrayValue?.map({ $0.numberValue?.intValue }), bytes.allSatisfy({ $0.map { (0...255).contains($0) } ?? false }) else {
                throw refuse("invalid type: \(SerdeEnum.describe(data)), expected a sequence of bytes (u8)")
            }
            body = bytes.map { UInt8($0!) }
        }
        func unsigned(_ key: String) throws(ResponseError) -> Int? {
            guard let v = c[key], !v.isNull else { return nil }
            guard let n = v.numberValue?.intValue, n >= 0 else { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected u64") }
            return n
        }
        let timeout = try unsigned("connectTimeout"), redirects = try unsigned("maxRedirections")
        guard HTTPToken.valid(method) else { throw .native("invalid HTTP method", layer: "http") }
        var headers: [[String]] = []
        for pair in pairs {
            let name = pair.arrayValue![0].stringValue!, value = pair.arrayValue![1].stringValue!
            guard HTTPToken.valid(name) else { throw .native("invalid HTTP header name", layer: "http") }
            if HTTPToken.forbidden(name) { continue }  // dropped without a word (no `unsafe-headers`)
            guard value.utf8.allSatisfy({ ($0 >= 32 && $0 < 127) || $0 == 9 }) else { throw .native("failed to parse header value", layer: "http") }
            headers.append([name.lowercased(), value])
        }
        switch scheme {
        case "http", "https":
            guard let url = target else { throw refuse("empty host") }
            let scope = try i.grant.scope("http") { () throws(ResponseError) in try HttpScope(i.grant) }
            guard scope.allows(url) else {
                throw .native("url not allowed on the configured scope: \(url.href)", layer: "http", reason: scope.reason(url))
            }
            var request = Request(method: method, url: url.href, headers: headers, body: body, connectTimeoutMs: timeout, maxRedirections: redirects)
            request.headers = plugged(request, i.context)
            return (request, nil, scope)
        case "data":
            guard let decoded = FetchDataURL(urlText) else { throw .native("failed to process data url", layer: "http") }
            guard let bytes = decoded.bytes else { throw .native("failed to decode data url into bytes", layer: "http") }
            let request = Request(method: method, url: urlText, headers: headers, body: body, connectTimeoutMs: timeout, maxRedirections: redirects)
            return (request, Response(status: 200, url: "http://no.url.provided.local/", headers: [["content-type", decoded.mime]], body: bytes), nil)
        default:
            throw .native("scheme \(scheme) not supported", layer: "http")
        }
    }

    /// reqwest's redirect limit when `maxRedirections` is not given (`redirect::Policy::default`).
    static let defaultRedirects = 10

    /// Sends `first` through `fetch`. Faithfully, the fetcher follows redirects as reqwest does
    /// (tauri-plugin-http 2.0.3 hands them to reqwest's policy, `commands.rs` `fetch`, and never
    /// meets the scope again). Under `--strict` the redirects are followed here instead, one hop
    /// at a time as reqwest's policy would (`reqwest/src/async_impl/client.rs`: 301, 302, 303 turn
    /// a non-GET into a bodiless GET; credentials dropped across origins), and a hop the scope
    /// refuses is refused before it is sent.
    static func follow(_ first: Request, scope: HttpScope?, strict: Bool, _ fetch: Fetcher) async -> Result<Response, ResponseError> {
        func failed(_ failure: Failure) -> ResponseError {
            .native(failure.message, layer: "http", reason: "the real request failed (--http-passthrough)")
        }
        let limit = first.maxRedirections ?? defaultRedirects
        guard strict, let scope, limit > 0 else { return await fetch(first).mapError(failed) }
        var request = first
        request.maxRedirections = 0
        for hop in 0... {
            let response: Response
            switch await fetch(request) {
            case .failure(let failure): return .failure(failed(failure))
            case .success(let r): response = r
            }
            guard [301, 302, 303, 307, 308].contains(response.status),
                  let location = response.headers.first(where: { $0.count == 2 && $0[0] == "location" })?[1],
                  let base = try? WHATWGURL.parse(request.url), let next = try? WHATWGURL.resolve(location, against: base) else {
                return .success(response)
            }
            guard hop < limit else {
                return .failure(.native("error following redirect for url (\(request.url))", layer: "http",
                                        reason: "more than \(limit) redirects (maxRedirections, else reqwest's 10)"))
            }
            if let warning = leftScope(request.url, next.href, scope) {
                return .failure(.strict(warning, details: ["layer": "http"]))
            }
            if [301, 302, 303].contains(response.status) {
                request.body = nil
                request.headers.removeAll { ["transfer-encoding", "content-encoding", "content-type", "content-length"].contains($0[0]) }
                if request.method != "GET", request.method != "HEAD" { request.method = "GET" }
            }
            if base.scheme != next.scheme || base.host != next.host || base.port != next.port {
                request.headers.removeAll { ["authorization", "cookie", "cookie2", "proxy-authorization", "www-authenticate"].contains($0[0]) }
            }
            request.url = next.href
        }
        return .failure(.native("error following redirect for url (\(request.url))", layer: "http"))
    }

    /// The warning for an answer that came from `final`, a URL the scope refuses, after
    /// redirects from `url`; nil when the scope allows it (or it is no URL to check). Without
    /// `--strict` only the final URL is seen: the fetcher follows the hops between unseen.
    static func leftScope(_ url: String, _ final: String, _ scope: HttpScope) -> CallWarning? {
        guard final != url, let target = try? WHATWGURL.parse(final), !scope.allows(target) else { return nil }
        return CallWarning(code: "redirect_left_scope", message:
            "fetch of \(url) was redirected to \(target.href), which the http scope does not allow (\(scope.reason(target))); "
            + "tauri-plugin-http \(crateVersion) follows redirects without checking the scope again, so the app gets this answer; "
            + "pass maxRedirections: 0 to get the redirect itself, or run with --strict to refuse it before it is followed")
    }

    /// The headers the plugin adds: `content-length: 0` for a bodiless POST or PUT, `accept-encoding:
    /// identity` beside a range, its user agent, and the webview's origin.
    static func plugged(_ r: Request, _ context: CallContext) -> [[String]] {
        var h = r.headers
        func has(_ name: String) -> Bool { h.contains { $0[0] == name } }
        if r.body == nil, r.method == "POST" || r.method == "PUT" { h.append(["content-length", "0"]) }
        if has("range") { h.append(["accept-encoding", "identity"]) }
        if !has("user-agent") { h.append(["user-agent", "tauri-plugin-http/\(crateVersion)"]) }
        h.append(["origin", origin(context)])
        return h
    }

    /// The webview URL's origin: a remote page's own; the app's `tauri://localhost` is an opaque
    /// origin, serialised `null` at the pin; Android and Windows serve it from
    /// `http://tauri.localhost`.
    static func origin(_ context: CallContext) -> String {
        if case .remote(let url)? = try? CallOrigin(context.origin) {
            return url.scheme + "://" + url.host + (url.port.isEmpty ? "" : ":" + url.port)
        }
        return context.platform == .android || context.platform == .windows ? "http://tauri.localhost" : "null"
    }
}

/// The http scope of a call (`scope.rs`): URL patterns, each a string or `{"url": …}`; a pattern
/// without a path (or with `/`), a search or a hash matches any.
struct HttpScope: Sendable {
    /// Indexed by scheme and host: a call meets only the entries that could match it.
    let allow: URLPatternIndex
    let deny: URLPatternIndex

    init(_ grant: CallGrant) throws(ResponseError) {
        func compile(_ entries: [JSON]) throws(ResponseError) -> [URLPattern] {
            var out: [URLPattern] = []
            for entry in entries {
                guard let text = HttpScope.text(entry) else { continue }
                do { out.append(try HttpScope.pattern(text)) } catch {
                    throw .native("`\(text)` is not a valid URL pattern: \(error.message)", layer: "http")
                }
            }
            return out
        }
        allow = URLPatternIndex(try compile(grant.allAllow))
        deny = URLPatternIndex(try compile(grant.allDeny))
    }

    static func text(_ entry: JSON) -> String? { entry.stringValue ?? entry["url"]?.stringValue }

    /// The patterns read so far, by text: a capability's entries are read at start (its scope
    /// checked for every platform) and again when a call first meets them, and a read costs
    /// about a hundred thousand instructions. Bounded: past `maxCached` texts it starts over.
    private static let cache = SharedLock<[String: URLPattern]>([:])
    static let maxCached = 4096

    /// `parse_url_pattern`: an empty or `/` path, an empty search or hash become `*`.
    static func pattern(_ text: String) throws(PatternError) -> URLPattern {
        if let known = cache.withLock({ $0[text] }) { return known }
        let made = try parsed(text)
        cache.withLock { known in
            if known.count >= maxCached { known.removeAll(keepingCapacity: true) }
            known[text] = made
        }
        return made
    }

    private static func parsed(_ text: String) throws(PatternError) -> URLPattern {
        var t = Substring(text)
        while t.hasSuffix("?") || t.hasSuffix("#") { t = t.dropLast() }
        if let scheme = t.firstRange(of: "://") {
            let rest = t[scheme.upperBound...]
            if let slash = rest.firstIndex(of: "/") {
                let after = rest[rest.index(after: slash)...]
                if after.isEmpty || after.hasPrefix("?") || after.hasPrefix("#") { t = t[..<slash] + after }
            }
        }
        return try URLPattern(String(t))
    }

    func allows(_ url: OriginURL) -> Bool {
        if deny.contains(matching: url) { return false }
        return allow.contains(matching: url)
    }

    func reason(_ url: OriginURL) -> String {
        if let hit = deny.first(matching: url) { return "the deny entry \(hit.text) matches \(url.href)" }
        if allow.isEmpty { return "the http scope allows no URL: http:default enables the commands only; grant it with \"allow\": [{\"url\": \"https://api.example.com/*\"}]" }
        // At most ten patterns named, so a refusal
        // under a long scope stays a sentence.
        let named = allow.patterns.prefix(10).map(\.text).joined(separator: ", ")
        let more = allow.patterns.count > 10 ? " and \(allow.patterns.count - 10) more" : ""
        return "\(url.href) matches none of the \(allow.patterns.count) allowed patterns: \(named)\(more)"
    }

    /// A scope entry is a URL pattern, as a string or `{"url": …}`.
    static func problem(_ entry: JSON) -> String? {
        guard let text = text(entry) else { return "an http scope entry is a URL pattern, \"https://*.example.com\" or {\"url\": \"…\"}, got \(entry.serialized())" }
        do { _ = try pattern(text) } catch { return "`\(text)` is not a valid URL pattern: \(error.message)" }
        return nil
    }
}

/// One `--http-fixtures` response: the requests it answers (a method, a URL pattern as the http
/// scope reads it) and what it answers.
public struct HttpFixture: Sendable {
    public let method: String?
    public let pattern: URLPattern
    public let status: Int
    public let headers: [[String]]
    public let body: [UInt8]
    /// Where it was read, for the record.
    public let source: String

    public init(method: String?, url: String, status: Int = 200, headers: [[String]] = [], body: [UInt8] = [], source: String = "") throws(PatternError) {
        self.method = method?.uppercased()
        pattern = try HttpScope.pattern(url)
        self.status = status
        self.headers = headers.map { [$0[0].lowercased(), $0[1]] }
        self.body = body
        self.source = source.isEmpty ? url : source
    }

    func matches(_ r: HttpPlugin.Request) -> Bool {
        guard method == nil || method == r.method, case .remote(let url)? = try? CallOrigin(r.url) else { return false }
        return pattern.matches(url)
    }

    func response(url: String) -> HttpPlugin.Response { .init(status: status, url: url, headers: headers, body: body) }

    /// The responses of a fixtures file: a JSON array of `{url, method?, status?, headers?, body? |
    /// json? | bodyBase64?}` (`Schemas/http-fixtures.schema.json`).
    public static func load(_ text: String, file: String) throws(ResponseError) -> [HttpFixture] {
        func fail(_ message: String) -> ResponseError { .invalidParams("\(file): \(message)") }
        let json: JSON
        do { json = try JSONParser.parse(Array(text.utf8)) } catch { throw fail("not JSON: \(error)") }
        guard let entries = json.arrayValue else { throw fail("an array of responses, [{\"url\": \"https://api.example.com/*\", \"json\": {…}}], is expected") }
        var out: [HttpFixture] = []
        for (n, e) in entries.enumerated() {
            let at = "response \(n + 1)"
            guard case .object(let o) = e, let url = o["url"]?.stringValue else { throw fail("\(at): needs \"url\", a URL pattern") }
            let known: Set<String> = ["url", "method", "status", "headers", "body", "json", "bodyBase64", "description"]
            if let extra = o.members.first(where: { !known.contains($0.key) }) { throw fail("\(at): unknown key \"\(extra.key)\" (\(known.sorted().joined(separator: ", ")))") }
            let status = o["status"]?.numberValue?.intValue ?? 200
            guard (100...599).contains(status) else { throw fail("\(at): status \(status) is not an HTTP status (100–599)") }
            var headers: [[String]] = []
            switch o["headers"] {
            case nil: break
            case .object(let h)?: headers = h.members.compactMap { m in m.value.stringValue.map { [m.key, $0] } }
            case .array(let a)?: headers = a.compactMap { p in p.arrayValue.flatMap { $0.count == 2 ? $0.compactMap(\.stringValue) : nil } }.filter { $0.count == 2 }
            default: throw fail("\(at): headers is {name: value} or [[name, value], …]")
            }
            let bodies = ["body", "json", "bodyBase64"].filter { o[$0] != nil }
            guard bodies.count <= 1 else { throw fail("\(at): give one of body, json, bodyBase64") }
            var body: [UInt8] = []
            if let text = o["body"]?.stringValue { body = Array(text.utf8) }
            if let value = o["json"] {
                body = Array(value.serialized().utf8)
                if !headers.contains(where: { $0[0].lowercased() == "content-type" }) { headers.append(["content-type", "application/json"]) }
            }
            if let b64 = o["bodyBase64"]?.stringValue {
                guard let data = Data(base64Encoded: b64) else { throw fail("\(at): bodyBase64 is not base64") }
                body = Array(data)
            }
            do {
                out.append(try HttpFixture(method: o["method"]?.stringValue, url: url, status: status, headers: headers, body: body, source: "\(file) \(at)"))
            } catch {
                throw fail("\(at): \(error.message)")
            }
        }
        return out
    }
}

/// RFC 9110 tokens (a method, a header name) and the Fetch standard's forbidden request headers.
enum HTTPToken {
    static func valid(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "!#$%&'*+-.^_`|~".utf8.contains(c)
        }
    }

    static let forbiddenNames: Set<String> = ["accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method",
                                              "connection", "content-length", "cookie", "date", "dnt", "expect", "host", "origin", "referer",
                                              "set-cookie", "te", "trailer", "transfer-encoding", "upgrade", "via"]

    static func forbidden(_ name: String) -> Bool {
        let lower = name.lowercased()
        return forbiddenNames.contains(lower) || lower.hasPrefix("proxy-") || lower.hasPrefix("sec-")
    }
}

/// A `data:` URL as the http plugin's `data-url` crate reads it: its MIME type and bytes. Not
/// the share natives' `DataURL`, which refuses a `%` that starts no escape (the crate keeps it)
/// and caps sizes for shared files.
struct FetchDataURL {
    let mime: String
    /// `nil`: the payload does not decode.
    let bytes: [UInt8]?

    init?(_ text: String) {
        guard text.lowercased().hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return nil }
        var meta = String(text[text.index(text.startIndex, offsetBy: 5)..<comma]).trimmingWhitespace()
        let payload = String(text[text.index(after: comma)...])
        var base64 = false
        if meta.lowercased().hasSuffix(";base64") {
            base64 = true
            meta = String(meta.dropLast(7))
        }
        if meta.isEmpty || meta.hasPrefix(";") { meta = "text/plain" + (meta.isEmpty ? ";charset=US-ASCII" : meta) }
        mime = meta
        let decoded = PercentEncoding.decode(payload) ?? payload
        if base64 {
            bytes = Data(base64Encoded: decoded.filter { !$0.isWhitespace }).map { Array($0) }
        } else {
            bytes = Array(decoded.utf8)
        }
    }
}

extension HttpPlugin.Config: OfficialSetting {
    public static var standard: HttpPlugin.Config { HttpPlugin.Config() }
}

extension OfficialSettings {
    /// How http's requests are answered (`--http-fixtures`, `--http-passthrough`).
    public var http: HttpPlugin.Config {
        get { self[HttpPlugin.Config.self] }
        set { self[HttpPlugin.Config.self] = newValue }
    }
}

extension HttpPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static let options = [
        PluginOption("http-fixtures", help: """
              --http-fixtures FILE    http: the responses fetch() gets, a JSON array of {url,
                                      method?, status?, headers?, body|json|bodyBase64}, the first
                                      whose method and URL pattern match answering
            """),
        PluginOption("http-passthrough", flag: true, help: """
              --http-passthrough      http: fetch what no fixture answers for real (else refused,
                                      naming the request); the http scope applies first either way
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        var http = Config()
        if let file = try given.nonEmpty("http-fixtures") {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw PluginOptionError("option '--http-fixtures': cannot read \(file)", pointsToHelp: false)
            }
            do { http.fixtures = try HttpFixture.load(text, file: file) } catch {
                throw PluginOptionError("option '--http-fixtures': \(error.message)", pointsToHelp: false)
            }
        }
        if given.flag("http-passthrough") {
            http.passthrough = { request in
                await HTTPPassthrough.fetch(method: request.method, url: request.url, headers: request.headers, body: request.body,
                                            connectTimeoutMs: request.connectTimeoutMs, maxRedirections: request.maxRedirections)
                    .map { Response(status: $0.status, url: $0.url, headers: $0.headers, body: $0.body) }
                    .mapError { Failure($0.message) }
            }
        }
        settings.http = http
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        plugin(config: s.http, resources: s.resources, versions: s.versions, send: s.send, end: s.endChannel)
    }
}

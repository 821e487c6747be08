import BridgeCall
import BridgeDevice
import BridgeEvents
import BridgeHTTPServer
import BridgeJSON
import BridgeProtocol
import BridgeRender
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// Browser mode: the bridge over HTTP on loopback, for an unmodified Tauri front end in a real
/// browser (BROWSER.md). Serves the initialisation script, Tauri 2's IPC custom protocol, CORS
/// preflights, the event stream and, with `--static`, the built front end.
///
/// Every request passes the `Host` check; calls, sheet answers and the event stream also pass
/// the `Origin` policy and the invoke key. Calls run through `run`, the same engine as stdio.
/// The sheets shown on the context's screen (`--user interactive`) go to the pages as
/// `bridge/sheet` events, and a page's click comes back as `POST /__bridge/sheet`.
public final class BrowserServer: Sendable {
    public let configuration: BrowserConfiguration
    /// The invoke key of this process.
    public let key: String
    private let context: CallContext
    private let run: BrowserCallRunner
    /// The ACL the calls the server answers itself pass (plugin listeners); `nil` lets them all.
    private let authority: (any CallAuthority)?
    private let hub: EventHub
    private let server: HTTPServer
    private let hostCheck: HostCheck
    private let origins: OriginPolicy
    private let files: StaticFiles?
    private let streams = EventStreams()
    private let sheets = SheetOverlays()
    /// The last call id given out (`call-<n>`, one per call, for the whole process).
    private let lastCall = Atomic<Int>(0)

    /// Binds the address (the server is not yet accepting; call `start()`).
    /// - Parameters:
    ///   - context: the session's call context (labels, platform, simulated user); each call's
    ///     origin and labels come from its request.
    ///   - run: runs a call (`Router.browserCallRunner`, or the session engine's).
    ///   - hub: the event hub plugins emit into.
    ///   - authority: the ACL (the router's) that `addPluginListener`'s calls pass, which the
    ///     server answers itself; `nil` lets them all.
    /// - Throws: `BrowserSetupError` for an unusable option or address.
    public init(configuration: BrowserConfiguration, context: CallContext, key: String = InvokeKey.generate(),
                hub: EventHub, authority: (any CallAuthority)? = nil, run: @escaping BrowserCallRunner) throws(BrowserSetupError) {
        self.configuration = configuration
        self.key = key
        self.context = context
        self.run = run
        self.authority = authority
        self.hub = hub
        files = try configuration.staticDirectory.map { dir throws(BrowserSetupError) in try StaticFiles(directory: dir) }
        let limits = HTTPLimits(maxBodyBytes: configuration.maxBodyBytes)
        let box = HandlerBox()
        do {
            server = try HTTPServer(host: configuration.address.host, port: configuration.address.port, limits: limits) { exchange in
                box.handle(exchange)
            }
        } catch {
            let busy = error.message.hasSuffix("Address already in use")
            throw BrowserSetupError("--http: \(error.message)" + (busy ? " (another program holds that port: name another, or --http 0 for any free one, which bridge/listening reports)" : ""))
        }
        hostCheck = HostCheck(port: server.port, host: configuration.address.host)
        origins = try OriginPolicy(port: server.port, host: configuration.address.host, devURL: configuration.devURL,
                                   allowOrigins: configuration.allowOrigins)
        box.server = self
    }

    /// The bound port.
    public var port: UInt16 { server.port }

    /// `http://HOST:PORT/`.
    public var url: String {
        let host = configuration.address.host.contains(":") ? "[\(configuration.address.host)]" : configuration.address.host
        return "http://\(host):\(port)/"
    }

    /// The script's URL.
    public var scriptURL: String { url + "__bridge/tauri.js" }

    /// Starts serving, and delivering the hub's events to the pages.
    public func start() {
        let streams = self.streams, sheets = self.sheets
        hub.observe { streams.deliver($0) }
        context.screen?.watch { change in sheets.changed(change, streams: streams) }
        server.start()
    }

    /// Sends `name` with `data` to the event streams of the page a call came from (its
    /// `CallContext.client`, `page:<id>`); nothing for a call of another transport.
    public func send(_ name: String, _ data: JSON, client: String?) {
        guard let client, client.hasPrefix("page:") else { return }
        streams.send(name, data, page: String(client.dropFirst("page:".count)))
    }

    /// Sends `name` with `data` to every page's event streams (the app ended: `bridge/exit`).
    public func broadcast(_ name: String, _ data: JSON) {
        streams.send(name, data, page: nil)
    }

    /// Stops accepting and closes the event streams.
    public func stop() {
        server.stop()
        streams.closeAll()
    }

    // MARK: Routing

    fileprivate func handle(_ exchange: HTTPExchange) {
        let request = exchange.request
        if let refusal = hostCheck.refusal(request.headers[.host]) {
            exchange.respond(.text(.forbidden, refusal))
            return
        }
        let assetHost = request.headers[.host]?.lowercased().hasPrefix("asset.localhost:") == true
        if assetHost || request.path.hasPrefix("/__bridge/asset/"), request.method == "GET" || request.method == "HEAD" {
            exchange.respond(asset(request, path: assetHost ? request.path : String(request.path.dropFirst("/__bridge/asset".count))))
            return
        }
        switch (request.method, request.path) {
        case ("OPTIONS", _):
            exchange.respond(preflight(request))
        case ("GET", "/__bridge/tauri.js"), ("HEAD", "/__bridge/tauri.js"):
            exchange.respond(script(request, full: true))
        case ("GET", "/__bridge/ipc.js"), ("HEAD", "/__bridge/ipc.js"):
            exchange.respond(script(request, full: false))
        case ("GET", "/__bridge/global.js"), ("HEAD", "/__bridge/global.js"):
            var headers: HTTPHeaders = ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store"]
            cors(request, into: &headers)
            exchange.respond(HTTPResponse(status: .ok, headers: headers, body: Array(GlobalTauriScript.source.utf8)))
        case ("GET", "/__bridge/events"):
            openEvents(exchange)
        case ("POST", "/__bridge/post-message"):
            postMessage(exchange)
        case ("POST", "/__bridge/sheet"):
            answerSheet(exchange)
        case ("POST", _) where request.path.hasPrefix("/__bridge/call/"):
            invoke(exchange, ownScript: String(request.path.dropFirst("/__bridge/call/".count)))
        case ("GET", _) where request.path.hasPrefix("/__bridge/"), ("HEAD", _) where request.path.hasPrefix("/__bridge/"):
            exchange.respond(.text(.notFound, "not found: \(request.path); the bridge serves /__bridge/tauri.js, /__bridge/ipc.js and /__bridge/events"))
        case ("POST", _):
            invoke(exchange)
        case ("GET", _), ("HEAD", _):
            if files == nil, let proxy = configuration.proxy {
                proxy.forward(request, body: nil, to: exchange)
                return
            }
            guard let files else {
                exchange.respond(.text(.notFound, "not found: \(request.path); no --static DIR was given, so the bridge serves only /__bridge/tauri.js, the IPC protocol (POST /<command>) and /__bridge/events"))
                return
            }
            exchange.respond(files.response(for: request.path, headOnly: request.method == "HEAD", range: request.headers["Range"]))
        default:
            exchange.respond(.text(.methodNotAllowed, "method \(request.method) is not served: use GET, HEAD, POST or OPTIONS",
                                   headers: ["Allow": "GET, HEAD, POST, OPTIONS"]))
        }
    }

    /// Where a request carries the invoke key.
    private enum KeyPlace {
        /// A header (`Tauri-Invoke-Key`).
        case header(String)
        /// A query parameter (`/__bridge/events?key=`: an `EventSource` cannot send headers).
        case query(String)
        /// A member of the JSON body (`window.ipc.postMessage`'s `__TAURI_INVOKE_KEY__`).
        case bodyMember(String)

        var description: String {
            switch self {
            case .header(let name): return "the \(name) header"
            case .query(let name): return "the \(name) query parameter"
            case .bodyMember(let name): return "\(name) of the message"
            }
        }
    }

    /// A request refused before it reaches the bridge.
    private struct Refusal: Error {
        let response: HTTPResponse

        init(_ status: HTTPStatus, _ message: String) { response = .text(status, message) }
    }

    /// A request let through to the bridge: where it comes from and, for a key in the body, the
    /// parsed body.
    private struct Admitted {
        let origin: RequestOrigin
        let body: JSON?
    }

    /// The checks every request that drives the bridge passes, in this order: the `Origin`
    /// policy, then the invoke key (BROWSER.md's security rules); the refusal to send otherwise.
    private func admit(_ request: HTTPRequest, key place: KeyPlace) -> Result<Admitted, Refusal> {
        // A keyed request without `Origin` is local only when no other site's page made it
        // (an `<img>` or `<iframe>` sends no `Origin`, but its fetch metadata says cross-site).
        if request.headers[.origin] == nil,
           let refusal = origins.foreignPage(site: request.headers[.secFetchSite], origin: nil, referer: request.headers[.referer],
                                             what: "the bridge") {
            return .failure(Refusal(.forbidden, refusal))
        }
        let origin: RequestOrigin
        switch origins.classify(request.headers[.origin]) {
        case .failure(let refusal): return .failure(Refusal(.forbidden, refusal.message))
        case .success(let o): origin = o
        }
        var body: JSON? = nil
        let given: String?
        switch place {
        case .header(let name): given = request.headers[name]
        case .query(let name): given = request.queryValue(name)
        case .bodyMember(let name):
            do {
                body = try JSONParser.parse(request.body, duplicateKeys: .keepLast)
            } catch {
                return .failure(Refusal(.badRequest, "the message is not valid JSON: \(error)"))
            }
            given = body?[name]?.stringValue
        }
        guard let given else {
            return .failure(Refusal(.forbidden, "missing invoke key (\(place.description)): load /__bridge/tauri.js, which embeds it, or use the key of the bridge/listening notification"))
        }
        guard InvokeKey.matches(given, key) else {
            return .failure(Refusal(.forbidden, "wrong invoke key (\(place.description)): this bridge process has another one; reload the page, or use the key of its bridge/listening notification"))
        }
        return .success(Admitted(origin: origin, body: body))
    }

    /// CORS headers for an allowed cross-origin request.
    private func cors(_ request: HTTPRequest, into headers: inout HTTPHeaders) {
        BrowserServer.cors(allowing: origins.allowedOriginHeader(request.headers[.origin]), into: &headers)
    }

    /// The CORS fields of an answer to a request whose origin may read it as `allowed`.
    private static func cors(allowing allowed: String?, into headers: inout HTTPHeaders) {
        guard let allowed else { return }
        headers[.accessControlAllowOrigin] = allowed
        headers[.vary] = "Origin"
        headers[.accessControlExposeHeaders] = "Tauri-Response, Bridge-Error, Bridge-Warnings, Bridge-Call, Bridge-Hint"
    }

    private func preflight(_ request: HTTPRequest) -> HTTPResponse {
        guard origins.allowedOriginHeader(request.headers["Origin"]) != nil else {
            let message: String
            switch origins.classify(request.headers["Origin"]) {
            case .failure(let refusal): message = refusal.message
            case .success: message = "a CORS preflight needs an Origin header"
            }
            return .text(.forbidden, message)
        }
        var headers = HTTPHeaders()
        cors(request, into: &headers)
        headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        let requested = request.headers["Access-Control-Request-Headers"] ?? ""
        let base = "Content-Type, Tauri-Callback, Tauri-Error, Tauri-Invoke-Key, Bridge-Page, Bridge-Window, Bridge-Webview"
        headers["Access-Control-Allow-Headers"] = requested.isEmpty ? base : base + ", " + requested
        headers["Access-Control-Max-Age"] = "600"
        if request.headers["Access-Control-Request-Private-Network"]?.lowercased() == "true" {
            headers["Access-Control-Allow-Private-Network"] = "true"
        }
        // Tauri's ipc protocol answers a preflight 200 with an empty body (the oracle's ipc.options).
        return HTTPResponse(status: .ok, headers: headers)
    }

    // MARK: Scripts

    /// The base URL the script calls back to: the address the browser used to fetch it, when that
    /// is one of the bridge's own names.
    private func baseURL(for request: HTTPRequest) -> String {
        if let host = request.headers["Host"]?.lowercased(), host.hasSuffix(":\(port)"),
           host.hasPrefix("127.") || host.hasPrefix("localhost:") || host.hasPrefix("[::1]:") || host.hasPrefix("tauri.localhost:") {
            return "http://\(host)/"
        }
        return url
    }

    /// A `convertFileSrc` URL: Tauri's asset protocol over the sandbox (`AssetProtocol`). Like
    /// Tauri's, it needs no invoke key; another site's page is refused, as for the script.
    private func asset(_ request: HTTPRequest, path: String) -> HTTPResponse {
        if let refusal = origins.foreignPage(site: request.headers["Sec-Fetch-Site"], origin: request.headers["Origin"],
                                             referer: request.headers["Referer"], what: "the asset protocol") {
            return .text(.forbidden, refusal)
        }
        let origin = origins.allowedOriginHeader(request.headers["Origin"]) ?? String(baseURL(for: request).dropLast())
        let off = "no asset protocol: convertFileSrc URLs are served when the --app project's tauri.conf.json sets app.security.assetProtocol.enable (and its scope), as Tauri registers the asset: protocol only then"
        return AssetProtocol(files: configuration.assets, off: off)
            .response(rawPath: path, method: request.method, range: request.headers["Range"], origin: origin)
    }

    private func script(_ request: HTTPRequest, full: Bool) -> HTTPResponse {
        // The script embeds the invoke key: never to another site's page (`<script src>`).
        if let refusal = origins.foreignPage(site: request.headers["Sec-Fetch-Site"], origin: request.headers["Origin"],
                                             referer: request.headers["Referer"], what: "the script") {
            return .text(.forbidden, refusal)
        }
        let base = baseURL(for: request)
        var text = ""
        let shareMode = request.queryValue("share").map { $0.isEmpty ? .auto : WebShareScript.Mode(rawValue: $0) } ?? .auto
        guard let shareMode else {
            let modes = WebShareScript.Mode.allCases.map(\.rawValue).joined(separator: ", ")
            return .text(.badRequest, "the share query parameter takes \(modes): navigator.share from the bridge when the browser has none (auto), always (replace), or never (off)")
        }
        if full {
            let window = request.queryValue("window").flatMap { $0.isEmpty ? nil : $0 } ?? context.window
            let webview = request.queryValue("webview").flatMap { $0.isEmpty ? nil : $0 }
                ?? (request.queryValue("window") != nil ? window : context.webview)
            let platform = context.platform.rawValue
            let windows = platform == "windows"
            var config: JSONObject = [
                "key": .string(key), "url": .string(base), "window": .string(window), "webview": .string(webview),
                "platform": .string(platform), "sep": .string(windows ? "\\" : "/"), "delimiter": .string(windows ? ";" : ":"),
            ]
            config["os"] = DeviceOS.values(for: context.platform)
            text = TauriScript.template.replacing(literal: "__BRIDGE_CONFIG__", with: JSON.object(config).serialized()) + "\n"
            if configuration.globalTauri { text += GlobalTauriScript.source + "\n" }
            if let name = CommandName(plugin: "notification", command: "is_permission_granted"),
               case .success? = authority?.authorize(name, context: CallContext(window: window, webview: webview, platform: context.platform)) {
                text += NotificationScript.source(windows: windows) + "\n"
            }
        }
        let native: JSON = ["key": .string(key), "url": .string(base), "page": .null]
        text += NativeIPCScript.template.replacing(literal: "__BRIDGE_NATIVE_CONFIG__", with: native.serialized())
        // Both scripts: navigator.share needs only the native half's bridge.call, so a page that
        // runs Tauri's own core.js beside /__bridge/ipc.js gets it too.
        if let share = WebShareScript.script(mode: shareMode, rules: configuration.webShare, platform: context.platform.rawValue,
                                             maxBodyBytes: configuration.maxBodyBytes) {
            text += "\n" + share
        }
        var headers: HTTPHeaders = ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store"]
        cors(request, into: &headers)
        return HTTPResponse(status: .ok, headers: headers, body: Array(text.utf8))
    }

    // MARK: Events

    private func openEvents(_ exchange: HTTPExchange) {
        let request = exchange.request
        let admitted: Admitted
        switch admit(request, key: .query("key")) {
        case .failure(let refusal): return exchange.respond(refusal.response)
        case .success(let a): admitted = a
        }
        // Plugin events reach a page only where its capabilities let it listen, as in Tauri.
        var listening = context
        switch admitted.origin {
        case .local: listening.origin = "local"
        case .remote(let url): listening.origin = url
        }
        if let window = request.queryValue("window"), !window.isEmpty { listening.window = window; listening.webview = window }
        // A page hears events when the ACL lets it listen (`core:event:allow-listen`).
        var hearsEvents = true
        if let authority, let listen = CommandName(plugin: "event", command: "listen"),
           case .failure = authority.authorize(listen, context: listening) {
            hearsEvents = false
        }
        let page = request.queryValue("page").flatMap { $0.isEmpty ? nil : $0 } ?? "anonymous-\(InvokeKey.generate().prefix(8))"
        var headers: HTTPHeaders = ["Content-Type": "text/event-stream", "Cache-Control": "no-store"]
        cors(request, into: &headers)
        guard let stream = exchange.openStream(HTTPResponse(status: .ok, headers: headers)) else { return }
        let hub = self.hub
        streams.add(page: page, stream: stream, hearsEvents: hearsEvents) { hub.forget(client: "page:\(page)") }
        // A sheet shown before the page's stream opened (the call raced the connection).
        sheets.replay(to: page, streams: streams)
    }

    // MARK: Calls

    /// A call: Tauri's IPC protocol (`POST /<command>`), or with `ownScript` (its raw command) one
    /// of the bridge's own page scripts (`POST /__bridge/call/<command>`), which sends no callback headers.
    private func invoke(_ exchange: HTTPExchange, ownScript: String? = nil) {
        let request = exchange.request
        let admitted: Admitted
        switch admit(request, key: .header("Tauri-Invoke-Key")) {
        case .failure(let refusal): return exchange.respond(refusal.response)
        case .success(let a): admitted = a
        }
        let ipc: IPCRequest
        switch IPCRequest.parse(request, ownScript: ownScript) {
        case .failure(let problem):
            var headers: HTTPHeaders = ["Content-Type": "text/plain", "Bridge-Hint": problem.hint]
            cors(request, into: &headers)
            return exchange.respond(HTTPResponse(status: .internalServerError, headers: headers, body: Array(problem.message.utf8)))
        case .success(let r): ipc = r
        }
        perform(ipc.command, payload: ipc.payload, callback: ipc.callback, request: request, origin: admitted.origin,
                exchange: exchange)
    }

    /// `window.ipc.postMessage`'s message, as Tauri's `ipc-protocol.js` builds it:
    /// `{cmd, callback, error, payload, options, __TAURI_INVOKE_KEY__}`.
    private func postMessage(_ exchange: HTTPExchange) {
        let request = exchange.request
        let admitted: Admitted
        switch admit(request, key: .bodyMember("__TAURI_INVOKE_KEY__")) {
        case .failure(let refusal): return exchange.respond(refusal.response)
        case .success(let a): admitted = a
        }
        let message = admitted.body ?? .null
        guard let command = message["cmd"]?.stringValue, !command.isEmpty else {
            return exchange.respond(.text(.badRequest, "the message needs a cmd string"))
        }
        let callback = message["callback"]?.numberValue.flatMap { UInt32(exactly: $0.doubleValue) }
        perform(command, payload: message["payload"] ?? .object(JSONObject()), callback: callback, request: request,
                origin: admitted.origin, exchange: exchange)
    }

    /// `POST /__bridge/sheet` `{"sheet": ID, "activity": TYPE}` or `{"sheet": ID, "cancel": true}`:
    /// a click in the sheet a page shows (`--user interactive`). The same Origin and key rules
    /// as a call (the key in `Tauri-Invoke-Key`).
    private func answerSheet(_ exchange: HTTPExchange) {
        let request = exchange.request
        if case .failure(let refusal) = admit(request, key: .header("Tauri-Invoke-Key")) { return exchange.respond(refusal.response) }
        var headers = HTTPHeaders()
        cors(request, into: &headers)
        let answer: SheetAnswerRequest
        switch SheetAnswerRequest.parse(request.body) {
        case .failure(let problem): return exchange.respond(.text(.badRequest, problem.message, headers: headers))
        case .success(let a): answer = a
        }
        guard let screen = context.screen, screen.user == .interactive else {
            return exchange.respond(.text(.conflict, "no sheet waits for a click: the bridge runs with the scripted user; start it with --user interactive", headers: headers))
        }
        guard screen.answer(answer.sheet, answer.answer) else {
            return exchange.respond(.text(.notFound, "no sheet \(answer.sheet) is up: it was answered already, or its call was cancelled", headers: headers))
        }
        headers[.contentType] = "application/json"
        exchange.respond(HTTPResponse(status: .ok, headers: headers, body: Array(JSON.object(["answered": .string(answer.sheet)]).serialized().utf8)))
    }

    private func perform(_ command: String, payload: JSON, callback: UInt32?, request: HTTPRequest, origin: RequestOrigin,
                         exchange: HTTPExchange) {
        let callOrigin: String
        switch origin {
        case .local: callOrigin = "local"
        case .remote(let url): callOrigin = url
        }
        var window = context.window, webview = context.webview
        if let w = request.headers[.bridgeWindow], !w.isEmpty {
            window = w
            webview = w
        }
        if let w = request.headers[.bridgeWebview], !w.isEmpty { webview = w }
        let page = request.headers[.bridgePage].flatMap { $0.isEmpty ? nil : $0 }
        let client = page.map { "page:\($0)" }
        // Each setting changed makes the context new storage: only what differs is set (a
        // page's labels are usually the session's).
        var callContext = context
        if callContext.origin != callOrigin { callContext.origin = callOrigin }
        if callContext.window != window { callContext.window = window }
        if callContext.webview != webview { callContext.webview = webview }
        if callContext.client != client { callContext.client = client }
        let allowedOrigin = origins.allowedOriginHeader(request.headers[.origin])
        let streams = self.streams, run = self.run
        // Every call's id, whether or not it came with a Tauri callback (navigator.share's has
        // none): its presentation and warnings carry it, and so does the answer (`Bridge-Call`).
        let call = "call-\(lastCall.add(1, ordering: .relaxed).newValue)"
        let id: JSON = .string(call)
        let callbackID: JSON = callback.map { .number(JSONNumber(Int($0))) } ?? .null
        let answer: @Sendable (BrowserCallOutcome) -> Void = { outcome in
            // Made here, whole: a copy of fields made before would be copied again on the
            // first field added to it.
            var responseHeaders = HTTPHeaders()
            BrowserServer.cors(allowing: allowedOrigin, into: &responseHeaders)
            responseHeaders[.bridgeCall] = call
            if !outcome.warnings.isEmpty {
                responseHeaders[.bridgeWarnings] = ASCIIJSON.serialize(.array(outcome.warnings))
            }
            // The record is made only for a page with a stream open to read it, as bytes.
            if let presentation = outcome.presentation, let page {
                streams.send("bridge/presentation", written: JSONWriter.write { w in
                    w.openObject()
                    w.key("id"); w.value(id)
                    w.key("callback"); w.value(callbackID)
                    w.key("cmd"); w.string(command)
                    w.key("presentation"); w.raw(presentation.bytes)
                    w.closeObject()
                }, page: page)
            }
            exchange.respond(IPCResponse.make(outcome.result, headers: responseHeaders))
        }
        // The call starts on the connection's event loop, as stdio's start on the session's
        // reader: one that never waits (most of them) is answered without a task or a thread
        // switch, and one that waits returns the loop to its other connections at once. Events
        // and plugin listeners are commands like any other (the event core plugin, the router's
        // listener commands), on the one road.
        let started = run(command, payload, callContext) { method, params in
            // The engine's own request id is replaced by the call's Tauri callback id.
            // A call that names no page is told in its answer, never on other pages' streams.
            guard let page else { return }
            streams.send(method, ["id": id, "callback": callbackID, "cmd": .string(command), "warnings": params["warnings"] ?? []], page: page)
        }
        switch started {
        case .done(let outcome): answer(outcome)
        case .waiting(let rest): Task { answer(await rest()) }
        case .resuming(let begin): begin(answer)
        }
    }
}

/// Lets the HTTP handler, built before the browser server exists, reach it.
private final class HandlerBox: @unchecked Sendable {
    // Sendable proof: `server` is set once in BrowserServer.init, before `start()` lets any
    // connection in, and only read afterwards.
    weak var server: BrowserServer?

    func handle(_ exchange: HTTPExchange) {
        guard let server else { return exchange.respond(.text(.serviceUnavailable, "the bridge is shutting down")) }
        server.handle(exchange)
    }
}

import Dispatch
import BridgeApp
import BridgeBrowser
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeDevice
import BridgeEvents
import BridgeInbox
import BridgeJSON
import BridgeOfficialPlugins
import BridgePlugins
import BridgeProtocol
import BridgeRouter
import BridgeSandbox
import BridgeServer
import BridgeShareExtension
import BridgeShareNatives
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// `bridge serve [options]`: JSON-RPC 2.0 on stdin/stdout until EOF or `exit`; with `--http`,
/// browser mode as well (or alone, with `--no-stdio`).
struct ServeCommand {
    static let help = """
    Usage: bridge serve [options]

    Serves JSON-RPC 2.0 on stdin/stdout: one request per line (NDJSON), or LSP-style
    Content-Length framing when the input starts with a Content-Length header.
    Methods: plugin commands (plugin:<plugin>|<command>), initialize, shutdown, exit,
    $/cancelRequest. Logs go to stderr. Ends at EOF (after answering every request),
    or on exit.

    Options:
    \(ContextOptions.help)
    \(BackendOptions.help)
    \(ACLOptions.help)
    \(AppOptions.help)
    \(MessageLimitOption.help("the largest message accepted; larger ones are answered\nwith -32600 and skipped"))
    \(SessionBytesOption.help)
    \(BrowserOptions.help)
    \(AppOptions.globalHelp)
      -h, --help              show this help
    """

    static let optionNames = ContextOptions.names.union(BackendOptions.names).union(ACLOptions.names).union(MessageLimitOption.names)
        .union(SessionBytesOption.names).union(BrowserOptions.names).union(AppOptions.names)
    static let flagNames = ContextOptions.flagNames.union(BrowserOptions.flagNames).union(AppOptions.flagNames).union(BackendOptions.flagNames)
        .union(ACLOptions.flagNames).union(AppOptions.answerFlags)

    let context: CallContext
    let maxMessageBytes: Int
    /// Options given that change nothing on the chosen platform.
    let ignoredOptions: [CallWarning]
    let browser: BrowserConfiguration?
    let stdio: Bool
    /// `bridge dev`: the dev server's command, run beside browser mode, its pages proxied.
    var dev: DevCommand?
    /// The share inbox (`--app-group`, `--files-dir`), watched for arrivals.
    let inbox: ShareInbox?

    init(_ args: ArgumentList, app: AppOptions) throws(UsageError) {
        if let extra = args.positionals.first {
            throw UsageError("unexpected argument '\(extra)': serve reads its requests from stdin", subcommand: "serve")
        }
        var context = try ContextOptions.context(from: args, defaultWindow: app.defaultWindow)
        context.screen = Screen(user: try BrowserOptions.user(args))
        context.byteBudget = try SessionBytesOption.value(args)
        self.context = context
        maxMessageBytes = try MessageLimitOption.value(args)
        ignoredOptions = ContextOptions.ignored(args, platform: context.platform)
        browser = try BrowserOptions.configuration(args, maxBodyBytes: maxMessageBytes, app: app)
        stdio = !args.flag("no-stdio")
        inbox = try BackendOptions(args).inbox
    }

    /// The asset protocol's files: the sandbox within the `--app` config's
    /// `app.security.assetProtocol.scope`, when it enables the protocol.
    static func assets(app: AppOptions, platform: Platform, sandbox: SandboxHolder, info: AppInfo) -> (any AssetFiles)? {
        guard let config = app.config, config.assetProtocolEnabled else { return nil }
        let scope = config.assetScope
        return FsAssetFiles(allow: scope.allow, deny: scope.deny, requireLiteralLeadingDot: scope.requireLiteralLeadingDot,
                            paths: PlatformPaths(platform: platform, app: info), sandbox: sandbox)
    }

    /// Serves until the session ends; after plugin-process's `restart()` the bridge starts itself
    /// again (`Relaunch`), on the same address and sandbox, with a fresh app state.
    func run(router: Router, hub: EventHub, streams: StandardStreams, assets: (any AssetFiles)? = nil,
             sandbox: SandboxHolder? = nil) throws(UsageError) -> Int32 {
        let relay = AppEndRelay()
        AppLifecycle.process.onEnd { ending, _ in relay.end(ending) }
        let status = try serve(router: router, hub: hub, streams: streams, assets: assets, relay: relay)
        if case .restart? = AppLifecycle.process.ending {
            Relaunch.exec(port: relay.port, sandbox: sandbox?.root, streams: streams)
        }
        return status
    }

    private func serve(router: Router, hub: EventHub, streams: StandardStreams, assets: (any AssetFiles)?,
                       relay: AppEndRelay) throws(UsageError) -> Int32 {
        let restarted = Relaunch.isRestart()
        // Before the browser server, the watcher or the session make their threads (they inherit
        // the mask), so the signal sources, not a thread that ignores them, receive the signals.
        Server.blockSessionSignals()
        ignoredOptions.forEach(streams.warn)
        var configuration = ServerConfiguration(maxMessageBytes: maxMessageBytes, serverVersion: BridgeVersion.current)
        let hostsOS = router.registry.hasPlugin("os")
        configuration.pageGlobals = { platform in hostsOS ? ["__TAURI_OS_PLUGIN_INTERNALS__": DeviceOS.values(for: platform)] : JSONObject() }
        var browserServer: BrowserServer? = nil
        if var browser {
            browser.assets = assets
            if let dev {
                browser.staticDirectory = nil
                browser.proxy = dev.proxy
            }
            if let share = PluginOptions.webShare(hosting: router.registry.hasPlugin) {
                browser.webShare = WebShareRules(maxFiles: share.maxFiles, maxFileBytes: share.maxFileBytes,
                                                 maxTotalBytes: share.maxTotalBytes, refusedSchemes: share.refusedSchemes)
            }
            do {
                let calls = RouterCalls(router: router)
                browserServer = try BrowserServer(configuration: browser, context: context, hub: hub, authority: router.authority,
                                                  run: calls.runner)
            } catch {
                throw UsageError(error.message, subcommand: "serve")
            }
        }
        defer { browserServer?.stop() }
        browserServer?.start()
        relay.browser = browserServer
        // Nothing a front end calls is silently missing: each call nothing answered is announced
        // (stdio and the pages), and the session ends with a summary of them.
        let ledger = (router.fallback as? AppSurface)?.ledger
        // A page hears of its own calls only (their arguments are its own).
        if let b = browserServer { ledger?.observe { notice, client in b.send("bridge/unhandled", notice, client: client) } }
        defer { if let summary = ledger?.summary { streams.error(summary) } }
        // The share inbox announces what lands in it (share-extension's shareReceived).
        let watcher = inbox.map { InboxWatcher(inbox: $0, hub: hub) }
        watcher?.start()
        defer { watcher?.stop() }
        if let b = browserServer {
            streams.error("bridge: listening on \(b.url) (script: \(b.scriptURL))")
        }
        if let dev, let b = browserServer {
            // Signals are caught from before the command starts: a Ctrl-C while it starts stops both.
            let signals = SignalWatch()
            relay.attach(watch: signals)
            let child = try dev.start()
            if !dev.waitForServer(child, streams: streams, signals: signals) {
                if signals.status != 0 { return signals.finish(child) }
                let status = child.wait()
                streams.error("bridge: dev: the command ended (status \(status)) before \(dev.target) answered: \(dev.command)")
                return status
            }
            streams.error("bridge: dev: open \(b.url) — \(dev.target)'s pages with the script, \(dev.environment["TAURI_ENV_PLATFORM"] ?? "")'s TAURI_ENV_* given to: \(dev.command)")
            return signals.finish(child)
        }
        guard stdio else {
            let signals = SignalWatch()
            relay.attach(watch: signals)
            return signals.finish(nil)
        }
        let server = Server(router: router, configuration: configuration, context: context,
                            input: 0, output: streams.output)
        relay.attach(server: server)
        ledger?.observe { notice, _ in server.notify(method: "bridge/unhandled", params: notice) }
        if let b = browserServer {
            server.notify(method: "bridge/listening",
                          params: ["url": .string(b.url), "script": .string(b.scriptURL), "key": .string(b.key)])
        }
        if restarted { server.notify(method: "bridge/restarted", params: [:]) }
        let token = hub.observe { delivery in
            switch delivery {
            case .event(let event):
                server.notify(method: "bridge/event",
                              params: ["plugin": .string(event.plugin), "event": .string(event.event), "payload": event.payload])
            case .callback(nil, let callback, let payload):
                // A Channel (or a callback) of the stdio client: what the Node mocks run.
                server.notify(method: "bridge/callback", params: ["callback": .number(JSONNumber(Int(callback))), "payload": payload])
            default:
                break
            }
        }
        defer { hub.removeObserver(token) }
        return server.run()
    }
}

/// SIGINT, SIGTERM and SIGHUP, caught from its creation on (the session blocks them, so the
/// dispatch sources are what receive them).
final class SignalWatch: @unchecked Sendable {
    // Sendable proof: `sources` is written in `init` only; the status is atomic.
    private let caught = DispatchSemaphore(value: 0)
    private let code = Atomic<Int32>(0)
    private let appStatus = Mutex<Int32?>(nil)
    private var sources: [DispatchSourceSignal] = []

    init() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [unowned self] in
                _ = code.compareExchange(expected: 0, desired: 128 + sig, ordering: .relaxed)
                caught.signal()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// 128 + the first signal caught, or 0.
    var status: Int32 { code.load(ordering: .relaxed) }

    /// The app ended with `status` (plugin-process): `finish` returns it, a child stopped first.
    func end(_ status: Int32) {
        appStatus.withLock { if $0 == nil { $0 = status } }
        caught.signal()
    }

    /// Waits for a signal or, with `child`, for it to end: the status is the signal's (the
    /// child then stopped: SIGTERM, SIGKILL after 5 s) or the child's.
    func finish(_ child: DevChild?) -> Int32 {
        let ended = DispatchSemaphore(value: 0)
        let childStatus = Atomic<Int32>(0)
        if let child {
            Threads.detach { [caught] in
                childStatus.store(child.wait(), ordering: .relaxed)
                ended.signal()
                caught.signal()
            }
        }
        caught.wait()
        let ended_ = appStatus.withLock { $0 }
        guard let child else { return ended_ ?? status }
        if ended.wait(timeout: .now()) == .timedOut {
            child.stop()
            if ended.wait(timeout: .now() + 5) == .timedOut {
                child.kill()
                ended.wait()
            }
        }
        if let ended_ { return ended_ }
        return status != 0 ? status : childStatus.load(ordering: .relaxed)
    }
}

/// Where plugin-process's end of the app goes in `bridge serve`: the pages are told
/// (`bridge/exit {code}` or `bridge/restart {}` on their event streams), the stdio session sends
/// the same notification, answers its running calls `-32800` and ends with the code; a browser
/// or `dev` session without stdio ends with it. An end asked for before the session that ends
/// exists (a page's call while stdio starts) waits for it.
final class AppEndRelay: Sendable {
    private struct State {
        var browser: BrowserServer?
        var server: Server?
        var watch: SignalWatch?
        var pending: AppLifecycle.Ending?
    }
    private let state = Mutex(State())

    var browser: BrowserServer? {
        get { state.withLock { $0.browser } }
        set { state.withLock { $0.browser = newValue } }
    }

    /// The stdio session that ends, or (without stdio) the wait that does.
    func attach(server: Server? = nil, watch: SignalWatch? = nil) {
        let pending = state.withLock { s -> AppLifecycle.Ending? in
            if let server { s.server = server }
            if let watch { s.watch = watch }
            return s.pending
        }
        if let pending { finish(pending, server: server, watch: watch) }
    }

    /// The bound port, for a restart on the same address.
    var port: UInt16? { browser?.port }

    func end(_ ending: AppLifecycle.Ending) {
        let (method, params) = AppEndRelay.notice(ending)
        let (browser, server, watch) = state.withLock { s -> (BrowserServer?, Server?, SignalWatch?) in
            if s.server == nil && s.watch == nil { s.pending = ending }
            return (s.browser, s.server, s.watch)
        }
        browser?.broadcast(method, params)
        Log.error(ending == .restart ? "the app restarted (plugin:process|restart): the bridge starts again"
                                     : "the app exited with code \(AppEndRelay.status(ending)) (plugin:process|exit)")
        finish(ending, server: server, watch: watch)
    }

    private func finish(_ ending: AppLifecycle.Ending, server: Server?, watch: SignalWatch?) {
        let (method, params) = AppEndRelay.notice(ending)
        server?.appEnded(status: AppEndRelay.status(ending), reason: ending == .restart ? "app_restart" : "app_exit", method: method, params: params)
        watch?.end(AppEndRelay.status(ending))
    }

    static func notice(_ ending: AppLifecycle.Ending) -> (String, JSON) {
        switch ending {
        case .exit(let code): return ("bridge/exit", ["code": .integer(Int(code))])
        case .restart: return ("bridge/restart", [:])
        }
    }

    static func status(_ ending: AppLifecycle.Ending) -> Int32 {
        if case .exit(let code) = ending { return code }
        return 0
    }
}

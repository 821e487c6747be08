import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import BridgeServer
import Dispatch
import Synchronization

/// Runs browser-mode calls through the session engine, as stdio runs them: each client (a page,
/// with its origin and labels) is one peer with its own `SessionEngine`, whose context carries
/// that origin, those labels and the client; an HTTP call becomes one JSON-RPC request to it, and
/// its response (with the notifications before it: `bridge/presentation`, `bridge/warning`)
/// becomes the HTTP answer. So the same call gives the same result, message and warnings over
/// either transport.
public final class EngineCalls: Sendable {
    private struct PeerKey: Hashable {
        let client: String?
        let origin: String
        let window: String
        let webview: String
    }

    private struct Peer {
        let engine: SessionEngine
        let transport: PeerTransport
    }

    private let router: Router
    private let configuration: ServerConfiguration
    private let peers = Mutex<[PeerKey: Peer]>([:])
    /// How many peers are kept; past it, idle ones are dropped.
    private let maxPeers: Int

    public init(router: Router, configuration: ServerConfiguration, maxPeers: Int = 256) {
        self.router = router
        self.configuration = configuration
        self.maxPeers = maxPeers
    }

    /// The runner to give `BrowserServer`.
    public var runner: BrowserCallRunner {
        { [self] method, params, context, live in await run(method, params, context, live: live) }
    }

    /// JSON-RPC methods of the session itself, which a page may not send.
    static let sessionMethods: Set<String> = ["initialize", "initialized", "shutdown", "exit"]

    func run(_ method: String, _ params: JSON, _ context: CallContext,
             live: @escaping @Sendable (String, JSON) -> Void = { _, _ in }) async -> BrowserCallOutcome {
        if EngineCalls.sessionMethods.contains(method) || method.hasPrefix("$/") || method.hasPrefix("bridge/") {
            return BrowserCallOutcome(result: .failure(.notFound("Command \(method) not found", details: ["command": .string(method)])))
        }
        let peer = self.peer(for: context)
        let id = peer.transport.nextID()
        return await withCheckedContinuation { continuation in
            peer.transport.expect(id, continuation, live: live)
            let request: JSON = ["jsonrpc": "2.0", "id": .number(JSONNumber(id)), "method": .string(method), "params": params]
            peer.engine.receive([IncomingPayload(request)])
        }
    }

    private func peer(for context: CallContext) -> Peer {
        let key = PeerKey(client: context.client, origin: context.origin, window: context.window, webview: context.webview)
        return peers.withLock { peers in
            if let p = peers[key] { return p }
            if peers.count >= maxPeers, let idle = peers.first(where: { $0.value.transport.isIdle })?.key {
                peers[idle] = nil
            }
            let transport = PeerTransport()
            let engine = SessionEngine(router: router, configuration: configuration, context: context, transport: transport)
            // Browser pages always get presentation records (for the page's hooks and overlay).
            let initialize: JSON = ["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["inspect": true]]
            engine.receive([IncomingPayload(initialize)])
            let p = Peer(engine: engine, transport: transport)
            peers[key] = p
            return p
        }
    }
}

/// Where one peer's engine writes: responses settle the HTTP calls waiting for them; the
/// notifications of a call (`{"id": …}` in their params) travel with its response, and its
/// warnings also go to the page as they are sent (a call that never settles still warns).
private final class PeerTransport: SessionTransport {
    private struct Pending {
        let continuation: CheckedContinuation<BrowserCallOutcome, Never>
        let live: @Sendable (String, JSON) -> Void
        var presentation: JSON? = nil
        var warnings: [JSON] = []
    }

    private struct State {
        var nextID = 0
        var pending: [Int: Pending] = [:]
    }

    private let state = Mutex(State())
    /// Delivers live notifications in order, off the engine's lock.
    private let liveQueue = DispatchQueue(label: "bridge.browser.live")

    func nextID() -> Int {
        state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
    }

    var isIdle: Bool { state.withLock { $0.pending.isEmpty } }

    func expect(_ id: Int, _ continuation: CheckedContinuation<BrowserCallOutcome, Never>,
                live: @escaping @Sendable (String, JSON) -> Void) {
        state.withLock { $0.pending[id] = Pending(continuation: continuation, live: live) }
    }

    func send(_ message: OutboundMessage) {
        switch message {
        case .response(let response):
            settle(response)
        case .batch(let responses):
            responses.forEach(settle)
        case .request:
            // Pages answer no requests: a page's commands are answered by stdio clients.
            break
        case .notification(let n):
            guard let id = n.params["id"].flatMap(RequestID.init(json:)), case .number(let number) = id.json,
                  let key = Int(exactly: number.doubleValue) else { return }
            let live = state.withLock { s -> (@Sendable (String, JSON) -> Void)? in
                guard var p = s.pending[key] else { return nil }
                defer { s.pending[key] = p }
                switch n.method {
                case "bridge/presentation": p.presentation = n.params["presentation"]
                case "bridge/warning":
                    p.warnings += n.params["warnings"]?.arrayValue ?? []
                    return p.live
                default: break
                }
                return nil
            }
            // `send` runs with the engine's lock held: the page's stream is written on its own
            // queue, so a page that reads slowly never holds up the session.
            if let live { liveQueue.async { live(n.method, n.params) } }
        }
    }

    private func settle(_ response: Response) {
        guard case .number(let number) = response.id.json, let key = Int(exactly: number.doubleValue) else { return }
        guard let p = state.withLock({ $0.pending.removeValue(forKey: key) }) else { return }
        p.continuation.resume(returning: BrowserCallOutcome(result: response.outcome, presentation: p.presentation, warnings: p.warnings))
    }

    func end(status: Int32) {}
    func endNow(status: Int32) {}
}

import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import Synchronization

/// Runs browser-mode calls on the router's one call path, as `serve` and `invoke` run theirs:
/// `Router.prepare` (resolution, the ACL, binding), then `Router.start` (the command's checks,
/// once) and, for a call that waits, what waits. An HTTP call is no JSON-RPC request: the call's
/// context is the page's (its origin, labels and client), its warnings go to the page as they
/// are learnt, and its record (a page always gets one) and warnings travel with its answer.
public struct RouterCalls: Sendable {
    private let router: Router

    public init(router: Router) {
        self.router = router
    }

    /// The runner to give `BrowserServer`.
    public var runner: BrowserCallRunner {
        { [self] method, params, context, live in start(method, params, context, live: live) }
    }

    /// JSON-RPC methods of the session itself, which a page may not send.
    static let sessionMethods: Set<String> = ["initialize", "initialized", "shutdown", "exit"]

    /// Prepares and starts the call on this thread, as `serve` starts its calls: the outcome at
    /// once for a call that does not wait, else what is left to await.
    func start(_ method: String, _ params: JSON, _ context: CallContext,
               live: @escaping @Sendable (String, JSON) -> Void = { _, _ in }) -> BrowserCallStart {
        if RouterCalls.sessionMethods.contains(method) || method.hasPrefix("$/") || method.hasPrefix("bridge/") {
            return .done(BrowserCallOutcome(result: .failure(.notFound("Command \(method) not found", details: ["command": .string(method)]))))
        }
        let observer = PageCallObserver(live: live)
        switch router.drive(method: method, params: params, context: context, observer: observer) {
        case .refused(let error): return .done(BrowserCallOutcome(result: .failure(error)))
        case .done(let call, let done):
            return .done(RouterCalls.outcome(of: call, done, observer: observer, live: live))
        case .waiting(let call, let rest):
            return .waiting {
                let done = await rest()
                return RouterCalls.outcome(of: call, done, observer: observer, live: live)
            }
        case .resuming(let call, let resumed):
            return .resuming { answer in
                // A page that goes away does not stop a call (as with a task): it is answered
                // to no one.
                _ = resumed.begin { done in answer(RouterCalls.outcome(of: call, done, observer: observer, live: live)) }
            }
        }
    }

    private static func outcome(of call: Router.Call, _ outcome: Result<CommandOutput, ResponseError>, observer: PageCallObserver,
                                live: @Sendable (String, JSON) -> Void) -> BrowserCallOutcome {
        // The warnings known before the call ran go with its answer, after those it learnt.
        let prepared = call.warnings.map(\.json)
        if !prepared.isEmpty { live("bridge/warning", ["warnings": .array(prepared)]) }
        let learnt = observer.state.withLock { $0 }
        let presentation: JSONRecord? = switch outcome {
        case .success(let output): output.presentationRecord
        case .failure: learnt.presented.map(JSONRecord.init)
        }
        return BrowserCallOutcome(result: outcome.map(\.result), presentation: presentation, warnings: learnt.warnings + prepared)
    }
}

/// What a page's call reports while it runs: its warnings, sent to the page at once (a call that
/// never settles still warns), and the record of what it presented before failing.
private final class PageCallObserver: CallObserver, @unchecked Sendable {
    // Sendable proof: `live` is Sendable and immutable; `state` is a Mutex.
    struct Learnt {
        var warnings: [JSON] = []
        var presented: (@Sendable () -> JSON)?
    }

    let live: @Sendable (String, JSON) -> Void
    let state = Mutex(Learnt())

    init(live: @escaping @Sendable (String, JSON) -> Void) {
        self.live = live
        super.init()
    }

    override func warned(_ warnings: [CallWarning]) {
        let json = warnings.map(\.json)
        state.withLock { $0.warnings += json }
        live("bridge/warning", ["warnings": .array(json)])
    }

    override func presented(_ record: @escaping @Sendable () -> JSON) {
        state.withLock { $0.presented = record }
    }
}

import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
@testable import BridgeServer
import Foundation
import Synchronization
import Testing

/// `SessionEngine` and the one call path (`Command.start`, `CallStep`): every call starts on the
/// session's thread and runs its checks there, once; one that needs no waiting is answered
/// without a task, only the part of one that must wait gets a task, and both keep the session's
/// rules (ordering, `$/cancelRequest`, errors, warnings).
@Suite("Calls answered without a task")
struct ImmediateCallTests {
    @Test("a call that needs no waiting is answered by its start, before receive returns")
    func completesSynchronously() async throws {
        let session = EngineSession()
        session.engine.receive([request(1, "quick", ["n": "1"])])
        // Answered on the caller's thread: no task, nothing to wait for.
        #expect(session.transport.responses.map(\.id) == [rid(1)])
        #expect(session.transport.response(1)?.outcome == .success(["path": "now", "n": "1"]))
        #expect(session.plugin.starts.load(ordering: .relaxed) == 1)
        #expect(session.plugin.taskRuns.load(ordering: .relaxed) == 0)
        await session.end()
    }

    @Test("a call that must wait starts once, then its task answers it")
    func suspends() async throws {
        let session = EngineSession()
        session.engine.receive([request(1, "quick", ["n": "1", "wait": 50])])
        let responses = await session.end()
        #expect(responses.map(\.id) == [rid(1)])
        #expect(responses.first?.outcome == .success(["path": "task", "n": "1"]))
        #expect(session.plugin.starts.load(ordering: .relaxed) == 1)
        #expect(session.plugin.taskRuns.load(ordering: .relaxed) == 1)
    }

    @Test("responses keep the order calls complete in: the synchronous ones at once, in order; a waiting one last")
    func ordering() async throws {
        let session = EngineSession()
        session.engine.receive([
            request(1, "quick", ["n": "1"]), request(2, "quick", ["n": "2", "wait": 100]), request(3, "quick", ["n": "3"]),
            request(4, "quick", ["n": "4"]),
        ])
        #expect(session.transport.responses.map(\.id) == [rid(1), rid(3), rid(4)])
        let responses = await session.end()
        #expect(responses.map(\.id) == [rid(1), rid(3), rid(4), rid(2)])
        // Only the waiting call got a task; every call started once.
        #expect(session.plugin.starts.load(ordering: .relaxed) == 4)
        #expect(session.plugin.taskRuns.load(ordering: .relaxed) == 1)
    }

    @Test("$/cancelRequest: a call cancelled in its own chunk never runs; a waiting one is answered -32800 and cancelled")
    func cancellation() async throws {
        let session = EngineSession()
        session.engine.receive([request(1, "quick", ["n": "1"]), cancel(1), request(2, "quick", ["n": "2", "wait": 60_000])])
        #expect(session.transport.response(1)?.outcome == .failure(.cancelled))
        #expect(session.plugin.starts.load(ordering: .relaxed) == 1)  // only call 2 started
        session.engine.receive([cancel(2)])
        #expect(session.transport.response(2)?.outcome == .failure(.cancelled))
        let responses = await session.end()
        #expect(responses.map(\.id) == [rid(1), rid(2)])
        // The task sees its cancellation (it was sleeping for a minute) once it runs again.
        for _ in 0..<6000 where session.plugin.taskCancelled.load(ordering: .relaxed) == 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(session.plugin.taskCancelled.load(ordering: .relaxed) == 1)
    }

    @Test("errors from the start: a ResponseError as sent, any other error -32603, a rule's refusal -32602")
    func errors() async throws {
        let session = EngineSession()
        session.engine.receive([
            request(1, "quick", ["fail": "no thanks"]), request(2, "quick", ["n": "2", "bug": true]), request(3, "quick", [:]),
        ])
        let responses = await session.end()
        guard case .failure(let rejected)? = responses.first(where: { $0.id == rid(1) })?.outcome,
              case .failure(let bug)? = responses.first(where: { $0.id == rid(2) })?.outcome,
              case .failure(let refused)? = responses.first(where: { $0.id == rid(3) })?.outcome else {
            Issue.record("expected three failures, got \(responses)")
            return
        }
        #expect(rejected.message == "no thanks")
        #expect(bug.code == .internalError)
        #expect(bug.message.hasPrefix("Internal error in plugin:now-test|quick"))
        #expect(refused.code == .invalidParams)
        #expect(refused.message == "n or fail is needed")
        #expect(session.plugin.taskRuns.load(ordering: .relaxed) == 0)
    }

    @Test("a warning the start reports live reaches the peer before its response")
    func liveWarning() async throws {
        let session = EngineSession()
        session.engine.receive([request(7, "quick", ["n": "7", "warn": true])])
        let sent = session.transport.sent
        #expect(sent.count == 2)
        guard sent.count == 2, case .notification(let n) = sent[0], case .response(let r) = sent[1] else { return }
        #expect(n.method == "bridge/warning")
        #expect(n.params["id"] == 7)
        #expect(r.id == rid(7))
        await session.end()
    }

    @Test("a call that waits runs its checks once: one start, one warning, then only the part that waits")
    func checksOnce() async throws {
        let session = EngineSession()
        session.engine.receive([request(8, "quick", ["n": "8", "wait": 20, "warn": true])])
        let responses = await session.end()
        #expect(responses.first?.outcome == .success(["path": "task", "n": "8"]))
        #expect(session.plugin.starts.load(ordering: .relaxed) == 1)
        #expect(session.plugin.taskRuns.load(ordering: .relaxed) == 1)
        let warnings = session.transport.sent.filter { if case .notification(let n) = $0 { n.method == "bridge/warning" } else { false } }
        #expect(warnings.count == 1)
    }

    private func request(_ id: Int, _ command: String, _ params: JSONObject) -> IncomingPayload {
        .single(.request(Request(id: .number(JSONNumber(id)), method: "plugin:now-test|\(command)", params: .object(params))))
    }

    private func cancel(_ id: Int) -> IncomingPayload {
        .single(.notification(BridgeProtocol.Notification(method: "$/cancelRequest", params: ["id": .number(JSONNumber(id))])))
    }
}

/// Request id `n`.
private func rid(_ n: Int) -> RequestID { .number(JSONNumber(n)) }

/// An engine over `ImmediatePlugin`, writing to a `RecordingTransport`.
private struct EngineSession {
    let plugin = ImmediatePlugin()
    let transport = RecordingTransport()
    let engine: SessionEngine

    init() {
        let registry = try! CommandRegistry(plugins: [plugin])
        engine = SessionEngine(router: Router(registry: registry), configuration: ServerConfiguration(serverVersion: "test"),
                               context: CallContext(), transport: transport)
    }

    /// Ends the input and waits (at most a minute) for the session to end; every response sent.
    @discardableResult
    func end() async -> [Response] {
        engine.endOfInput()
        // Polled, not blocked on: a blocked test thread would starve the calls' tasks.
        for _ in 0..<6000 where !transport.hasEnded { try? await Task.sleep(nanoseconds: 10_000_000) }
        #expect(transport.hasEnded, "the session did not end")
        return transport.responses
    }
}

/// `now-test|quick`: checks its arguments and answers at once (`{"path": "now"}`) unless `wait`
/// (ms) asks it to wait, which only the waiting part does (`{"path": "task"}`, cancellable).
private final class ImmediatePlugin: Plugin, Sendable {
    let name = "now-test"
    let starts = Atomic<Int>(0)
    let taskRuns = Atomic<Int>(0)
    let taskCancelled = Atomic<Int>(0)

    var commands: [Command] {
        let declaration = CommandDeclaration("quick", summary: "Answers at once unless asked to wait.", parameters: [
            Parameter("n", .string), Parameter("wait", .integer), Parameter("fail", .string), Parameter("bug", .boolean),
            Parameter("warn", .boolean),
        ], rules: [.oneNonEmpty(["n", "fail"], message: "n or fail is needed")])
        return [Command(declaration) { [self] invocation in
            starts.add(1, ordering: .relaxed)
            let arguments = invocation.arguments
            if let message = arguments["fail"]?.stringValue { throw ResponseError.rejected(message) }
            if arguments["bug"] != nil { throw ImmediateBug() }
            if arguments["warn"] != nil {
                try LiveWarnings.warn(CallWarning(code: "test_warning", message: "learnt while running"), context: invocation.context)
            }
            guard let ms = arguments["wait"]?.numberValue?.intValue else {
                return .done(CommandOutput(result: ["path": "now", "n": arguments["n"] ?? .null]))
            }
            return .waiting { [self] in
                taskRuns.add(1, ordering: .relaxed)
                do {
                    try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
                } catch {
                    taskCancelled.add(1, ordering: .relaxed)
                    throw error
                }
                return CommandOutput(result: ["path": "task", "n": arguments["n"] ?? .null])
            }
        }]
    }
}

private struct ImmediateBug: Error {}

/// Where the engine writes: every message, in order, and the end.
private final class RecordingTransport: SessionTransport {
    private let messages = Mutex<[OutboundMessage]>([])
    private let ended = Atomic<Bool>(false)

    var hasEnded: Bool { ended.load(ordering: .acquiring) }

    var sent: [OutboundMessage] { messages.withLock { $0 } }

    var responses: [Response] {
        sent.compactMap { if case .response(let r) = $0 { return r } else { return nil } }
    }

    func response(_ id: Int) -> Response? { responses.first { $0.id == .number(JSONNumber(id)) } }

    func send(_ message: OutboundMessage) { messages.withLock { $0.append(message) } }
    func end(status: Int32) { ended.store(true, ordering: .releasing) }
    func endNow(status: Int32) { ended.store(true, ordering: .releasing) }
}

import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol
@testable import BridgeRouter
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// A wait that some other thread ends: what a download's completion or its deadline is to the
/// share plugins. `finish` ends it; `stop` is what the call's cancellation runs.
final class Wait: Sendable {
    private let state = Mutex<(ended: CallResumption.Ended?, stops: Int)>((nil, 0))

    func begin(_ ended: @escaping CallResumption.Ended) -> @Sendable () -> Void {
        state.withLock { $0.ended = ended }
        return { [self] in
            state.withLock { $0.stops += 1 }
            finish { throw CancellationError() }   // a stopped wait still ends, as a stopped download does
        }
    }

    /// Ends the wait (once: later calls do nothing) with the work of the next step, from a thread of its own.
    func finish(_ next: @escaping CallResumption.Next) {
        guard let ended = state.withLock({ s -> CallResumption.Ended? in defer { s.ended = nil }; return s.ended }) else { return }
        Thread.detachNewThread { ended(next) }
    }

    var stops: Int { state.withLock { $0.stops } }
    var begun: Bool { state.withLock { $0.ended != nil } }
}

final class Recorder: CallRecording, Sendable {
    let outcomes = Mutex<[(String, Result<JSON, ResponseError>)]>([])
    func record(_ command: String, params: JSON?, context: CallContext, outcome: Result<JSON, ResponseError>, warnings: [CallWarning]) {
        outcomes.withLock { $0.append((command, outcome)) }
    }
    var all: [(String, Result<JSON, ResponseError>)] { outcomes.withLock { $0 } }
}

/// One command, `go`, whose call waits without a task on what `begin` starts for it.
struct ResumingPlugin: Plugin {
    let name: String
    let begin: @Sendable (Invocation, @escaping CallResumption.Ended) -> @Sendable () -> Void
    var permissionFiles: [PermissionFile] { [] }
    var commands: [Command] {
        let begin = begin
        return [Command(unbound: CommandDeclaration("go", summary: "Waits on another thread."), starting: { invocation in
            .resuming(CallResumption { ended in begin(invocation, ended) })
        })]
    }
}

/// An observer that remembers whether it was the current one when the next step ran.
final class Seen: CallObserver, @unchecked Sendable {
    // Sendable proof: the flag is behind a Mutex.
    let warnings = Mutex<[CallWarning]>([])
    override func warned(_ more: [CallWarning]) { warnings.withLock { $0 += more } }
}

/// `CallStep.resuming`: a call that waits without a task is answered on the thread where its
/// wait ends, with its observer bound and its outcome recorded once; one that waits again after
/// gets a task; a cancellation stops whichever stage it is in.
@Suite("A call that waits without a task")
struct ResumingCallTests {
    let wait = Wait()
    let recorder = Recorder()
    var router: Router {
        let wait = wait
        let plugin = ResumingPlugin(name: "resuming") { _, ended in wait.begin(ended) }
        return Router(registry: try! CommandRegistry(plugins: [plugin]), authority: nil, recorder: recorder)
    }

    /// The call's outcome, delivered by `begin(answering:)` on whichever thread.
    final class Answer: Sendable {
        let value = Mutex<Result<CommandOutput, ResponseError>?>(nil)
        let count = Atomic<Int>(0)
        func set(_ outcome: Result<CommandOutput, ResponseError>) {
            count.add(1, ordering: .relaxed)
            value.withLock { $0 = outcome }
        }
        var outcome: Result<CommandOutput, ResponseError>? { value.withLock { $0 } }
    }

    func drive(observer: CallObserver? = nil) throws -> Router.Resumed {
        guard case .resuming(_, let resumed) = router.drive(method: "plugin:resuming|go", params: [:], context: CallContext(), observer: observer) else {
            Issue.record("not a resuming call")
            throw CancellationError()
        }
        return resumed
    }

    @Test("answered where the wait ends, the observer bound while the next step is made, recorded once")
    func answered() async throws {
        let seen = Seen()
        let answer = Answer()
        _ = try drive(observer: seen).begin { answer.set($0) }
        #expect(wait.begun && answer.outcome == nil)
        wait.finish {
            try LiveWarnings.warn(CallWarning(code: "learnt", message: "while resuming"), context: CallContext())
            return .done(CommandOutput(result: ["ok": true]))
        }
        try await waitUntil("the answer") { answer.outcome != nil }
        #expect(try answer.outcome?.get().result == ["ok": true])
        #expect(seen.warnings.withLock { $0.map(\.code) } == ["learnt"])
        #expect(recorder.all.count == 1 && recorder.all.first?.0 == "plugin:resuming|go")
        #expect(answer.count.load(ordering: .relaxed) == 1)
    }

    @Test("a next step that throws is the call's error, recorded")
    func thrown() async throws {
        let answer = Answer()
        _ = try drive().begin { answer.set($0) }
        wait.finish { throw ResponseError.rejected("no sheet") }
        try await waitUntil("the answer") { answer.outcome != nil }
        #expect(answer.outcome?.failure?.message == "no sheet")
        #expect(recorder.all.first?.1.failure?.message == "no sheet")
    }

    @Test("a next step that waits again gets a task, and a cancellation then cancels that task")
    func waitsAgain() async throws {
        let answer = Answer()
        let cancellation = try drive().begin { answer.set($0) }
        wait.finish {
            .waiting {
                try await Task.sleep(nanoseconds: 600_000_000_000)   // the sheet that stays up
                return CommandOutput(result: "late")
            }
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(answer.outcome == nil)
        cancellation.cancel()
        try await waitUntil("the cancelled answer") { answer.outcome != nil }
        #expect(answer.outcome?.failure?.code == .requestCancelled)
        #expect(wait.stops == 0)   // the wait had ended: only the task was stopped
    }

    @Test("a cancellation while it waits stops the wait, which ends with what stopping it makes")
    func cancelledWhileWaiting() async throws {
        let answer = Answer()
        let cancellation = try drive().begin { answer.set($0) }
        cancellation.cancel()
        cancellation.cancel()   // twice: stopped once
        try await waitUntil("the answer") { answer.outcome != nil }
        #expect(wait.stops == 1)
        #expect(answer.outcome?.failure?.code == .requestCancelled)
    }

    @Test("awaited by a task, cancelling the task stops the wait")
    func awaited() async throws {
        let resumed = try drive()
        let task = Task { await resumed.awaited() }
        try await waitUntil("the wait begun") { wait.begun }
        task.cancel()
        #expect(await task.value.failure?.code == .requestCancelled)
        #expect(wait.stops == 1)
    }

    @Test("CallStep.output() awaits a resuming step like a waiting one")
    func output() async throws {
        let step = CallStep.resuming(CallResumption { ended in
            ended { .done(CommandOutput(result: "at once")) }   // ended on the caller's thread, inside begin
            return {}
        })
        #expect(try await step.output().result == "at once")
    }

    @Test("a stage tracked after the cancellation is stopped at once; an earlier stage tracked late replaces nothing")
    func stages() {
        let stopped = Mutex<[Int]>([])
        let cancellation = CallCancellation()
        cancellation.track(stage: 1) { stopped.withLock { $0.append(1) } }
        cancellation.track(stage: 0) { stopped.withLock { $0.append(0) } }   // late: ignored
        cancellation.cancel()
        #expect(stopped.withLock { $0 } == [1])
        cancellation.track(stage: 2) { stopped.withLock { $0.append(2) } }
        #expect(stopped.withLock { $0 } == [1, 2])
        #expect(cancellation.isCancelled)
    }
}

/// Many calls that wait without a task, ended from many threads while as many are cancelled from
/// others: each is answered exactly once, with its own outcome or the cancellation's.
@Suite("Calls that wait without a task, under load")
struct ResumingCallLoadTests {
    /// A wait per call, ended by whichever comes first: its end, or its stop.
    final class Waits: Sendable {
        let ended = Mutex<[Int: CallResumption.Ended]>([:])
        func begin(_ index: Int, _ done: @escaping CallResumption.Ended) -> @Sendable () -> Void {
            ended.withLock { $0[index] = done }
            return { [self] in end(index) { throw CancellationError() } }
        }
        func end(_ index: Int, _ next: @escaping CallResumption.Next) {
            guard let done = ended.withLock({ $0.removeValue(forKey: index) }) else { return }
            done(next)
        }
    }

    @Test("2,000 calls ended and cancelled from eight threads: each answered once")
    func load() async throws {
        let waits = Waits()
        let plugin = ResumingPlugin(name: "load") { invocation, ended in
            waits.begin(invocation.arguments["i"]?.numberValue?.intValue ?? -1, ended)
        }
        let router = Router(registry: try CommandRegistry(plugins: [plugin]))
        let count = 2000
        let answers = Mutex<[Int: [Result<CommandOutput, ResponseError>]]>([:])
        var cancellations: [CallCancellation] = []
        for i in 0..<count {
            guard case .resuming(_, let resumed) = router.drive(method: "plugin:load|go", params: ["i": .number(JSONNumber(i))],
                                                                context: CallContext()) else {
                Issue.record("call \(i) does not wait without a task")
                return
            }
            cancellations.append(resumed.begin { outcome in answers.withLock { $0[i, default: []].append(outcome) } })
        }
        let stops = cancellations
        // Even calls end with their index, odd ones are cancelled; both from eight threads at once,
        // each thread also trying the other's work on its share (a stop after the end, an end after the stop).
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in stride(from: thread, to: count, by: 8) {
                if i % 2 == 0 {
                    waits.end(i) { .done(CommandOutput(result: .number(JSONNumber(i)))) }
                    stops[i].cancel()
                } else {
                    stops[i].cancel()
                    waits.end(i) { .done(CommandOutput(result: "too late")) }
                }
            }
        }
        try await waitUntil("every answer") { answers.withLock { $0.count } == count }
        let all = answers.withLock { $0 }
        for i in 0..<count {
            let got = all[i] ?? []
            #expect(got.count == 1, "call \(i) answered \(got.count) times")
            if i % 2 == 0 {
                #expect(try got.first?.get().result == .number(JSONNumber(i)))
            } else {
                #expect(got.first?.failure?.code == .requestCancelled)
            }
        }
    }
}

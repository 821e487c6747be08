import BridgeJSON
import BridgeProtocol
import Dispatch
import Synchronization
import Testing
@testable import BridgeServer

@Suite("In-flight requests")
struct InFlightRequestsTests {
    let id = RequestID.number(JSONNumber(1))

    /// How many replies `finish` handed out.
    func finished(_ table: InFlightRequests, _ token: UInt64) -> Int {
        var n = 0
        table.finish(token) { _ in n += 1 }
        return n
    }

    /// How many replies `cancel` handed out.
    func cancelled(_ table: InFlightRequests, _ id: RequestID) -> Int {
        var n = 0
        table.cancel(id: id) { _ in n += 1 }
        return n
    }

    @Test("finish then cancel: only finish gets the reply")
    func finishWins() {
        let table = InFlightRequests()
        let token = table.begin(id: id, reply: .single(id))
        #expect(finished(table, token) == 1)
        #expect(cancelled(table, id) == 0)
        #expect(finished(table, token) == 0)
        #expect(table.count == 0)
    }

    @Test("cancel then finish: only cancel gets the reply")
    func cancelWins() {
        let table = InFlightRequests()
        let token = table.begin(id: id, reply: .single(id))
        #expect(cancelled(table, id) == 1)
        #expect(finished(table, token) == 0)
    }

    @Test("idle waiters run after the last reply is answered, never before")
    func drainAfterAnswer() {
        let table = InFlightRequests()
        let token = table.begin(id: id, reply: .single(id))
        let log = Mutex<[String]>([])
        table.whenIdle { log.withLock { $0.append("idle") } }
        table.finish(token) { _ in log.withLock { $0.append("answer") } }
        #expect(log.withLock { $0 } == ["answer", "idle"])
    }

    @Test("racing finish and cancel on many threads answers each call exactly once")
    func race() {
        let table = InFlightRequests()
        let answers = Atomic<Int>(0)
        let calls = 2000
        let tokens = (0..<calls).map { i in
            table.begin(id: .number(JSONNumber(i)), reply: .single(.number(JSONNumber(i))))
        }
        DispatchQueue.concurrentPerform(iterations: calls * 2) { k in
            let i = k / 2
            if k % 2 == 0 {
                table.finish(tokens[i]) { _ in answers.add(1, ordering: .relaxed) }
            } else {
                table.cancel(id: .number(JSONNumber(i))) { _ in answers.add(1, ordering: .relaxed) }
            }
        }
        #expect(answers.load(ordering: .relaxed) == calls)
        #expect(table.count == 0)
    }

    @Test("a call cancelled before its task is attached cancels the task on attach")
    func cancelBeforeAttach() async {
        let table = InFlightRequests()
        let token = table.begin(id: id, reply: .single(id))
        table.cancel(id: id) { _ in }
        let task = Task<Void, Never> { try? await Task.sleep(nanoseconds: 5_000_000_000) }
        table.attach(token, task: task)
        await task.value
        #expect(task.isCancelled)
    }

    @Test("idle waiters run when the last call ends, and at once when none runs")
    func idle() {
        let table = InFlightRequests()
        let ran = Atomic<Int>(0)
        table.whenIdle { ran.add(1, ordering: .relaxed) }
        #expect(ran.load(ordering: .relaxed) == 1)
        let a = table.begin(id: nil, reply: .none)
        let b = table.begin(id: id, reply: .single(id))
        table.whenIdle { ran.add(1, ordering: .relaxed) }
        table.finish(a) { _ in }
        #expect(ran.load(ordering: .relaxed) == 1)
        table.finish(b) { _ in }
        #expect(ran.load(ordering: .relaxed) == 2)
    }
}

@Suite("Batch replies")
struct BatchReplyTests {
    @Test("the batch is sent once, when its last slot fills, in request order")
    func fillsInOrder() {
        let batch = BatchReply(count: 3)
        #expect(batch.fill(2, with: Array("c".utf8)) == nil)
        #expect(batch.fill(0, with: Array("a".utf8)) == nil)
        #expect(batch.fill(0, with: Array("again".utf8)) == nil)
        #expect(batch.fill(1, with: Array("b".utf8)).map { String(decoding: $0, as: UTF8.self) } == "[a,b,c]")
    }
}

@Suite("initialize settings")
struct SessionSettingsTests {
    @Test("settings apply over the session's context; a new window moves the webview")
    func apply() throws {
        let s = try SessionSettings(params: ["window": "w2", "platform": "android", "processId": 12])
        let c = s.applied(to: .init())
        #expect(c.window == "w2")
        #expect(c.webview == "w2")
        #expect(c.platform == .android)
        #expect(c.origin == "local")
    }

    @Test("bad values are -32602 naming the key", arguments: [
        (["platform": "symbian"] as JSON, "invalid params `platform` for `initialize`: expected one of ios, android, linux, macos, windows, got \"symbian\""),
        (["window": 3] as JSON, "invalid params `window` for `initialize`: expected a non-empty string, got 3"),
        (["device": ""] as JSON, "invalid params `device` for `initialize`: expected a non-empty string, got \"\""),
        ([1] as JSON, "invalid params for `initialize`: expected an object, got array"),
    ] as [(JSON, String)])
    func refused(params: JSON, message: String) {
        do {
            _ = try SessionSettings(params: params)
            Issue.record("accepted \(params)")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message == message)
        }
    }
}

import Foundation
import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeServer

@Suite("Session state machine: calls that wait on nobody")
struct UserWaitRuleTests {
    let ended = ResponseError.cancelled.adding([
        "reason": "session_end",
        "detail": "the session ended while the call waited for a user who never acts (a sheet that never completes)",
    ])

    @Test("while input goes on, a call that waits on nobody stays pending")
    func staysPending() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.handle(.callWaitsOnNobody(CallToken(1))) == [])
        #expect(s.machine.isRunning(CallToken(1)))
    }

    @Test("end of input: the other calls are answered first, then the waiting one -32800 (session_end), then the end")
    func endOfInput() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(request(2, "plugin:p|c"))
        s.handle(.callWaitsOnNobody(CallToken(1)))
        #expect(s.endInput() == [])
        #expect(s.finish(id(2)) == [
            .send(.response(Response(id: id(2), outcome: .success(["done": true])))),
            .send(.response(Response(id: id(1), outcome: .failure(ended)))),
            .cancelCall(CallToken(1)),
            .end(status: 0),
        ])
        s.checkRules("eof with a waiting call")
    }

    @Test("a call that starts waiting after the end of input is answered at once")
    func waitsAfterEnd() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.endInput() == [])
        #expect(s.handle(.callWaitsOnNobody(CallToken(1))) == [
            .send(.response(Response(id: id(1), outcome: .failure(ended)))),
            .cancelCall(CallToken(1)),
            .end(status: 0),
        ])
    }

    @Test("shutdown: the waiting call is answered, then shutdown")
    func shutdown() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.handle(.callWaitsOnNobody(CallToken(1)))
        #expect(s.send(request(2, "shutdown")) == [
            .send(.response(Response(id: id(1), outcome: .failure(ended)))),
            .cancelCall(CallToken(1)),
            .send(.response(Response(id: id(2), outcome: .success(.null)))),
        ])
        s.checkRules("shutdown with a waiting call")
    }

    @Test("a waiting call cancelled by id is answered once, by the cancellation")
    func cancelledByID() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.handle(.callWaitsOnNobody(CallToken(1)))
        #expect(s.send(notification("$/cancelRequest", #"{"id":1}"#)) == [
            .send(.response(Response(id: id(1), outcome: .failure(.cancelled)))),
            .cancelCall(CallToken(1)),
        ])
        #expect(s.endInput() == [.end(status: 0)])
        s.checkRules("cancelled waiting call")
    }
}

@Suite("Ten thousand waiting calls")
struct ManyWaitingCallsTests {
    @Test("queuing and cancelling 20,000 calls that wait on nobody costs each event the same (it filtered every waiting call per event)")
    func linear() {
        var machine = SessionStateMachine()
        var actions: [SessionStateMachine.Action] = []
        let count = 20_000
        let started = Date()
        var tokens: [CallToken] = []
        for i in 0..<count {
            machine.handle(.received(IncomingPayload(bytes: Array(#"{"jsonrpc":"2.0","id":\#(i),"method":"plugin:p|wait"}"#.utf8))), into: &actions)
            for case .startCall(let token, _, _, _, _) in actions { tokens.append(token) }
            actions.removeAll(keepingCapacity: true)
        }
        for token in tokens { machine.handle(.callWaitsOnNobody(token), into: &actions) }
        actions.removeAll(keepingCapacity: true)
        var cancelled = 0
        for i in 0..<count {
            machine.handle(.received(IncomingPayload(bytes: Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(i)}}"#.utf8))), into: &actions)
            for case .cancelCall in actions { cancelled += 1 }
            actions.removeAll(keepingCapacity: true)
        }
        #expect(tokens.count == count)
        #expect(cancelled == count)
        machine.handle(.endOfInput, into: &actions)
        #expect(actions.contains(.end(status: 0)), "nothing is left waiting")
        // Generous: linear work takes well under a second here; the quadratic filter took ~50 s.
        #expect(Date().timeIntervalSince(started) < 20)
    }
}

import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeServer

@Suite("Session state machine: the rules")
struct SessionStateMachineTests {
    let cancelledByExit = ResponseError.cancelled.adding(["reason": "exit"])

    @Test("a request starts a call; its completion is the response, preceded by its notifications")
    func callAndResponse() {
        var s = SessionHarness()
        let started = s.send(request(1, "plugin:p|c", #"{"a":1}"#))
        #expect(started == [.startCall(CallToken(1), method: "plugin:p|c", params: ["a": 1], id: id(1))])
        let note = SessionNotification(method: "bridge/presentation", params: ["id": 1])
        #expect(s.finish(id(1), ["ok": true], notifications: [note])
            == [.send(.notification(note)), .send(.response(Response(id: id(1), outcome: .success(["ok": true]))))])
        s.checkRules("call")
    }

    @Test("a notification runs its command and is never answered")
    func notificationCall() {
        var s = SessionHarness()
        #expect(s.send(notification("plugin:p|c")) == [.startCall(CallToken(1), method: "plugin:p|c", params: nil, id: nil)])
        #expect(s.handle(.callFinished(CallToken(1), .success(.null))) == [])
    }

    @Test("end of input: running calls are answered, then the session ends with 0")
    func endOfInputDrains() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.endInput() == [])
        #expect(s.finish(id(1)) == [.send(.response(Response(id: id(1), outcome: .success(["done": true])))), .end(status: 0)])
        s.checkRules("eof")
    }

    @Test("end of input with nothing running ends at once")
    func endOfInputIdle() {
        var s = SessionHarness()
        #expect(s.endInput() == [.end(status: 0)])
    }

    @Test("shutdown is answered null once every running call is answered; later requests get -32600")
    func shutdownWaits() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.send(request(2, "shutdown")) == [])
        #expect(s.send(request(3, "plugin:p|c"))
            == [.send(.response(Response(id: id(3), outcome: .failure(.invalidRequest("the server is shutting down; only `exit` is accepted")))))])
        #expect(s.finish(id(1)) == [.send(.response(Response(id: id(1), outcome: .success(["done": true])))),
                                    .send(.response(Response(id: id(2), outcome: .success(.null))))])
        #expect(s.send(notification("exit")) == [.end(status: 0)])
        s.checkRules("shutdown")
    }

    @Test("shutdown and exit in one write: everything owed is written first, then exit 0")
    func pipelinedShutdownExit() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(request(2, "shutdown"))
        #expect(s.send(notification("exit")) == [])
        #expect(!s.machine.isReading)
        #expect(s.finish(id(1)) == [.send(.response(Response(id: id(1), outcome: .success(["done": true])))),
                                    .send(.response(Response(id: id(2), outcome: .success(.null)))),
                                    .end(status: 0)])
        s.checkRules("pipelined")
    }

    @Test("exit without shutdown: running calls are answered -32800 (reason exit) and cancelled, then exit 1")
    func exitWithoutShutdown() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(notification("plugin:p|c"))
        #expect(s.send(notification("exit")) == [
            .send(.response(Response(id: id(1), outcome: .failure(cancelledByExit)))),
            .cancelCall(CallToken(1)),
            .cancelCall(CallToken(2)),
            .end(status: 1),
        ])
        #expect(s.finish(id(1)) == [])
        s.checkRules("exit")
    }

    @Test("after exit nothing more is read")
    func nothingAfterExit() {
        var s = SessionHarness()
        s.send(request(1, "shutdown"))
        s.send(notification("exit"))
        #expect(s.send(request(2, "plugin:p|c")) == [.log("ignored the input that came after exit")])
        #expect(s.send(request(3, "plugin:p|c")) == [])
    }

    @Test("a batch is one array, sent when its last request is answered")
    func batch() {
        var s = SessionHarness()
        let batch = "[" + request(1, "plugin:p|c") + "," + notification("plugin:p|n") + "," + #"{"jsonrpc":"2.0","id":2}"# + "," + request(3, "plugin:p|c") + "]"
        let started = s.send(batch)
        #expect(started.count == 3)
        #expect(s.finish(id(3)) == [])
        let missingMethod = Response(id: id(2), outcome: .failure(.invalidRequest("missing \"method\"")))
        #expect(s.finish(id(1)) == [.send(.batch([Response(id: id(1), outcome: .success(["done": true])), missingMethod,
                                                  Response(id: id(3), outcome: .success(["done": true]))]))])
        s.checkRules("batch")
    }

    @Test("a batch of notifications gets nothing; a batch of immediate answers goes at once")
    func batchEdges() {
        var s = SessionHarness()
        #expect(s.send("[" + notification("initialized") + "]") == [])
        #expect(s.send("[1]") == [.send(.batch([Response(id: .null, outcome: .failure(.invalidRequest("expected a JSON-RPC object, got number")))]))])
    }

    @Test("a batch containing shutdown and exit: the batch response is written, then exit 0")
    func batchWithShutdownAndExit() {
        var s = SessionHarness()
        let actions = s.send("[" + request(1, "plugin:p|c") + "," + request(2, "shutdown") + "," + notification("exit") + "]")
        #expect(actions.count == 1)
        #expect(s.finish(id(1)) == [.send(.batch([Response(id: id(1), outcome: .success(["done": true])),
                                                  Response(id: id(2), outcome: .success(.null))])),
                                    .end(status: 0)])
        s.checkRules("batch shutdown exit")
    }

    @Test("a batch containing exit without shutdown: its calls are cancelled, the batch is written, exit 1")
    func batchWithExit() {
        var s = SessionHarness()
        let actions = s.send("[" + request(1, "plugin:p|c") + "," + notification("exit") + "," + request(2, "plugin:p|c") + "]")
        #expect(actions == [
            .startCall(CallToken(1), method: "plugin:p|c", params: nil, id: id(1)),
            .cancelCall(CallToken(1)),
            .send(.batch([Response(id: id(1), outcome: .failure(cancelledByExit)),
                          Response(id: id(2), outcome: .failure(.invalidRequest("the server is exiting")))])),
            .end(status: 1),
        ])
        s.checkRules("batch exit")
    }

    @Test("$/cancelRequest answers the running request -32800 at once and cancels it; later ids are ignored")
    func cancel() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.send(notification("$/cancelRequest", #"{"id":1}"#))
            == [.send(.response(Response(id: id(1), outcome: .failure(.cancelled)))), .cancelCall(CallToken(1))])
        #expect(s.send(notification("$/cancelRequest", #"{"id":1}"#)) == [])
        #expect(s.send(notification("$/cancelRequest", #"{"id":"nope"}"#)) == [])
        #expect(s.finish(id(1)) == [])
        s.checkRules("cancel")
    }

    @Test("$/cancelRequest finds a number id written differently (1 and 1.0) and string ids")
    func cancelIDForms() {
        var s = SessionHarness()
        s.send(#"{"jsonrpc":"2.0","id":1.0,"method":"plugin:p|c"}"#)
        s.send(#"{"jsonrpc":"2.0","id":"a","method":"plugin:p|c"}"#)
        #expect(s.send(notification("$/cancelRequest", #"{"id":1}"#)).count == 2)
        #expect(s.send(notification("$/cancelRequest", #"{"id":"a"}"#)).count == 2)
        #expect(s.machine.runningCount == 0)
    }

    @Test("a signal: running calls answered -32800 (reason signal), exit 128+signal; a second ends at once")
    func signals() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(request(2, "shutdown"))
        let reason = ResponseError.cancelled.adding(["reason": "signal"])
        #expect(s.handle(.signal(15)) == [.send(.response(Response(id: id(1), outcome: .failure(reason)))),
                                          .cancelCall(CallToken(1)),
                                          .send(.response(Response(id: id(2), outcome: .success(.null)))),
                                          .end(status: 143)])
        #expect(s.handle(.signal(2)) == [.endNow(status: 130)])
        s.checkRules("signal")
    }

    @Test("a closed output ends the session with 0 and cancels running calls, sending nothing")
    func outputClosed() {
        var s = SessionHarness()
        s.closedOutput = true
        s.send(request(1, "plugin:p|c"))
        #expect(s.handle(.outputClosed) == [.cancelCall(CallToken(1)), .end(status: 0)])
        #expect(s.finish(id(1)) == [])
        #expect(s.endInput() == [])
        s.checkRules("closed")
    }

    @Test("message-level errors are answered with id null")
    func failures() {
        var s = SessionHarness()
        #expect(s.send("{bad").count == 1)
        #expect(s.responses.first?.id == .null)
    }

    @Test("$/cancelRequest against a model: 300 random sessions of starts (ids reused), finishes and cancels, the first cancel coming at any point")
    func cancelAgainstModel() {
        var generator = SystemRandomNumberGenerator()
        for session in 0..<300 {
            var s = SessionHarness()
            // The model: the running calls, in the order they started, with their ids.
            var running: [(token: CallToken, number: Int)] = []
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let number = Int.random(in: 1...6, using: &generator)
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let actions = s.send(request(number, "plugin:p|c"))
                    for case .startCall(let token, _, _, _, _) in actions { running.append((token, number)) }
                case 5..<8:
                    guard let index = running.indices.randomElement(using: &generator) else { continue }
                    let call = running.remove(at: index)
                    let actions = s.handle(.callFinished(call.token, CallCompletion(outcome: .success(["done": true]))))
                    #expect(actions == [.send(.response(Response(id: id(call.number), outcome: .success(["done": true]))))], "session \(session)")
                default:
                    let actions = s.send(notification("$/cancelRequest", #"{"id":\#(number)}"#))
                    let cancelled = running.filter { $0.number == number }
                    running.removeAll { $0.number == number }
                    let expected = cancelled.flatMap { call -> [Action] in
                        [.send(.response(Response(id: id(number), outcome: .failure(.cancelled)))), .cancelCall(call.token)]
                    }
                    #expect(actions == expected, "session \(session)")
                }
                #expect(s.machine.runningCount == running.count)
            }
            s.checkRules("cancel model \(session)")
        }
    }

    @Test("duplicate ids: each request is answered, and a cancel reaches all of them")
    func duplicateIDs() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(request(1, "plugin:p|c"))
        #expect(s.send(notification("$/cancelRequest", #"{"id":1}"#)).count == 4)
    }
}

import BridgeJSON
import BridgeProtocol
import Testing
@testable import BridgeServer

@Suite("Session state machine: notifications of a running call")
struct CallNotifiesRuleTests {
    let warning = SessionNotification(method: "bridge/warning",
                                      params: ["id": 1, "warnings": [["code": "present_refused", "message": "refused"]]])

    @Test("a running call's notification is sent at once, before its answer")
    func sentAtOnce() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        #expect(s.handle(.callNotifies(CallToken(1), warning)) == [.send(.notification(warning))])
        #expect(s.machine.isRunning(CallToken(1)))
    }

    @Test("a call already answered (cancelled) says nothing more")
    func droppedOnceAnswered() {
        var s = SessionHarness()
        s.send(request(1, "plugin:p|c"))
        s.send(notification("$/cancelRequest", #"{"id":1}"#))
        #expect(s.handle(.callNotifies(CallToken(1), warning)) == [])
        s.checkRules("a notification after the cancellation")
    }
}

import BridgeJSON
import Foundation
import Testing

/// The scripted outcomes that real apps meet, in `bridge serve` and `bridge invoke` (spawned).
@Suite("scripted outcomes: never, busy, unanchored (spawned)")
struct OutcomeTests {
    static let share = #"{"url":"https://frak.id/invite","text":"Join me","title":"Frak""#

    static func share(outcome: String) -> String {
        share + #","__bridge":{"outcome":"\#(outcome)"}}"#
    }

    @Test("never and busy: the call stays pending, others are answered, $/cancelRequest ends it with -32800",
          arguments: ["never", "busy"])
    func pendingUntilCancelled(outcome: String) throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: outcome)))
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        let second = try p.nextJSON()
        #expect(second["id"] == 2)
        #expect(second["result"] == ["shared": true])
        #expect(p.nextLine(timeout: 0.5) == nil, "the pending call must not be answered")
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        let cancelled = try p.nextJSON()
        #expect(cancelled["id"] == 1)
        #expect(cancelled["error"]?["code"] == -32800)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("the end of input answers a call that waits on nobody with -32800 (session_end), after the others")
    func endOfInput() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "never")))
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        p.closeInput()
        var answers: [JSON: JSON] = [:]
        for _ in 0..<2 {
            let message = try p.nextJSON()
            answers[message["id"] ?? .null] = message
        }
        #expect(answers[2]?["result"] == ["shared": true])
        #expect(answers[1]?["error"]?["code"] == -32800)
        #expect(answers[1]?["error"]?["data"]?["reason"] == "session_end")
        #expect(p.waitForExit() == 0)
    }

    @Test("shutdown answers a call that waits on nobody, then itself")
    func shutdown() throws {
        let p = try BridgeProcess(["serve"], executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "busy")))
        p.sendLine(request("2", "shutdown"))
        let first = try p.nextJSON()
        #expect(first["id"] == 1)
        #expect(first["error"]?["data"]?["reason"] == "session_end")
        let second = try p.nextJSON()
        #expect(second["id"] == 2)
        #expect(second["result"] == .null)
        p.sendLine(notification("exit"))
        #expect(p.waitForExit() == 0)
    }

    @Test("iPad without an anchor raises NSGenericException as UIKit does; an iPhone has no popover and presents")
    func unanchored() throws {
        let ipad = try runBridge(["invoke", "share_text", OutcomeTests.share + "}", "--device", "ipad", "--outcome", "unanchored"],
                                 executable: Products.bridge)
        #expect(ipad.status == 1)
        let error = try JSONParser.parse(ipad.stdout)
        #expect(error["code"] == -32603)
        #expect(error["data"]?["exception"] == "NSGenericException")
        #expect(error["message"]?.stringValue?.hasPrefix(
            "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'UIPopoverPresentationController") == true)
        let iphone = try runBridge(["invoke", "share_text", OutcomeTests.share(outcome: "unanchored")], executable: Products.bridge)
        #expect(iphone.status == 0)
        #expect(iphone.stdout == "{\"shared\":true}\n")
    }

    @Test("--outcome takes only the known outcomes")
    func badOutcome() throws {
        let r = try runBridge(["invoke", "share_text", OutcomeTests.share + "}", "--outcome", "later"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: option '--outcome' must be one of complete|never|busy|unanchored, got 'later'"))
    }
}

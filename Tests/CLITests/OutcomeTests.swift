import BridgeJSON
import Foundation
import Testing

/// The scripted outcomes that real apps meet, in `bridge serve` and `bridge invoke` (spawned),
/// and the presentation slot they share: a sheet that stays up makes the next present busy.
@Suite("scripted outcomes: never, busy, unanchored (spawned)")
struct OutcomeTests {
    static let share = #"{"url":"https://frak.id/invite","text":"Join me","title":"Frak""#

    /// frak-share as the seeds knew it: the iOS sheet presents on the root view controller,
    /// which UIKit refuses while a sheet is up.
    static let seed = ["--plugin-version", "frak-share@0fd3b566"]

    static func share(outcome: String) -> String {
        share + #","__bridge":{"outcome":"\#(outcome)"}}"#
    }

    /// The next message that is not a `bridge/warning`; the warnings seen on the way are kept.
    static func nextAnswer(_ p: BridgeProcess, warnings: inout [JSON]) throws -> JSON {
        while true {
            let message = try p.nextJSON()
            guard message["method"] == "bridge/warning" else { return message }
            warnings.append(message)
        }
    }

    @Test("at HEAD a share while a sheet is up stacks on it and completes; on iPad it anchors at the sheet up")
    func headStacks() throws {
        let p = try BridgeProcess(["serve", "--device", "ipad"], executable: Products.bridge)
        p.sendLine(request("0", "initialize", #"{"inspect":true}"#))
        _ = try p.nextJSON()
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "never")))
        #expect(p.nextLine(timeout: 0.5) == nil, "a sheet that never completes is not answered")
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        var warnings: [JSON] = []
        var presentation = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(presentation["method"] == "bridge/presentation")
        #expect(presentation["params"]?["presentation"]?["popover"]?["sourceView"] == "presentedViewController.view")
        let second = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(second["id"] == 2)
        #expect(second["result"] == ["shared": true])
        #expect(warnings.isEmpty, "no refusal at HEAD: \(warnings)")
        // busy (a sheet already up) stacks the same way.
        p.sendLine(request("3", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "busy")))
        presentation = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(presentation["params"]?["presentation"]?["popover"]?["sourceView"] == "presentedViewController.view")
        #expect(try OutcomeTests.nextAnswer(p, warnings: &warnings)["result"] == ["shared": true])
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        #expect(try OutcomeTests.nextAnswer(p, warnings: &warnings)["error"]?["code"] == -32800)
        // With nothing up, the sheet anchors at the root view again.
        p.sendLine(request("4", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        presentation = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(presentation["params"]?["presentation"]?["popover"]?["sourceView"] == "rootViewController.view")
        #expect(try OutcomeTests.nextAnswer(p, warnings: &warnings)["result"] == ["shared": true])
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("no key window: frak-share rejects No root view controller available, at HEAD and at the seeds' version",
          arguments: [[], OutcomeTests.seed])
    func noKeyWindow(version: [String]) throws {
        let r = try runBridge(["invoke", "share_text", OutcomeTests.share(outcome: "no-key-window")] + version, executable: Products.bridge)
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        #expect(error["code"] == -32003)
        #expect(error["message"] == "No root view controller available")
    }

    @Test("--plugin-version names a modelled commit, or says which are")
    func pluginVersion() throws {
        let unknown = try runBridge(["invoke", "share_text", OutcomeTests.share + "}", "--plugin-version", "frak-share@144184e4"],
                                    executable: Products.bridge)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("frak-share@144184e4 is not a version the bridge models"))
        #expect(unknown.stderr.contains("0fd3b566 (2026-05-15"))
        let other = try runBridge(["invoke", "share_text", "--plugin-version", "share@0fd3b566"], executable: Products.bridge)
        #expect(other.status == 2)
        #expect(other.stderr.contains("only frak-share has more than one modelled version"))
        let version = try runBridge(["--version"], executable: Products.bridge)
        #expect(version.stdout.contains("frak-share@da58e5f8"))
    }

    @Test("busy: UIKit's refusal is a bridge/warning sent at once, the call stays pending, others are answered, $/cancelRequest ends it")
    func busyPendingUntilCancelled() throws {
        let p = try BridgeProcess(["serve"] + OutcomeTests.seed, executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "busy")))
        let warning = try p.nextJSON()
        #expect(warning["method"] == "bridge/warning")
        #expect(warning["params"]?["id"] == 1)
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["code"] == "present_refused")
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["message"]?.stringValue?.hasPrefix(
            "Attempt to present <UIActivityViewController: 0x…> on <UIViewController: 0x…> which is already presenting") == true)
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["message"]?.stringValue?.contains("this call's promise never settles") == true)
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

    @Test("never holds the slot: a second share while it is up is refused as busy (automatically), one after its cancellation presents")
    func neverMakesTheNextShareBusy() throws {
        let p = try BridgeProcess(["serve"] + OutcomeTests.seed, executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "never")))
        #expect(p.nextLine(timeout: 0.5) == nil, "a sheet that never completes is not answered")
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        let warning = try p.nextJSON()
        #expect(warning["method"] == "bridge/warning")
        #expect(warning["params"]?["id"] == 2)
        #expect(warning["params"]?["warnings"]?.arrayValue?.first?["code"] == "present_refused")
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        let cancelled = try p.nextJSON()
        #expect(cancelled["id"] == 1)
        #expect(cancelled["error"]?["code"] == -32800)
        // The cancelled sheet is taken down before the session reads its next message, so a
        // share sent right after the -32800 always presents (round after round).
        for round in 0..<5 {
            let held = 10 + 2 * round, next = held + 1
            p.sendLine(request("\(next)", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
            let answer = try p.nextJSON()
            #expect(answer["id"] == .integer(next))
            #expect(answer["result"] == ["shared": true], "round \(round): \(answer)")
            p.sendLine(request("\(held)", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "never")))
            p.sendLine(notification("$/cancelRequest", #"{"id":\#(held)}"#))
            #expect(try p.nextJSON()["id"] == .integer(held))
        }
        p.sendLine(notification("$/cancelRequest", #"{"id":2}"#))
        #expect(try p.nextJSON()["id"] == 2)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("the end of input answers the calls that wait on nobody with -32800 (session_end)")
    func endOfInput() throws {
        let p = try BridgeProcess(["serve"] + OutcomeTests.seed, executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "never")))
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        p.closeInput()
        var answers: [JSON: JSON] = [:]
        var warnings: [JSON] = []
        for _ in 0..<2 {
            let message = try OutcomeTests.nextAnswer(p, warnings: &warnings)
            answers[message["id"] ?? .null] = message
        }
        #expect(warnings.map { $0["params"]?["id"] } == [2], "the second share is refused: the first sheet is up")
        for id in [1, 2] as [JSON] {
            #expect(answers[id]?["error"]?["code"] == -32800)
            #expect(answers[id]?["error"]?["data"]?["reason"] == "session_end")
        }
        #expect(p.waitForExit() == 0)
    }

    @Test("shutdown answers a call that waits on nobody, then itself")
    func shutdown() throws {
        let p = try BridgeProcess(["serve"] + OutcomeTests.seed, executable: Products.bridge)
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "busy")))
        p.sendLine(request("2", "shutdown"))
        var warnings: [JSON] = []
        let first = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(first["id"] == 1)
        #expect(first["error"]?["data"]?["reason"] == "session_end")
        let second = try OutcomeTests.nextAnswer(p, warnings: &warnings)
        #expect(second["id"] == 2)
        #expect(second["result"] == .null)
        #expect(warnings.count == 1)
        p.sendLine(notification("exit"))
        #expect(p.waitForExit() == 0)
    }

    @Test("initialize sets the session's outcome; __bridge overrides it per call")
    func initializeOutcome() throws {
        let p = try BridgeProcess(["serve"] + OutcomeTests.seed, executable: Products.bridge)
        p.sendLine(request("0", "initialize", #"{"outcome":"busy"}"#))
        let initialized = try p.nextJSON()
        #expect(initialized["result"]?["outcome"] == "busy")
        #expect(initialized["result"]?["user"] == "scripted")
        p.sendLine(request("1", "plugin:frak-share|share_text", OutcomeTests.share + "}"))
        #expect(try p.nextJSON()["params"]?["warnings"]?.arrayValue?.first?["code"] == "present_refused")
        p.sendLine(request("2", "plugin:frak-share|share_text", OutcomeTests.share(outcome: "complete")))
        #expect(try p.nextJSON()["result"] == ["shared": true])
        p.sendLine(request("3", "initialize", #"{"outcome":"soon"}"#))
        let refused = try p.nextJSON()
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["data"]?["field"] == "outcome")
        p.sendLine(notification("$/cancelRequest", #"{"id":1}"#))
        #expect(try p.nextJSON()["id"] == 1)
        p.closeInput()
        #expect(p.waitForExit() == 0)
    }

    @Test("--strict refuses UIKit's refusal instead of leaving the promise pending")
    func strictBusy() throws {
        let r = try runBridge(["invoke", "share_text", OutcomeTests.share(outcome: "busy"), "--strict"] + OutcomeTests.seed,
                              executable: Products.bridge)
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["warning"] == "present_refused")
    }

    @Test("iPad without an anchor raises NSGenericException as UIKit does; an iPhone has no popover, presents, and says the outcome changed nothing")
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
        #expect(iphone.stderr.contains("bridge: warning: the outcome `unanchored` changes nothing here: an iPhone presents the sheet from the bottom"))
    }

    @Test("Android: never, busy and unanchored change nothing for share_text (it resolves as the chooser opens), and say so",
          arguments: ["never", "busy", "unanchored"])
    func android(outcome: String) throws {
        let r = try runBridge(["invoke", "share_text", OutcomeTests.share(outcome: outcome), "--platform", "android", "--inspect"],
                              executable: Products.bridge)
        #expect(r.status == 0)
        let document = try JSONParser.parse(r.stdout)
        #expect(document["result"] == ["shared": true])
        #expect(document["warnings"]?.arrayValue?.first?["code"] == "outcome_ignored")
        #expect(r.stderr.contains("bridge: warning: the outcome `\(outcome)` changes nothing"))
    }

    @Test("--outcome takes only the known outcomes")
    func badOutcome() throws {
        let r = try runBridge(["invoke", "share_text", OutcomeTests.share + "}", "--outcome", "later"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: option '--outcome' must be one of complete|never|busy|unanchored|no-key-window, got 'later'"))
    }

    @Test("--user interactive needs --http: no page could show the sheet")
    func interactiveNeedsHTTP() throws {
        let r = try runBridge(["serve", "--user", "interactive"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("option '--user interactive' needs --http"))
    }
}

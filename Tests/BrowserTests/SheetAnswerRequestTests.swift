@testable import BridgeBrowser
import BridgeDevice
import Testing

/// The body of `POST /__bridge/sheet`: what a click in the overlay sends.
@Suite("POST /__bridge/sheet bodies")
struct SheetAnswerRequestTests {
    @Test("an activity or a cancel", arguments: [
        (#"{"sheet":"sheet-1","activity":"com.apple.UIKit.activity.Mail"}"#, SheetAnswer.activity("com.apple.UIKit.activity.Mail")),
        (#"{"sheet":"sheet-1","cancel":true}"#, SheetAnswer.dismissed),
        (#"{"sheet":"sheet-1","activity":"com.google.android.gm","cancel":false}"#, SheetAnswer.activity("com.google.android.gm")),
    ])
    func accepted(body: String, answer: SheetAnswer) throws {
        let parsed = try SheetAnswerRequest.parse(Array(body.utf8)).get()
        #expect(parsed == SheetAnswerRequest(sheet: "sheet-1", answer: answer))
    }

    @Test("anything else is refused with a sentence that says what to send", arguments: [
        ("[]", "not a JSON object"),
        (#"{"activity":"x"}"#, "needs `sheet`"),
        (#"{"sheet":"s"}"#, "either `activity`"),
        (#"{"sheet":"s","activity":""}"#, "either `activity`"),
        (#"{"sheet":"s","activity":"x","cancel":true}"#, "either `activity`"),
        (#"{"sheet":"s","cancel":true,"extra":1}"#, "unknown key `extra`"),
    ])
    func refused(body: String, fragment: String) {
        guard case .failure(let problem) = SheetAnswerRequest.parse(Array(body.utf8)) else {
            Issue.record("\(body) was accepted")
            return
        }
        #expect(problem.message.contains(fragment), "\(problem.message)")
        #expect(problem.message.contains(#"{"sheet": ID, "activity": TYPE}"#))
    }
}

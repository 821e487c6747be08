import BridgeJSON
import Testing
@testable import BridgeRender

@Suite("Records the renderer refuses")
struct RenderErrorTests {
    @Test("each refusal names what is wrong", arguments: [
        (JSON.array([]), "a presentation record is a JSON object; got array"),
        (["platform": "linux"], "the record's `platform` must be ios or android; got linux (desktop calls present nothing)"),
        (["device": "iphone"], "the record's `platform` must be a string; it is missing"),
        (["platform": "ios", "device": "watch"], "the record's `device` must be iphone or ipad; got watch"),
        (["platform": "ios", "device": "iphone"], "the record's `activityItems` must be an array; it is missing"),
        (["platform": "ios", "device": "iphone", "activityItems": [["kind": "link"]]],
         "the record's `activityItems[0].url` must be a string; it is missing"),
        (["platform": "ios", "device": "iphone", "activityItems": []],
         "the record's `activityItems` is empty: UIKit would show an empty sheet that dismisses at once"),
        (["platform": "android", "intent": ["extras": [:]]], "the record's `intent.extras` has neither android.intent.extra.TEXT nor android.intent.extra.STREAM: the intent shares nothing"),
        (["platform": "android", "intent": ["extras": ["android.intent.extra.TEXT": "x"]], "chooser": 3],
         "the record's `chooser` must be an object; got number"),
    ] as [(JSON, String)])
    func refusals(record: JSON, message: String) {
        #expect(throws: RenderError(message)) { try PresentationRenderer.document(for: record) }
    }
}

import BridgeDevice
import BridgeJSON

/// The body of `POST /__bridge/sheet`: which sheet, and what the person did —
/// `{"sheet": ID, "activity": TYPE}` (an iOS activity type, an Android package) or
/// `{"sheet": ID, "cancel": true}`.
struct SheetAnswerRequest: Equatable {
    /// Why a body is not an answer: the sentence a 400 answers with.
    struct Problem: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    let sheet: String
    let answer: SheetAnswer

    /// Reads the body; the failure is the sentence a 400 answers with.
    static func parse(_ body: [UInt8]) -> Result<SheetAnswerRequest, Problem> {
        let usage = #"send {"sheet": ID, "activity": TYPE} or {"sheet": ID, "cancel": true}, ID from the bridge/sheet event"#
        guard let json = try? JSONParser.parse(body), case .object(let object) = json else {
            return .failure(Problem("the answer is not a JSON object: \(usage)"))
        }
        for member in object where !["sheet", "activity", "cancel"].contains(member.key) {
            return .failure(Problem("unknown key `\(member.key)` in the answer: \(usage)"))
        }
        guard let sheet = object["sheet"]?.stringValue, !sheet.isEmpty else {
            return .failure(Problem("the answer needs `sheet`, a non-empty string: \(usage)"))
        }
        switch (object["activity"], object["cancel"]) {
        case (.string(let activity)?, nil) where !activity.isEmpty, (.string(let activity)?, .bool(false)?) where !activity.isEmpty:
            return .success(SheetAnswerRequest(sheet: sheet, answer: .activity(activity)))
        case (nil, .bool(true)?), (.null?, .bool(true)?):
            return .success(SheetAnswerRequest(sheet: sheet, answer: .dismissed))
        default:
            return .failure(Problem("the answer needs either `activity` (a non-empty string) or `cancel: true`: \(usage)"))
        }
    }
}

import BridgeJSON

/// What the activity the user picks receives from the item sources (seeds 000 and 002).
///
/// | activity | receives |
/// |---|---|
/// | Message, CopyToPasteboard, any other | the text and the link |
/// | Mail | subject = title; body = the text and the link |
/// | AddToReadingList | the link only; unavailable without a link |
/// | AirDrop | the link only (text would arrive as a `.txt` file); the text when there is no link |
enum ActivityDelivery {
    static let message = "com.apple.UIKit.activity.Message"
    static let mail = "com.apple.UIKit.activity.Mail"
    static let readingList = "com.apple.UIKit.activity.AddToReadingList"
    static let airDrop = "com.apple.UIKit.activity.AirDrop"
    static let copy = "com.apple.UIKit.activity.CopyToPasteboard"

    /// What `activity` receives, or `nil` when the activity cannot take these items (it would
    /// not be offered in the sheet).
    static func delivered(to activity: String, items: [ActivityItem]) -> (subject: String?, items: [String])? {
        var link: String?
        var text: String?
        var subject: String?
        for item in items {
            switch item {
            case .link(let url, let s, _):
                link = url
                subject = s
            case .text(let t, let s):
                text = t
                subject = s
            }
        }
        switch activity {
        case readingList:
            guard let link else { return nil }
            return (subject, [link])
        case airDrop:
            if let link { return (subject, [link]) }
            return text.map { (subject, [$0]) }
        default:
            return (subject, [text, link].compactMap { $0 })
        }
    }
}

import BridgeAndroidIntents
import BridgeInbox

/// What the app expects to receive, checked against the manifest's filters: `text` (text and
/// links, `ACTION_SEND text/plain`), `image` (one image, `ACTION_SEND image/png`), `images`
/// (several, `ACTION_SEND_MULTIPLE image/*` — the share that arrives as one image when only
/// `ACTION_SEND` is handled), `file` (`ACTION_SEND application/pdf`).
public enum ShareExpectation: String, Sendable, CaseIterable, CustomStringConvertible {
    case text, image, images, file

    /// What the doctor expects when not told: text, one image, several images (seed 001).
    public static let defaults: [ShareExpectation] = [.text, .image, .images]

    public var description: String {
        switch self {
        case .text: return "sharing text or a link"
        case .image: return "sharing one image"
        case .images: return "sharing several images"
        case .file: return "sharing a file"
        }
    }

    /// The mimeType a filter needs for it.
    var filterType: String {
        switch self {
        case .text: return "text/plain"
        case .image, .images: return "image/*"
        case .file: return "*/*"
        }
    }

    /// The action and type of the intent a sender builds for it.
    var intent: (action: String, type: String) {
        switch self {
        case .text: return (AndroidSendIntent.actionSend, "text/plain")
        case .image: return (AndroidSendIntent.actionSend, "image/png")
        case .images: return (AndroidSendIntent.actionSendMultiple, "image/*")
        case .file: return (AndroidSendIntent.actionSend, "application/pdf")
        }
    }
}

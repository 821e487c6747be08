import BridgeDevice
import BridgeJSON
import BridgeMedia

/// What the activity the user picks receives from the item sources (seeds 000 and 002): each
/// item source's `itemForActivityType` and `dataTypeIdentifierForActivityType`.
///
/// | activity | receives |
/// |---|---|
/// | Message | the text, the link, the images, and every other file (a movie, a PDF, any document) as an attachment, as the Files app shares a PDF to Messages |
/// | Mail | subject = title; the text, the link, and every file as an attachment |
/// | AddToReadingList | the link only; not offered without a link |
/// | AirDrop | the images (a PNG as PNG data, `pngData()`: AirDrop otherwise sends JPEG) and the files; the link only when there are no files; the text only when there is neither (it would arrive as a `.txt` file) |
/// | SaveToCameraRoll | the images only; not offered without one |
/// | Print | the images and the PDFs; not offered without one |
/// | CopyToPasteboard, any other | everything |
enum ActivityDelivery {

    /// One thing an activity receives, and in which type.
    enum Delivered: Sendable, Equatable {
        case text(String)
        case link(String)
        /// An image: as `UIImage` (typed by its `dataTypeIdentifier`), or as PNG `Data`.
        case image(ShareFile, asPNGData: Bool)
        /// A file: as a file URL typed by its UTType; Mail attaches it.
        case file(ShareFile, attachment: Bool)

        var record: JSON {
            switch self {
            case .text(let t): return ["kind": "text", "type": "public.plain-text", "as": "String", "text": .string(t)]
            case .link(let u): return ["kind": "link", "type": "public.url", "as": "URL", "url": .string(u)]
            case .image(let f, let png):
                return ["kind": "image", "type": .string(f.typeIdentifier), "as": png ? "Data (pngData())" : "UIImage",
                        "name": .string(f.displayName), "byteCount": .integer(f.byteCount)]
            case .file(let f, let attachment):
                return ["kind": "file", "type": .string(f.typeIdentifier), "as": attachment ? "attachment (URL)" : "URL",
                        "name": .string(f.displayName), "byteCount": .integer(f.byteCount)]
            }
        }
    }

    /// What a share hands the sheet, by kind: its link, its text, their subject, its files.
    private struct Parts {
        var link: String?
        var text: String?
        var subject: String?
        var files: [ShareFile] = []

        init(_ items: [ActivityItem]) {
            for item in items {
                switch item {
                case .link(let url, let s, _):
                    link = url
                    subject = s
                case .text(let t, let s):
                    text = t
                    subject = s
                case .file(let f, let placeholder, _):
                    files.append(f)
                    subject = subject ?? placeholder
                }
            }
        }

        /// Whether `activity` receives anything of these parts (the sheet offers it): the rule
        /// of `delivered(to:)`, asked without building what it would receive.
        func accepts(_ activity: String) -> Bool {
            let prose = text != nil || link != nil
            switch activity {
            case ActivityType.addToReadingList: return link != nil
            case ActivityType.airDrop, ActivityType.message, ActivityType.mail: return prose || !files.isEmpty
            case ActivityType.saveToCameraRoll: return files.contains { $0.image != nil }
            case ActivityType.print: return files.contains { $0.image != nil || $0.kind == .document(.pdf) }
            default: return prose || !files.isEmpty
            }
        }

        /// What `activity` receives, in order (text, link, then files); empty when it takes
        /// none of these parts.
        func delivered(to activity: String) -> [Delivered] {
            // Built by appending (one array for a share without files): this runs on every call.
            var prose: [Delivered] = []
            if let text { prose.append(.text(text)) }
            if let link { prose.append(.link(link)) }
            func asImages() -> [Delivered] { files.compactMap { $0.image != nil ? .image($0, asPNGData: false) : nil } }
            var out: [Delivered]
            switch activity {
            case ActivityType.addToReadingList:
                out = link.map { [.link($0)] } ?? []
            case ActivityType.airDrop:
                let sent = files.map { $0.image != nil ? Delivered.image($0, asPNGData: $0.image == .png) : .file($0, attachment: false) }
                out = !files.isEmpty ? sent : link.map { [.link($0)] } ?? text.map { [.text($0)] } ?? []
            case ActivityType.message:
                out = prose
                if !files.isEmpty { out += files.map { $0.image != nil ? .image($0, asPNGData: false) : .file($0, attachment: true) } }
            case ActivityType.saveToCameraRoll:
                out = asImages()
            case ActivityType.print:
                out = files.compactMap { f in
                    f.image != nil ? .image(f, asPNGData: false) : (f.kind == .document(.pdf) ? .file(f, attachment: false) : nil)
                }
            case ActivityType.mail:
                out = prose
                if !files.isEmpty { out += files.map { .file($0, attachment: true) } }
            default:
                out = prose
                if !files.isEmpty { out += files.map { $0.image != nil ? .image($0, asPNGData: false) : .file($0, attachment: false) } }
            }
            return out
        }
    }

    /// What `activity` receives: the subject and the items in order (text, link, then files),
    /// or `nil` when the activity cannot take these items (the sheet would not offer it).
    static func delivery(to activity: String, items: [ActivityItem]) -> (subject: String?, items: [Delivered])? {
        let parts = Parts(items)
        let out = parts.delivered(to: activity)
        return out.isEmpty ? nil : (parts.subject, out)
    }

    /// Whether `activity` can take `items` (`delivery(to:items:) != nil`), without building
    /// what it would receive: the answer of every share_text call hangs on it.
    static func accepts(_ activity: String, items: [ActivityItem]) -> Bool {
        Parts(items).accepts(activity)
    }

    /// The built-in activities the sheet offers for `items`, in the sheet's order, for a message
    /// that says what the simulated user could have picked instead.
    static func offered(_ items: [ActivityItem]) -> String {
        let common = [ActivityType.airDrop, ActivityType.message, ActivityType.mail, ActivityType.copyToPasteboard,
                      ActivityType.addToReadingList, ActivityType.saveToCameraRoll, ActivityType.print]
        let offered = items.isEmpty ? [] : common.filter { accepts($0, items: items) }
        return offered.isEmpty ? "the sheet offers no activity" : "the sheet offers " + offered.map { String($0.dropFirst(ActivityType.prefix.count)) }.joined(separator: ", ")
    }

    /// What `activity` receives of a `share_text` share (a link and a text): the strings.

    static func delivered(to activity: String, items: [ActivityItem]) -> (subject: String?, items: [String])? {
        delivery(to: activity, items: items).map { ($0.subject, strings($0.items)) }
    }

    /// The strings among `items` (the text and the link), in order.
    static func strings(_ items: [Delivered]) -> [String] {
        items.compactMap { item in
            switch item {
            case .text(let t), .link(let t): t
            case .image, .file: nil
            }
        }
    }
}

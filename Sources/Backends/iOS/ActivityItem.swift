import BridgeMedia
import BridgeJSON
import Foundation

/// What `UIActivityViewController` is handed: typed `UIActivityItemSource`s, never one
/// concatenated string.
enum ActivityItem: Sendable, Equatable {
    /// The link: the URL, its subject (the title) and the `LPLinkMetadata` that renders the card.
    case link(url: String, subject: String?, metadata: LinkMetadata)
    /// The body text, with the same subject.
    case text(String, subject: String?)

    /// The items for a share, in the order the plugin adds them: the link, then the text.
    static func items(url: String?, text: String?, title: String?, metadata: LinkMetadata) -> [ActivityItem] {
        var items: [ActivityItem] = []
        if let url { items.append(.link(url: url, subject: title, metadata: metadata)) }
        if let text { items.append(.text(text, subject: title)) }
        return items
    }

    var record: JSON {
        switch self {
        case .link(let url, let subject, let metadata):
            return ["kind": "link", "url": .string(url), "subject": subject.map(JSON.string) ?? .null, "metadata": metadata.record]
        case .text(let text, let subject):
            return ["kind": "text", "text": .string(text), "subject": subject.map(JSON.string) ?? .null]
        }
    }
}

/// `LPLinkMetadata` as the plugin builds it: `title` when non-empty, `originalURL` and `url` = the
/// link, and the icon when the race loaded one.
struct LinkMetadata: Sendable, Equatable {
    var title: String?
    var url: String?
    var icon: Icon?

    /// The `iconProvider`'s image.
    struct Icon: Sendable, Equatable {
        let sourceURL: String
        let kind: ImageKind
        /// The image's bytes: the record carries them (as `dataURL`) so a rendering of the
        /// record shows the icon without fetching it again.
        let bytes: [UInt8]

        var byteCount: Int { bytes.count }

        /// The largest icon the record embeds; a larger one is described without its bytes.
        static let maxEmbeddedBytes = 1 << 20

        var record: JSON {
            var r: JSONObject = ["sourceURL": .string(sourceURL), "byteCount": .integer(byteCount),
                                 "typeIdentifier": .string(kind.typeIdentifier)]
            if byteCount <= Icon.maxEmbeddedBytes {
                r["dataURL"] = .string("data:\(kind.mimeType);base64,\(Data(bytes).base64EncodedString())")
            }
            return .object(r)
        }
    }

    var record: JSON {
        let icon: JSON = icon?.record ?? .null
        return ["title": title.map(JSON.string) ?? .null, "url": url.map(JSON.string) ?? .null,
                "originalURL": url.map(JSON.string) ?? .null, "icon": icon]
    }
}

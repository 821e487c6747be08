import BridgeMedia
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// What `UIActivityViewController` is handed: typed `UIActivityItemSource`s, never one
/// concatenated string.
enum ActivityItem: Sendable, Equatable {
    /// The link: the URL, its subject (the title) and the `LPLinkMetadata` that renders the card.
    case link(url: String, subject: String?, metadata: LinkMetadata)
    /// The body text, with the same subject.
    case text(String, subject: String?)
    /// A file's item source (seed 002): placeholder the title; item the image (`UIImage`) or
    /// the file URL; `dataTypeIdentifier` its type from its bytes. The first item source
    /// carries the sheet's link metadata.
    case file(ShareFile, placeholder: String?, metadata: LinkMetadata?)

    /// The items for a share, in the order the plugin adds them: the link, then the text.
    static func items(url: String?, text: String?, title: String?, metadata: LinkMetadata) -> [ActivityItem] {
        var items: [ActivityItem] = []
        items.reserveCapacity(2)
        if let url { items.append(.link(url: url, subject: title, metadata: metadata)) }
        if let text { items.append(.text(text, subject: title)) }
        return items
    }

    /// The items of a `share` call: one per file, then the link and the text; the first
    /// carries `metadata` (the link item carries its own, as in share_text).
    static func items(files: [ShareFile], url: String?, text: String?, title: String?, metadata: LinkMetadata) -> [ActivityItem] {
        let fileItems = files.enumerated().map { index, file in
            ActivityItem.file(file, placeholder: title, metadata: index == 0 ? metadata : nil)
        }
        return fileItems + items(url: url, text: text, title: title, metadata: metadata)
    }

    /// Where the plugin puts a file that has no path of its own (a `data:` URL, a download)
    /// before handing its URL over: the app's temporary folder.
    static let temporaryDirectory = "/private/var/mobile/Containers/Data/Application/APP-UUID/tmp/share/"

    var record: JSON { JSON(writing: write) }

    /// The item's record, written value by value (`record` reads it back).
    func write(to w: inout JSONWriter) {
        w.openObject()
        switch self {
        case .file(let file, let placeholder, let metadata):
            w.key("kind"); w.string(file.image != nil ? "image" : "file")
            w.key("placeholder"); w.string(placeholder ?? "")
            w.key("item"); w.string(file.image != nil ? "UIImage" : "URL")
            w.key("dataTypeIdentifier"); w.string(file.typeIdentifier)
            w.key("file"); w.value(file.record)
            if file.image == nil {
                let path = file.path ?? ActivityItem.temporaryDirectory + file.displayName
                w.key("url"); w.string(URL(fileURLWithPath: path).absoluteString)
            }
            if let metadata { w.key("metadata"); metadata.write(to: &w) }
        case .link(let url, let subject, let metadata):
            w.key("kind"); w.string("link")
            w.key("url"); w.string(url)
            w.key("subject"); w.string(subject)
            w.key("metadata"); metadata.write(to: &w)
        case .text(let text, let subject):
            w.key("kind"); w.string("text")
            w.key("text"); w.string(text)
            w.key("subject"); w.string(subject)
        }
        w.closeObject()
    }
}

/// `LPLinkMetadata` as the plugin builds it: `title` when non-empty, `originalURL` and `url` = the
/// link, and the icon when the race loaded one.
struct LinkMetadata: Sendable, Equatable {
    var title: String?
    var url: String?
    var icon: Icon?
    /// What `originalURL` is set to when it is not the link: seed 002's subtitle trick,
    /// `URL(fileURLWithPath: subtitle)`.
    var originalURL: String? = nil

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

        /// The icon's record, written value by value.
        func write(to w: inout JSONWriter) {
            w.openObject()
            w.key("sourceURL"); w.string(sourceURL)
            w.key("byteCount"); w.integer(byteCount)
            w.key("typeIdentifier"); w.string(kind.typeIdentifier)
            if byteCount <= Icon.maxEmbeddedBytes {
                w.key("dataURL"); w.string("data:\(kind.mimeType);base64,\(Data(bytes).base64EncodedString())")
            }
            w.closeObject()
        }
    }

    var record: JSON { JSON(writing: write) }

    /// The metadata's record, written value by value (`record` reads it back).
    func write(to w: inout JSONWriter) {
        w.openObject()
        w.key("title"); w.string(title)
        w.key("url"); w.string(url)
        w.key("originalURL"); w.string(originalURL ?? url)
        w.key("icon")
        if let icon { icon.write(to: &w) } else { w.null() }
        w.closeObject()
    }
}

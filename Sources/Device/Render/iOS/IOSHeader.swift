import FoundationEssentials
import Glibc
import BridgeSystem

/// The header of the iOS share sheet, as UIKit draws it from the items' `LPLinkMetadata`: the
/// icon (or the placeholder UIKit shows without one), the title, and the subtitle line — the
/// link's host, or seed 002's subtitle trick (a `file:` `originalURL` whose path is the text).
struct IOSHeader: Equatable {
    enum Icon: Equatable {
        /// The `iconProvider`'s image, inlined.
        case image(InlineImage)
        /// An icon was loaded but the record does not carry its bytes (or a browser cannot draw them).
        case notEmbedded(typeIdentifier: String, byteCount: Int)
        /// No icon: UIKit's placeholder for a link or for text.
        case placeholder(Glyph)
    }

    let title: String
    let subtitle: String?
    let icon: Icon

    init(_ sheet: IOSSheet) {
        if let stated = sheet.statedHeader {
            // plugin:share states what its LPLinkMetadata makes the header show.
            let files = sheet.items.compactMap { item -> IOSSheet.SharedFile? in
                if case .file(let file) = item { return file }
                return nil
            }
            title = stated.title ?? ""
            subtitle = stated.subtitle
            if let image = stated.icon?.image {
                icon = .image(image)
            } else if let icon = stated.icon {
                self.icon = .notEmbedded(typeIdentifier: icon.typeIdentifier, byteCount: icon.byteCount)
            } else {
                icon = .placeholder(files.isEmpty ? (sheet.link != nil ? .linkPlaceholder : .textPlaceholder) : .files)
            }
        } else if let (url, metadata) = sheet.link {
            let host = IOSHeader.host(of: url)
            let title = metadata?.title.flatMap { $0.isEmpty ? nil : $0 }
            self.title = title ?? host ?? url
            subtitle = IOSHeader.subtitle(originalURL: metadata?.originalURL ?? url)
            if let icon = metadata?.icon {
                self.icon = icon.image.map(Icon.image) ?? .notEmbedded(typeIdentifier: icon.typeIdentifier, byteCount: icon.byteCount)
            } else {
                self.icon = .placeholder(.linkPlaceholder)
            }
        } else {
            let firstLine = (sheet.text ?? "").split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            title = firstLine
            subtitle = "Plain Text"
            icon = .placeholder(.textPlaceholder)
        }
    }

    /// The subtitle line for an `originalURL`: the host of a web URL; the path of a `file:` URL
    /// (the subtitle trick: `URL(fileURLWithPath: subtitle)`), as UIKit shows it.
    static func subtitle(originalURL: String) -> String? {
        guard let components = URLComponents(string: originalURL) else { return nil }
        if components.scheme?.lowercased() == "file" {
            let last = Paths.lastComponent(components.path)
            return last.isEmpty || last == "/" ? nil : last
        }
        return host(of: originalURL)
    }

    static func host(of url: String) -> String? {
        guard let host = URLComponents(string: url)?.host, !host.isEmpty else { return nil }
        return host
    }
}

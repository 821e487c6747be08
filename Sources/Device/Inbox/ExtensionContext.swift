/// A share as iOS hands it to an activation rule and to the extension: `extensionItems`
/// (`NSExtensionItem`s), each with `attachments` (`NSItemProvider`s), each with the
/// `registeredTypeIdentifiers` it can provide.
///
/// A share from `UIActivityViewController` arrives as one extension item with one attachment
/// per activity item: text as `public.plain-text`, a web URL as `public.url` (a `file:` URL as
/// `public.file-url`), each file as its own type (`public.png`, `public.mpeg-4`,
/// `com.adobe.pdf` …).
import BridgePredicate

public struct ExtensionContext: Sendable, Equatable {
    /// One `NSExtensionItem`.
    public struct Item: Sendable, Equatable {
        public var attachments: [Attachment]
        /// `attributedContentText`, as a plain string.
        public var contentText: String?

        public init(attachments: [Attachment], contentText: String? = nil) {
            self.attachments = attachments
            self.contentText = contentText
        }
    }

    /// One `NSItemProvider`.
    public struct Attachment: Sendable, Equatable {
        public var registeredTypeIdentifiers: [String]

        public init(_ registeredTypeIdentifiers: [String]) {
            self.registeredTypeIdentifiers = registeredTypeIdentifiers
        }
    }

    public var extensionItems: [Item]

    public init(extensionItems: [Item]) { self.extensionItems = extensionItems }

    /// The context of a share from the share sheet: one item, one attachment per part.
    public init(share: ShareDraft) {
        var attachments: [Attachment] = []
        if let text = share.text, !text.isEmpty { attachments.append(Attachment(["public.plain-text"])) }
        if let url = share.url, !url.isEmpty {
            attachments.append(Attachment([url.lowercased().hasPrefix("file:") ? "public.file-url" : "public.url"]))
        }
        for a in share.attachments { attachments.append(Attachment([a.typeIdentifier])) }
        self.init(extensionItems: [Item(attachments: attachments, contentText: share.text)])
    }

    /// The context as key-value coding sees it: `extensionItems`, `attachments`,
    /// `attributedContentText`, `registeredTypeIdentifiers`.
    var value: PredicateValue {
        .object("the extension context", [
            "extensionItems": .array(extensionItems.enumerated().map { n, item in
                .object("extension item \(n + 1)", [
                    "attachments": .array(item.attachments.enumerated().map { k, a in
                        .object("attachment \(k + 1) (\(a.registeredTypeIdentifiers.joined(separator: ", ")))",
                                ["registeredTypeIdentifiers": .array(a.registeredTypeIdentifiers.map(PredicateValue.string))])
                    }),
                    "attributedContentText": item.contentText.map(PredicateValue.string) ?? .null,
                    "attributedTitle": .null,
                    "userInfo": .null,
                ])
            }),
        ])
    }
}

import BridgeJSON

/// What the API 29+ chooser shows above its targets for an intent, as `ChooserActivity`'s
/// `findPreferredContentPreview` decides: **image** when every `EXTRA_STREAM` is an image
/// (`image/…`; the first three shown), **file** when any is not (the first file's name and how
/// many more), **text** without streams (`EXTRA_TITLE`, the `ClipData` thumbnail, `EXTRA_TEXT`
/// and its Copy button). The chooser's own title never appears for a share.
enum ContentPreview {
    /// The most images the image preview shows.
    static let maxImages = 3

    /// The preview of `intent`, whose streams have the names in `names`.
    static func record(_ intent: ShareIntent, names: [String]) -> JSON {
        guard !intent.streams.isEmpty else {
            return [
                "kind": "text", "title": .optional(intent.previewTitle), "thumbnail": .optional(intent.thumbnailURI),
                "text": .optional(intent.body), "copyButton": .bool(intent.body != nil),
            ]
        }
        if intent.streams.allSatisfy({ $0.mimeType.hasPrefix("image/") }) {
            return ["kind": "image", "images": .array(intent.streams.prefix(maxImages).map { .string($0.uri) }),
                    "more": .integer(max(0, intent.streams.count - maxImages))]
        }
        return ["kind": "file", "name": .optional(names.first), "more": .integer(intent.streams.count - 1)]
    }
}

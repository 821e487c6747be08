import BridgeBinding

/// The shapes of the share-extension plugin's results (`ReadCommand`, `ClearCommand`): a stored
/// share, its attachments, its id.
enum ShareExtensionShapes {
    /// The id of a stored share: its arrival time in milliseconds (12 digits), `-`, 8 hex digits.
    static let itemID = Shape.text(format: nil, pattern: "^[0-9]{12}-[0-9a-f]{8}$")

    static let attachment = Shape.record([
        Field("kind", .choice(["image", "movie", "file"])),
        Field("typeIdentifier", .string),
        Field("path", .string),
        Field("bytes", .integer(minimum: 0)),
        Field("name", .string),
        Field("present", .boolean),
    ])

    static let item = Shape.record([
        Field("id", itemID),
        Field("text", .string, doc: "The shared text; empty when none."),
        Field("url", .string, required: false),
        Field("image", .text(format: nil, pattern: "^data:image/[a-z+.-]+;base64,"), required: false,
              doc: "The first image as a data: URL (images up to 20 MiB)."),
        Field("imagePath", .string, required: false, doc: "The first image's file in the App Group container."),
        Field("receivedAt", .text(format: "date-time", pattern: nil)),
        Field("deliveryCount", .integer(minimum: 1),
              doc: "How many reads returned the share, this one included: more than 1 when a reader died or its lease lapsed before clearing it."),
        Field("attachments", .list(attachment)),
    ])
}

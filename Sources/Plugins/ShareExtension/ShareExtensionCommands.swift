import BridgeBinding

/// The share-extension plugin's commands, declared as a mobile plugin ships them: native-only
/// (no Rust handler; `build.rs` lists them for their permissions), so Tauri forwards each to the
/// native method of its lowerCamelCase name with the arguments unchanged.
enum ShareExtensionCommands {
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
        Field("attachments", .list(attachment)),
    ])

    static let read = CommandDeclaration(
        "read",
        summary: "Returns the stored shares, oldest first, and marks them delivered.",
        result: .record([
            Field("items", .list(item)),
            Field("quarantined", .list(.record([
                Field("file", .string), Field("movedTo", .nullable(.string)), Field("reason", .string),
            ])), required: false),
        ]),
        resultDoc: "The stored shares, oldest first; corrupt files moved aside are listed in 'quarantined'.",
        layer: .nativeOnly)

    static let clear = CommandDeclaration(
        "clear",
        summary: "Removes the items named by ids, or every item a read has returned.",
        parameters: [
            Parameter("ids", .list(itemID), doc: "The ids to remove, as read returns them; absent: every item a read has returned."),
        ],
        result: .record([Field("removed", .list(.string)), Field("notFound", .list(.string))]),
        resultDoc: "The ids removed, and the ids that were not in the inbox.",
        layer: .nativeOnly)
}

import BridgeJSON

/// The `ACTION_SEND` intent and its chooser, as the Kotlin plugin builds them.
struct ShareIntent: Sendable {
    let body: String
    let title: String?
    /// The thumbnail's `content://` URI, attached as `ClipData` when there is one.
    let thumbnailURI: String?

    /// `text + "\n" + url` when both are present, else the one present: the link last, so a
    /// target that truncates keeps it.
    static func body(text: String?, url: String?) -> String {
        [text, url].compactMap { $0 }.joined(separator: "\n")
    }

    var record: JSON {
        var extras: JSONObject = ["android.intent.extra.TEXT": .string(body)]
        if let title {
            extras["android.intent.extra.SUBJECT"] = .string(title)
            extras["android.intent.extra.TITLE"] = .string(title)
        }
        // `ClipData.newRawUri(title, uri)` with `JSObject.getString("title")`, which is "" when absent.
        let clipData: JSON = thumbnailURI.map { ["label": .string(title ?? ""), "uri": .string($0)] } ?? .null
        return [
            "action": "android.intent.action.SEND",
            "type": "text/plain",
            "extras": .object(extras),
            "clipData": clipData,
            "flags": thumbnailURI == nil ? [] : ["FLAG_GRANT_READ_URI_PERMISSION"],
        ]
    }

    /// `Intent.createChooser(intent, null)` with `FLAG_ACTIVITY_NEW_TASK`: a null title, so
    /// Android draws its own preview header.
    static let chooserRecord: JSON = ["title": nil, "flags": ["FLAG_ACTIVITY_NEW_TASK"]]
}

import BridgeJSON
import BridgeMedia
import BridgeProtocol

/// The intent a share starts, as the Kotlin plugins build it: `ACTION_SEND` with text (and a
/// thumbnail, frak-share's `share_text`) or one file; `ACTION_SEND_MULTIPLE` for several files.
///
/// - `type`: `text/plain` without files, the file's MIME type for one, the common type of
///   several by Android's rule (`CommonMIMEType`: `image/png`, `image/*`, `*/*`);
/// - extras: `EXTRA_TEXT` the body, `EXTRA_SUBJECT` the title, `EXTRA_TITLE` the preview title
///   (the title unless the call names another), `EXTRA_STREAM` the file's URI, or the list;
/// - `ClipData` holding every URI (the thumbnail, or each stream) with
///   `FLAG_GRANT_READ_URI_PERMISSION`: a `content://` URI is readable by the receiver only
///   through the intent's data or its `ClipData`, never through an extra.
struct ShareIntent: Sendable {
    /// One file handed out through `EXTRA_STREAM`.
    struct Stream: Sendable, Equatable {
        let uri: String
        let mimeType: String
    }

    static let actionSend = "android.intent.action.SEND"
    static let actionSendMultiple = "android.intent.action.SEND_MULTIPLE"
    static let grantRead = "FLAG_GRANT_READ_URI_PERMISSION"

    /// `EXTRA_TEXT`, or nil for a share of files alone.
    let body: String?
    /// `EXTRA_SUBJECT`.
    let title: String?
    /// `EXTRA_TITLE`, the preview header's title on API 29+.
    let previewTitle: String?
    /// The thumbnail's `content://` URI, attached as `ClipData` when there is one.
    let thumbnailURI: String?
    let streams: [Stream]

    /// frak-share's `share_text` intent: text, a title that is also the preview title, a thumbnail.
    init(body: String, title: String?, thumbnailURI: String?) {
        self.init(body: body, title: title, previewTitle: title, thumbnailURI: thumbnailURI, streams: [])
    }

    init(body: String?, title: String?, previewTitle: String?, thumbnailURI: String?, streams: [Stream]) {
        self.body = body
        self.title = title
        self.previewTitle = previewTitle
        self.thumbnailURI = thumbnailURI
        self.streams = streams
    }

    /// `text + "\n" + url` when both are present, else the one present: the link last, so a
    /// target that truncates keeps it.
    static func body(text: String?, url: String?) -> String {
        [text, url].compactMap { $0 }.joined(separator: "\n")
    }

    var action: String { streams.count > 1 ? ShareIntent.actionSendMultiple : ShareIntent.actionSend }

    var type: String {
        switch streams.count {
        case 0: "text/plain"
        case 1: streams[0].mimeType
        default: CommonMIMEType.of(streams.map(\.mimeType))
        }
    }

    /// Whether the intent grants read access to URIs (it carries a `ClipData`).
    var grantsRead: Bool { thumbnailURI != nil || !streams.isEmpty }

    var record: JSON {
        var extras = JSONObject()
        if let body { extras["android.intent.extra.TEXT"] = .string(body) }
        if let title { extras["android.intent.extra.SUBJECT"] = .string(title) }
        if let previewTitle { extras["android.intent.extra.TITLE"] = .string(previewTitle) }
        switch streams.count {
        case 0: break
        case 1: extras["android.intent.extra.STREAM"] = .string(streams[0].uri)
        default: extras["android.intent.extra.STREAM"] = .array(streams.map { .string($0.uri) })
        }
        return [
            "action": .string(action),
            "type": .string(type),
            "extras": .object(extras),
            "clipData": clipData,
            "flags": grantsRead ? [.string(ShareIntent.grantRead)] : [],
        ]
    }

    /// `ClipData.newRawUri(label, first)` plus an item per further URI; the label is the title,
    /// `""` without one (`JSObject.getString("title")` reads an absent title as `""`).
    /// share_text's thumbnail keeps its one-item form `{label, uri}`.
    private var clipData: JSON {
        if streams.isEmpty {
            return thumbnailURI.map { ["label": .string(title ?? ""), "uri": .string($0)] } ?? .null
        }
        return [
            "label": .string(title ?? ""),
            "mimeTypes": ["text/uri-list"],
            "items": .array(streams.map { ["uri": .string($0.uri)] }),
        ]
    }

    /// `Intent.createChooser(intent, null)` with `FLAG_ACTIVITY_NEW_TASK`: a null title, so
    /// Android draws its own preview header.
    static let chooserRecord: JSON = ["title": nil, "flags": ["FLAG_ACTIVITY_NEW_TASK"]]
}

extension ShareIntent {
    /// The binder buffer of an app's process (`ProcessState.cpp`'s `BINDER_VM_SIZE`: 1 MiB less
    /// two 4 KiB pages): a transaction larger than it fails with `TransactionTooLargeException`.
    static let binderBufferBytes = 1_048_576 - 2 * 4096

    /// What `startActivity(chooser)` carries across the binder, estimated as the parcel holds
    /// it: each extra's key and value as a String16 (a 4-byte length, UTF-16 code units and a
    /// terminator, padded to 4), and the `ClipData` Android's `migrateExtraStreamToClipData` makes
    /// from `EXTRA_TEXT` when the plugin set none (the text again, as UTF-8), plus about 1 KiB for
    /// the rest of the two intents. An estimate: the real size differs by a few hundred bytes.
    var estimatedParcelBytes: Int {
        func string16(_ s: String) -> Int { (4 + 2 * (s.utf16.count + 1) + 3) / 4 * 4 }
        var total = 1024
        if let body { total += string16("android.intent.extra.TEXT") + 4 + string16(body) }
        if let title { total += string16("android.intent.extra.SUBJECT") + 4 + string16(title) }
        if let previewTitle { total += string16("android.intent.extra.TITLE") + 4 + string16(previewTitle) }
        for stream in streams { total += string16("android.intent.extra.STREAM") + 4 + string16(stream.uri) + string16(stream.mimeType) }
        if let thumbnailURI { total += string16(thumbnailURI) }
        if !grantsRead, let body { total += 8 + (body.utf8.count + 1 + 3) / 4 * 4 }
        return total
    }

    /// The plugin's rejection when the chooser's transaction is over the binder buffer: Android's
    /// `Instrumentation.execStartActivity` rethrows the `TransactionTooLargeException` as
    /// `RuntimeException("Failure from system")`, whose message the plugin's `catch` rejects
    /// with; `nil` when the intent fits.
    func transactionTooLarge(layer: String) -> ResponseError? {
        let size = estimatedParcelBytes
        guard size > ShareIntent.binderBufferBytes else { return nil }
        return .rejected("Failure from system", details: [
            "layer": .string(layer),
            "exception": "android.os.TransactionTooLargeException",
            "reason": .string("android.os.TransactionTooLargeException: data parcel size \(size) bytes (estimated): startActivity carries the intent's extras across the binder, whose buffer is \(ShareIntent.binderBufferBytes) bytes; share a link to the content instead of the content"),
        ])
    }
}

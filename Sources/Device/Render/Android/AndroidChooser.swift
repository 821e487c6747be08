/// An Android presentation record, read: the `ACTION_SEND` intent and the chooser it starts.
struct AndroidChooser {
    struct Thumbnail {
        let outcome: String
        let file: String?
        let contentUri: String?
        let elapsedMs: Int
        let reason: String?
    }

    /// `EXTRA_TEXT`: the share body (empty when the share is files only).
    let text: String
    /// `EXTRA_STREAM`: the shared files' content URIs (`plugin:share`), in order.
    let streams: [String]
    let subject: String?
    /// `EXTRA_TITLE`: the preview header's title on API 29+.
    let title: String?
    /// The `ClipData` item's URI: the preview thumbnail.
    let clipURI: String?
    /// The title passed to `Intent.createChooser`; `null` in the plugin.
    let chooserTitle: String?
    let thumbnail: Thumbnail?
    /// The thumbnail's pixels, when the caller read its file.
    let thumbnailImage: InlineImage?
    /// The plugin method that started the chooser: `shareText` (frak-share) or `share`.
    let nativeMethod: String
    /// `plugin:share`'s content preview: the images it shows (their pixels when read), or the
    /// first file's name; `nil` for share_text (a text preview).
    let contentPreview: Preview?
    /// `plugin:share`'s completion: the chosen package the `IntentSender` reported, or `nil`
    /// (a dismissal, Copy, or a target that did not cover the app: `Share canceled`).
    let completion: Completion?

    enum Preview {
        case images([InlineImage?], more: Int)
        case file(name: String?, more: Int)
    }

    struct Completion {
        let activityType: String?
        let chosenComponent: String?
    }

    init(_ record: RecordReader, images: [String: [UInt8]]) throws(RenderError) {
        let intent = try record.object("intent")
        let extras = try intent.object("extras")
        let body = try extras.optionalString("android.intent.extra.TEXT")
        // One URI for ACTION_SEND, the list for ACTION_SEND_MULTIPLE.
        switch extras.value["android.intent.extra.STREAM"] {
        case .string(let uri)?: streams = [uri]
        case .array(let uris)?: streams = uris.compactMap(\.stringValue)
        default: streams = []
        }
        guard body != nil || !streams.isEmpty else {
            throw RenderError("the record's `intent.extras` has neither android.intent.extra.TEXT nor android.intent.extra.STREAM: "
                + "the intent shares nothing")
        }
        text = body ?? ""
        subject = try extras.optionalString("android.intent.extra.SUBJECT")
        title = try extras.optionalString("android.intent.extra.TITLE")
        // share_text's ClipData has one `uri`; plugin:share's one item per file.
        if let clip = try intent.optionalObject("clipData") {
            if let uri = try clip.optionalString("uri") {
                clipURI = uri
            } else {
                clipURI = try clip.array("items").first?.string("uri")
            }
        } else {
            clipURI = nil
        }
        // plugin:share's record says whether the title shows (API 29+ drops it for a send intent).
        let chooser = try record.object("chooser")
        chooserTitle = chooser.value["titleShown"]?.boolValue == false ? nil : try chooser.optionalString("title")
        let thumbnail = try record.optionalObject("thumbnail").map { (t) throws(RenderError) in
            Thumbnail(outcome: try t.string("outcome"), file: try t.optionalString("file"),
                      contentUri: try t.optionalString("contentUri"), elapsedMs: Int(try t.optionalNumber("elapsedMs") ?? 0),
                      reason: try t.optionalString("reason"))
        }
        self.thumbnail = thumbnail
        // The chooser reads the ClipData URI; the record's thumbnail step says which file it names.
        if clipURI != nil, let file = thumbnail?.file, let bytes = images[file] {
            thumbnailImage = InlineImage(bytes: bytes)
        } else {
            thumbnailImage = nil
        }
        nativeMethod = try record.optionalString("nativeMethod") ?? "shareText"
        let stored = AndroidChooser.storedFiles(record.value)
        contentPreview = try record.optionalObject("contentPreview").flatMap { (p) throws(RenderError) -> Preview? in
            switch try p.string("kind") {
            case "image":
                return .images(try p.strings("images").map { uri in stored[uri].flatMap { images[$0] }.flatMap(InlineImage.init(bytes:)) },
                               more: Int(try p.optionalNumber("more") ?? 0))
            case "file":
                return .file(name: try p.optionalString("name"), more: Int(try p.optionalNumber("more") ?? 0))
            default:
                return nil
            }
        }
        completion = try record.optionalObject("completion").map { (c) throws(RenderError) in
            Completion(activityType: try c.optionalString("activityType"), chosenComponent: try c.optionalString("chosenComponent"))
        }
    }

    /// `plugin:share`'s files: each content URI → the cache file behind it.
    private static func storedFiles(_ record: JSON) -> [String: String] {
        var stored: [String: String] = [:]
        for file in record["files"]?.arrayValue ?? [] {
            if let uri = file["contentUri"]?.stringValue, let path = file["stored"]?.stringValue { stored[uri] = path }
        }
        return stored
    }

    /// The file whose bytes the rendering shows, for the caller to read: the thumbnail behind
    /// the `ClipData` URI.
    static func imageFiles(in record: JSON) -> [String] {
        if let previewed = record["contentPreview"]?["images"]?.arrayValue {
            let stored = storedFiles(record)
            return previewed.compactMap { $0.stringValue.flatMap { stored[$0] } }
        }
        let clip = record["intent"]?["clipData"]
        guard (clip?["uri"] ?? clip?["items"]?.arrayValue?.first?["uri"])?.stringValue != nil,
              let file = record["thumbnail"]?["file"]?.stringValue else { return [] }
        return [file]
    }
}

import BridgeJSON

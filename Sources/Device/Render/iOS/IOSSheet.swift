import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// An iOS presentation record, read: what `UIActivityViewController` was handed and what the
/// user did, in the terms the rendering needs.
struct IOSSheet {
    enum Device: String { case iphone, ipad }

    /// An activity item, as the sheet sees it.
    enum Item {
        case link(url: String, subject: String?, metadata: Metadata?)
        case text(String, subject: String?)
        /// A shared file (`plugin:share`): an image item source, or a file URL with its UTType.
        case file(SharedFile)
        /// An item of a kind the renderer does not know; it still decides which activities the
        /// sheet offers.
        case other(kind: String)

        /// The URL of a link item.
        var linkURL: String? {
            if case .link(let url, _, _) = self { return url }
            return nil
        }

        var kind: String {
            switch self {
            case .link: return "link"
            case .text: return "text"
            case .file(let file): return file.isImage ? "image" : file.typeIdentifier == "com.adobe.pdf" ? "pdf" : "file"
            case .other(let kind): return kind
            }
        }
    }

    /// A file `plugin:share` handed the sheet: its name, its type, and its pixels when the
    /// caller read them.
    struct SharedFile {
        let name: String
        let typeIdentifier: String
        let isImage: Bool
        let image: InlineImage?
    }

    /// One item the chosen activity received.
    enum DeliveredItem {
        case text(String)
        case link(String)
        /// A file or an image: its name, its type, and how it arrived (`URL`, `Data (pngData())`…).
        case file(name: String, typeIdentifier: String, arrivesAs: String?, isImage: Bool)

        /// The item as one line of text (what Copy puts on the pasteboard for a string).
        var line: String {
            switch self {
            case .text(let text), .link(let text): return text
            case .file(let name, let type, _, _): return "\(name) (\(type))"
            }
        }
    }

    /// The header a `plugin:share` record states it shows (seed 002's `LPLinkMetadata`, subtitle
    /// trick included), with the icon's pixels when the record or the caller has them.
    struct StatedHeader {
        let title: String?
        let subtitle: String?
        /// The `iconProvider`'s image; `nil` when the header has none.
        let icon: Icon?
    }

    /// `LPLinkMetadata` as the record carries it.
    struct Metadata {
        let title: String?
        let url: String?
        let originalURL: String?
        let icon: Icon?
    }

    /// The `iconProvider`'s image: what it was, and its bytes when the record embeds them.
    struct Icon {
        let sourceURL: String
        let byteCount: Int
        let typeIdentifier: String
        let image: InlineImage?
    }

    struct Completion {
        let activityType: String?
        let completed: Bool
        let reason: String?
    }

    struct Delivered {
        let subject: String?
        let items: [DeliveredItem]
    }

    struct IconLoad {
        let outcome: String
        let elapsedMs: Int
        let reason: String?
    }

    let device: Device
    /// The plugin method that presented: `shareText` (frak-share) or `share` (plugin `share`).
    let nativeMethod: String
    let items: [Item]
    /// `plugin:share`'s `header`; `nil` for share_text, whose header UIKit draws from the link.
    let statedHeader: StatedHeader?
    let iconLoad: IconLoad?
    /// The popover's anchor in the root view (iPad), `nil` on iPhone.
    let anchor: (x: Double, y: Double)?
    /// What the user did; `nil` while the sheet is up (the record of a sheet still presented).
    let completion: Completion?
    let delivered: Delivered?

    /// Reads `record`; `images` holds the bytes of the files it names (`imageFiles(in:)`).
    init(_ record: RecordReader, images: [String: [UInt8]] = [:]) throws(RenderError) {
        let deviceName = try record.string("device")
        guard let device = Device(rawValue: deviceName) else {
            throw RenderError("the record's `device` must be iphone or ipad; got \(deviceName)")
        }
        self.device = device
        nativeMethod = try record.optionalString("nativeMethod") ?? "shareText"
        var items: [Item] = []
        for item in try record.array("activityItems") {
            switch try item.string("kind") {
            case "link":
                items.append(.link(url: try item.string("url"), subject: try item.optionalString("subject"),
                                   metadata: try item.optionalObject("metadata").map { (m) throws(RenderError) in try Metadata(m) }))
            case "text":
                items.append(.text(try item.string("text"), subject: try item.optionalString("subject")))
            case let kind where (kind == "image" || kind == "file") && item.value["file"] != nil:
                let file = try item.object("file")
                let isImage = kind == "image"
                items.append(.file(SharedFile(name: try file.string("name"),
                                              typeIdentifier: try item.optionalString("dataTypeIdentifier") ?? "public.data",
                                              isImage: isImage,
                                              image: isImage ? IOSSheet.pixels(of: file.value, images: images) : nil)))
            case let kind:
                items.append(.other(kind: kind))
            }
        }
        guard !items.isEmpty else {
            throw RenderError("the record's `activityItems` is empty: UIKit would show an empty sheet that dismisses at once")
        }
        self.items = items
        statedHeader = try record.optionalObject("header").map { (h) throws(RenderError) in
            try IOSSheet.statedHeader(h, metadata: try record.optionalObject("linkMetadata"), images: images)
        }
        iconLoad = try record.optionalObject("iconLoad").map { (l) throws(RenderError) in
            IconLoad(outcome: try l.string("outcome"), elapsedMs: Int(try l.optionalNumber("elapsedMs") ?? 0),
                     reason: try l.optionalString("reason"))
        }
        if let popover = try record.optionalObject("popover") {
            let rect = try popover.object("sourceRect")
            anchor = (try rect.number("x"), try rect.number("y"))
        } else {
            anchor = nil
        }
        completion = try record.optionalObject("completion").map { (c) throws(RenderError) in
            Completion(activityType: try c.optionalString("activityType"), completed: try c.bool("completed"),
                       reason: try c.optionalString("reason"))
        }
        delivered = try record.optionalObject("delivered").map { (d) throws(RenderError) in
            Delivered(subject: try d.optionalString("subject"), items: try d.array("items").map { (item) throws(RenderError) in
                try IOSSheet.deliveredItem(item, link: items.lazy.compactMap(\.linkURL).first)
            })
        }
    }

    /// One delivered item: share_text delivers strings (the link is the item equal to its URL);
    /// plugin:share delivers objects (`{kind, type, as, text | url | name}`).
    private static func deliveredItem(_ item: RecordReader, link: String?) throws(RenderError) -> DeliveredItem {
        if let text = item.value.stringValue { return text == link ? .link(text) : .text(text) }
        switch try item.optionalString("kind") {
        case "link": return .link(try item.string("url"))
        case "text": return .text(try item.string("text"))
        case let kind:
            return .file(name: try item.optionalString("name") ?? kind ?? "item",
                         typeIdentifier: try item.optionalString("type") ?? "public.data",
                         arrivesAs: try item.optionalString("as"), isImage: kind == "image")
        }
    }

    /// `plugin:share`'s `header`, its icon's pixels taken from `linkMetadata.icon.dataURL` or
    /// from the file the header names.
    private static func statedHeader(_ header: RecordReader, metadata: RecordReader?,
                                     images: [String: [UInt8]]) throws(RenderError) -> StatedHeader {
        let named = try header.optionalObject("icon")
        var icon: Icon?
        if named != nil, let m = try metadata?.optionalObject("icon") {
            icon = Icon(sourceURL: try m.string("sourceURL"), byteCount: Int(try m.optionalNumber("byteCount") ?? 0),
                        typeIdentifier: try m.optionalString("typeIdentifier") ?? "public.image",
                        image: try m.optionalString("dataURL").flatMap(InlineImage.init(dataURL:)))
        }
        if icon?.image == nil, let named {
            let image = IOSSheet.pixels(of: named.value, images: images)
            icon = Icon(sourceURL: try named.optionalString("source") ?? "", byteCount: image?.byteCount ?? icon?.byteCount ?? 0,
                        typeIdentifier: try named.optionalString("typeIdentifier") ?? "public.image", image: image)
        }
        return StatedHeader(title: try header.optionalString("title"), subtitle: try header.optionalString("subtitle"), icon: icon)
    }

    /// The pixels of a file the record names: its bytes read by the caller (`path`, or the
    /// header's `source`), or a `data:` URL it came from.
    private static func pixels(of file: JSON, images: [String: [UInt8]]) -> InlineImage? {
        for key in ["path", "source"] {
            guard let name = file[key]?.stringValue else { continue }
            if let bytes = images[name], let image = InlineImage(bytes: bytes) { return image }
            if name.hasPrefix("data:"), let image = InlineImage(dataURL: name) { return image }
        }
        return nil
    }

    /// The files whose bytes the rendering of an iOS `plugin:share` record shows: the shared
    /// images, and the header's icon.
    static func imageFiles(in record: JSON) -> [String] {
        var files: [String] = []
        for item in record["activityItems"]?.arrayValue ?? [] where item["kind"]?.stringValue == "image" {
            if let path = item["file"]?["path"]?.stringValue { files.append(path) }
        }
        if let source = record["header"]?["icon"]?["source"]?.stringValue, !files.contains(source) { files.append(source) }
        return files
    }

    /// The first link item's URL and metadata.
    var link: (url: String, metadata: Metadata?)? {
        for case .link(let url, _, let metadata) in items { return (url, metadata) }
        return nil
    }

    /// The shared file named `name`, for its pixels.
    func file(named name: String) -> SharedFile? {
        for case .file(let file) in items where file.name == name { return file }
        return nil
    }

    /// The text item's body.
    var text: String? {
        for case .text(let text, _) in items { return text }
        return nil
    }
}

extension IOSSheet.Metadata {
    init(_ m: RecordReader) throws(RenderError) {
        title = try m.optionalString("title")
        url = try m.optionalString("url")
        originalURL = try m.optionalString("originalURL")
        icon = try m.optionalObject("icon").map { (i) throws(RenderError) in
            IOSSheet.Icon(sourceURL: try i.string("sourceURL"), byteCount: Int(try i.optionalNumber("byteCount") ?? 0),
                          typeIdentifier: try i.optionalString("typeIdentifier") ?? "public.image",
                          image: try i.optionalString("dataURL").flatMap(InlineImage.init(dataURL:)))
        }
    }
}

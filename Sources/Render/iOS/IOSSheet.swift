import Foundation

/// An iOS presentation record, read: what `UIActivityViewController` was handed and what the
/// user did, in the terms the rendering needs.
struct IOSSheet {
    enum Device: String { case iphone, ipad }

    /// An activity item, as the sheet sees it.
    enum Item {
        case link(url: String, subject: String?, metadata: Metadata?)
        case text(String, subject: String?)
        /// An item the bridge's records do not carry today (`image`, `file`); it still decides
        /// which activities the sheet offers.
        case other(kind: String)

        var kind: String {
            switch self {
            case .link: return "link"
            case .text: return "text"
            case .other(let kind): return kind
            }
        }
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
        let items: [String]
    }

    struct IconLoad {
        let outcome: String
        let elapsedMs: Int
        let reason: String?
    }

    let device: Device
    let items: [Item]
    let iconLoad: IconLoad?
    /// The popover's anchor in the root view (iPad), `nil` on iPhone.
    let anchor: (x: Double, y: Double)?
    /// What the user did; `nil` while the sheet is up (the record of a sheet still presented).
    let completion: Completion?
    let delivered: Delivered?

    init(_ record: RecordReader) throws(RenderError) {
        let deviceName = try record.string("device")
        guard let device = Device(rawValue: deviceName) else {
            throw RenderError("the record's `device` must be iphone or ipad; got \(deviceName)")
        }
        self.device = device
        var items: [Item] = []
        for item in try record.array("activityItems") {
            switch try item.string("kind") {
            case "link":
                items.append(.link(url: try item.string("url"), subject: try item.optionalString("subject"),
                                   metadata: try item.optionalObject("metadata").map { (m) throws(RenderError) in try Metadata(m) }))
            case "text":
                items.append(.text(try item.string("text"), subject: try item.optionalString("subject")))
            case let kind:
                items.append(.other(kind: kind))
            }
        }
        guard !items.isEmpty else {
            throw RenderError("the record's `activityItems` is empty: UIKit would show an empty sheet that dismisses at once")
        }
        self.items = items
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
                try IOSSheet.deliveredItem(item)
            })
        }
    }

    /// One delivered item as the result view shows it: share_text delivers strings; plugin:share
    /// delivers objects (`{kind, type, as, text | url | name}`), shown as their text, their link
    /// or the file's name and type.
    private static func deliveredItem(_ item: RecordReader) throws(RenderError) -> String {
        if let text = item.value.stringValue { return text }
        if let text = try item.optionalString("text") { return text }
        if let url = try item.optionalString("url") { return url }
        var name = try item.optionalString("name")
        if name == nil { name = try item.optionalString("kind") }
        guard let type = try item.optionalString("type") else { return name ?? "item" }
        return "\(name ?? "item") (\(type))"
    }

    /// The first link item's URL and metadata.
    var link: (url: String, metadata: Metadata?)? {
        for case .link(let url, _, let metadata) in items { return (url, metadata) }
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

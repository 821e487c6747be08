import BridgeJSON
import BridgeProtocol

/// A `share` payload as a native handler reads it (layers 2 and 3): camelCase keys, strings
/// (an empty one is absent), the resolved files checked again.
///
/// Refusals (`-32602`, `data.layer` the backend's): a payload that is not an object
/// (`Missing share payload`); nothing to share (`ShareRequest.nothingToShare`); an empty
/// `files`; a `files` list that does not match the resolved files; a file that is gone or
/// changed since layer 1 read it.
public struct ShareRequest: Sendable {
    public var title: String?
    public var text: String?
    public var url: String?
    public var dialogTitle: String?
    public var files: [ShareFile]
    public var preview: Preview?

    /// `preview`: seed 003's `SharePreview(title, image)` and seed 002's subtitle.
    public struct Preview: Sendable, Equatable {
        public var title: String?
        public var subtitle: String?
        public var image: ShareFile?
    }

    /// The refusal when none of `title`, `text`, `url` and `files` is given.
    public static let nothingToShare = "Missing 'title', 'text', 'url' or 'files' parameter"

    public init(_ call: ShareCall, layer: String) throws(ResponseError) {
        func refuse(_ message: String, field: String? = nil) -> ResponseError {
            var details: JSONObject = ["layer": .string(layer)]
            if let field { details["field"] = .string(field) }
            return .invalidParams(message, details: details)
        }
        guard case .object(let object) = call.payload else { throw refuse("Missing share payload") }
        title = ShareRequest.nonEmpty(object["title"])
        text = ShareRequest.nonEmpty(object["text"])
        url = ShareRequest.nonEmpty(object["url"])
        dialogTitle = ShareRequest.nonEmpty(object["dialogTitle"])
        let sent = object["files"]?.arrayValue
        if let sent {
            guard !sent.isEmpty else { throw refuse("invalid args `files`: must not be empty when present", field: "files") }
            guard sent.count == call.files.count,
                  zip(sent, call.files).allSatisfy({ $0.0.stringValue == $0.1.source }) else {
                throw refuse("invalid args `files`: the \(sent.count) files of the payload are not the \(call.files.count) files layer 1 checked", field: "files")
            }
        }
        for (index, file) in call.files.enumerated() where file.bytes() == nil {
            throw refuse("invalid args `files[\(index)]`: \(JSON.string(ShareFile.abbreviated(file.source)).serialized()) is gone or changed since it was checked", field: "files[\(index)]")
        }
        files = sent == nil ? [] : call.files
        if case .object(let p)? = object["preview"] {
            preview = Preview(title: ShareRequest.nonEmpty(p["title"]), subtitle: ShareRequest.nonEmpty(p["subtitle"]),
                              image: ShareRequest.nonEmpty(p["image"]) == nil ? nil : call.previewImage)
        }
        guard title != nil || text != nil || url != nil || !files.isEmpty else { throw refuse(ShareRequest.nothingToShare) }
    }

    private static func nonEmpty(_ value: JSON?) -> String? {
        guard let s = value?.stringValue, !s.isEmpty else { return nil }
        return s
    }
}

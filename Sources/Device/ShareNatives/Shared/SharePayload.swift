import BridgeJSON
import BridgeProtocol

/// A share payload as a native handler reads it: camelCase keys only, strings only.
///
/// Both mobile handlers check it again (layers 2 and 3): a payload that is not an object is
/// `Missing share payload`; one without a non-empty `url` or `text` is
/// `Missing 'url' or 'text' parameter`.
public struct SharePayload: Sendable, Equatable {
    var url: String?
    var text: String?
    var title: String?
    var imageUrl: String?

    /// The refusal of a share with neither a `url` nor a `text`: the Rust command's, and each
    /// native method's again (the one text of it).
    public static let missing = "Missing 'url' or 'text' parameter"

    /// The result `{"shared": true}` and `{"shared": false}`, built once.
    static let shared: JSON = ["shared": true]
    static let notShared: JSON = ["shared": false]

    /// Reads the payload; values that are not strings are ignored, as a native `getString` would.
    init(_ payload: JSON, layer: String) throws(ResponseError) {
        guard case .object(let object) = payload else {
            throw ResponseError.invalidParams("Missing share payload", details: ["layer": .string(layer)])
        }
        url = SharePayload.nonEmpty(object["url"])
        text = SharePayload.nonEmpty(object["text"])
        title = SharePayload.nonEmpty(object["title"])
        imageUrl = SharePayload.nonEmpty(object["imageUrl"])
        guard url != nil || text != nil else {
            throw ResponseError.invalidParams(SharePayload.missing, details: ["layer": .string(layer)])
        }
    }

    private static func nonEmpty(_ value: JSON?) -> String? {
        guard let s = value?.stringValue, !s.isEmpty else { return nil }
        return s
    }
}

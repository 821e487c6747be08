import BridgeCall
import BridgeJSON

/// One call of the `share` plugin as a native method receives it: the camelCase payload, the
/// call's context, and the files layer 1 resolved (`files` in order, and `preview.image`).
public struct ShareCall: Sendable {
    public let payload: JSON
    public let context: CallContext
    /// The resolved `files`, in the payload's order.
    public let files: [ShareFile]
    /// The resolved `preview.image`, when the payload has one.
    public let previewImage: ShareFile?

    public init(payload: JSON, context: CallContext, files: [ShareFile] = [], previewImage: ShareFile? = nil) {
        self.payload = payload
        self.context = context
        self.files = files
        self.previewImage = previewImage
    }
}

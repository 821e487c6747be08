import BridgeJSON
import BridgeStreams

extension PresentationRenderer {
    /// The largest image file a rendering reads (`share`'s per-file cap).
    public static let maxImageBytes = 20 << 20

    /// The bytes of the image files `record` names (`imageFiles(in:)`), for `document` and
    /// `overlay`: the renderer's one read of the filesystem. A record names the files, so each is
    /// read only as a regular file within `maxImageBytes`; one that is missing, a device or too
    /// large is left out and drawn as unreadable, and only bytes that sniff as an image are drawn.
    public static func images(namedIn record: JSON) -> [String: [UInt8]] {
        var images: [String: [UInt8]] = [:]
        for file in imageFiles(in: record) {
            if case .bytes(let bytes) = FileDescriptorIO.readFile(atPath: file, limit: maxImageBytes) { images[file] = bytes }
        }
        return images
    }
}

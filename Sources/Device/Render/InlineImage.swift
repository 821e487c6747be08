import BridgeMedia
import FoundationEssentials
import Glibc
import BridgeSystem

/// An image the rendering shows, inlined as a `data:` URL so the document needs no network.
///
/// The format is recognised from the bytes, never taken from a name or a record's word for it,
/// so a record cannot smuggle markup or a script into the page as an "image".
struct InlineImage: Equatable {
    let kind: ImageKind
    let byteCount: Int
    let dataURL: String

    /// The formats a browser draws; HEIC and TIFF are images an iPhone decodes that Chromium does not.
    static let drawable: Set<ImageKind> = [.png, .jpeg, .gif, .webp, .bmp, .ico]

    /// The image in `bytes`, or `nil` when they are not an image a browser draws.
    init?(bytes: [UInt8]) {
        guard let kind = ImageKind.sniff(bytes), InlineImage.drawable.contains(kind) else { return nil }
        self.kind = kind
        byteCount = bytes.count
        dataURL = "data:\(kind.mimeType);base64,\(Data(bytes).base64EncodedString())"
    }

    /// The image a `data:…;base64,…` URL carries, or `nil` when it is not one (or not an image a
    /// browser draws).
    init?(dataURL: String) {
        guard dataURL.hasPrefix("data:"), let comma = dataURL.firstIndex(of: ","),
              dataURL[..<comma].hasSuffix(";base64"),
              let data = Data(base64Encoded: String(dataURL[dataURL.index(after: comma)...])) else { return nil }
        self.init(bytes: [UInt8](data))
    }
}

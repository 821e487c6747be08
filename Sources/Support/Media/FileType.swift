import FoundationEssentials
import Glibc
import BridgeSystem

/// The type of a shared file that is neither an image nor a movie: its Uniform Type Identifier
/// and MIME type, from its first bytes where they say (`%PDF-`), else from its extension, else
/// `public.data` / `application/octet-stream`.
///
/// The extensions are the types iOS (`UTType(filenameExtension:)`) and Android
/// (`MimeTypeMap.getMimeTypeFromExtension`) give a file by its name: what a shared file URL is
/// typed as on either platform. One table, for the inbox and for `plugin:share`.
public struct FileType: Sendable, Equatable {
    public let typeIdentifier: String
    public let mimeType: String

    public init(typeIdentifier: String, mimeType: String) {
        self.typeIdentifier = typeIdentifier
        self.mimeType = mimeType
    }

    /// The type a name ending in `.fileExtension` has (any case), or `nil` for one the table lacks.
    public static func forExtension(_ fileExtension: String) -> FileType? { byExtension[fileExtension.lowercased()] }

    /// The type whose MIME type is the essence of `mediaType` (`application/json;charset=utf-8`
    /// → `application/json`, any case), or `nil` for one the table lacks.
    public static func forMIMEType(_ mediaType: String) -> FileType? {
        let essence = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingWhitespace().lowercased() } ?? ""
        return essence.isEmpty ? nil : ordered.first { $0.1.mimeType == essence }?.1
    }

    /// The extension a file of this type is given when its name has none: the table's first.
    public var preferredExtension: String? { FileType.ordered.first { $0.1 == self }?.0 }

    static let byExtension: [String: FileType] = Dictionary(ordered.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })

    /// The table, in the order `preferredExtension` reads it (`txt` before `text`).
    static let ordered: [(String, FileType)] = [
        ("pdf", FileType(typeIdentifier: "com.adobe.pdf", mimeType: "application/pdf")),
        ("txt", FileType(typeIdentifier: "public.plain-text", mimeType: "text/plain")),
        ("text", FileType(typeIdentifier: "public.plain-text", mimeType: "text/plain")),
        ("md", FileType(typeIdentifier: "public.plain-text", mimeType: "text/markdown")),
        ("html", FileType(typeIdentifier: "public.html", mimeType: "text/html")),
        ("htm", FileType(typeIdentifier: "public.html", mimeType: "text/html")),
        ("json", FileType(typeIdentifier: "public.json", mimeType: "application/json")),
        ("xml", FileType(typeIdentifier: "public.xml", mimeType: "text/xml")),
        ("csv", FileType(typeIdentifier: "public.comma-separated-values-text", mimeType: "text/csv")),
        ("rtf", FileType(typeIdentifier: "public.rtf", mimeType: "text/rtf")),
        ("vcf", FileType(typeIdentifier: "public.vcard", mimeType: "text/x-vcard")),
        ("zip", FileType(typeIdentifier: "public.zip-archive", mimeType: "application/zip")),
        ("mp3", FileType(typeIdentifier: "public.mp3", mimeType: "audio/mpeg")),
        ("m4a", FileType(typeIdentifier: "public.mpeg-4-audio", mimeType: "audio/mp4")),
        ("wav", FileType(typeIdentifier: "com.microsoft.waveform-audio", mimeType: "audio/x-wav")),
        ("pkpass", FileType(typeIdentifier: "com.apple.pkpass", mimeType: "application/vnd.apple.pkpass")),
        ("plist", FileType(typeIdentifier: "com.apple.property-list", mimeType: "application/x-plist")),
    ]

    /// Bytes of no known type: `public.data`, `application/octet-stream`.
    public static let data = FileType(typeIdentifier: "public.data", mimeType: "application/octet-stream")

    /// The type of a file whose first bytes are `head` and whose name ends in `.fileExtension`.
    public static func identify(head: [UInt8], fileExtension: String) -> FileType {
        if head.starts(with: Array("%PDF-".utf8)) { return byExtension["pdf"] ?? data }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) && fileExtension.lowercased() != "pkpass" { return byExtension["zip"] ?? data }
        return byExtension[fileExtension.lowercased()] ?? data
    }
}

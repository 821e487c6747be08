import BridgeJSON
import BridgeMedia
import FoundationEssentials
import Glibc
import BridgeSystem

/// One file of a `share` call after layer 1 resolved it: where its bytes are, how many, and its
/// type as recognised from those bytes. Both backends consume this value; neither resolves a
/// `files` string again.
///
/// - Important: the shape is shared by the iOS and the Android backend; it is the contract
///   between layer 1 and both of them.
public struct ShareFile: Sendable, Equatable {
    /// Where the bytes are.
    public enum Location: Sendable, Equatable {
        /// A local file inside an allowed root (an absolute path or a `file://` URL), by its
        /// canonical path; it is read again, without following links, when a backend needs it.
        case path(String)
        /// Bytes held in memory: a `data:` URL's payload, or an http(s) download.
        case bytes([UInt8])
    }

    /// What the front end sent, as it sent it (`files[i]`).
    public let source: String
    /// How `source` was given.
    public let scheme: SourceScheme
    public let location: Location
    public let byteCount: Int
    public let kind: ShareFileKind
    /// The name a receiver shows: the file's last path component, a `data:` URL's `name`
    /// parameter, or one made from the type (`image.png`, `file.pdf`) for `data:` URLs and
    /// downloads without a name.
    public let displayName: String

    public init(source: String, scheme: SourceScheme, location: Location, byteCount: Int, kind: ShareFileKind, displayName: String) {
        self.source = source
        self.scheme = scheme
        self.location = location
        self.byteCount = byteCount
        self.kind = kind
        self.displayName = displayName
    }

    /// How a `files` entry was written.
    public enum SourceScheme: String, Sendable, Equatable {
        case path, fileURL = "file", dataURL = "data", http
    }

    public var mimeType: String { kind.mimeType }
    public var typeIdentifier: String { kind.typeIdentifier }
    /// The image format, when the file is an image.
    public var image: ImageKind? { if case .image(let k) = kind { k } else { nil } }

    /// The local path, when the bytes are in a file.
    public var path: String? { if case .path(let p) = location { p } else { nil } }

    /// The bytes, read again from disk for a `.path` location (no link followed, at most
    /// `byteCount` bytes); `nil` when the file is gone or changed size since layer 1.
    public func bytes() -> [UInt8]? {
        switch location {
        case .bytes(let b): return b
        case .path(let p):
            guard let read = try? ConfinedFile.read(p, limit: byteCount), read.count == byteCount else { return nil }
            return read
        }
    }

    /// The file as records show it (no bytes).
    public var record: JSON {
        var r: JSONObject = [
            "source": .string(ShareFile.abbreviated(source)),
            "scheme": .string(scheme.rawValue),
            "name": .string(displayName),
            "byteCount": .integer(byteCount),
            "mimeType": .string(mimeType),
            "typeIdentifier": .string(typeIdentifier),
        ]
        if let path { r["path"] = .string(path) }
        return .object(r)
    }

    /// A `data:` URL cut to its header and first bytes, so records stay small.
    public static func abbreviated(_ source: String) -> String {
        guard source.utf8.count > 120, source.lowercased().hasPrefix("data:") else { return source }
        return String(source.prefix(100)) + "…(\(source.utf8.count) characters)"
    }
}

/// The type of a shared file: recognised from its bytes where they are unmistakable, else the
/// type its name gives, as both platforms type a shared file.
public enum ShareFileKind: Sendable, Equatable {
    case image(ImageKind)
    case movie(MovieKind)
    case document(DocumentKind)
    /// A type the bytes do not show: the one the name's extension gives (iOS types a file URL by
    /// its path extension, `@capacitor/share`'s Android `getMimeType` by
    /// `MimeTypeMap.getMimeTypeFromExtension`), or a `data:` URL's declared type.
    case named(FileType)
    /// Anything else: `public.data`, `application/octet-stream`.
    case data

    /// Recognises `bytes` (the whole file) alone.
    public static func sniff(_ bytes: [UInt8]) -> ShareFileKind {
        if let image = ImageKind.sniff(bytes) { return .image(image) }
        if let movie = MovieKind.sniff(bytes) { return .movie(movie) }
        if let document = DocumentKind.sniff(bytes) { return .document(document) }
        return .data
    }

    /// The type of a file of `bytes` named `name`, sent with `declaredType` (a `data:` URL's
    /// media type, what browser mode's `navigator.share` sends as the `File`'s type): an image,
    /// a movie or a PDF by its bytes; else the type of the name's extension, as the platforms
    /// take it; else the declared type, which a Web Share implementation hands the platform
    /// with the file; else plain text when the bytes are text; else `public.data`.
    public static func identify(_ bytes: [UInt8], name: String?, declaredType: String? = nil) -> ShareFileKind {
        let sniffed = sniff(bytes)
        switch sniffed {
        case .image, .movie, .document(.pdf): return sniffed
        case .document(.plainText), .named, .data: break
        }
        let byName = name.flatMap { n in n.lastIndex(of: ".").flatMap { FileType.forExtension(String(n[n.index(after: $0)...])) } }
        guard let type = byName ?? declaredType.flatMap(FileType.forMIMEType) else { return sniffed }
        // Plain text keeps its own case, whichever way it was found.
        return type == FileType.forExtension(DocumentKind.plainText.fileExtension) ? .document(.plainText) : .named(type)
    }

    public var typeIdentifier: String {
        switch self {
        case .image(let k): return k.typeIdentifier
        case .movie(let k): return k.typeIdentifier
        case .document(let k): return k.typeIdentifier
        case .named(let t): return t.typeIdentifier
        case .data: return "public.data"
        }
    }

    public var mimeType: String {
        switch self {
        case .image(let k): return k.mimeType
        case .movie(let k): return k.mimeType
        case .document(let k): return k.mimeType
        case .named(let t): return t.mimeType
        case .data: return "application/octet-stream"
        }
    }

    public var fileExtension: String {
        switch self {
        case .image(let k): return k.fileExtension
        case .movie(let k): return k.fileExtension
        case .document(let k): return k.fileExtension
        case .named(let t): return t.preferredExtension ?? "bin"
        case .data: return "bin"
        }
    }
}

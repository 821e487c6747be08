import BridgeMedia
import FoundationEssentials
import Glibc
import BridgeSystem

/// What a share extension received, before it is stored: text, a URL, attachment files with
/// their kinds recognised from their bytes.
public struct ShareDraft: Sendable, Equatable {
    /// An attachment file and what its bytes say it is.
    public struct Attachment: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case image, movie, file
        }

        public let path: String
        public let kind: Kind
        /// The Uniform Type Identifier: `public.png`, `public.mpeg-4`, `public.data`…
        public let typeIdentifier: String
        /// The extension the inbox stores it with.
        public let fileExtension: String
        public let mimeType: String?
    }

    public private(set) var text: String?
    public private(set) var url: String?
    public private(set) var attachments: [Attachment]

    /// Reads the attachments' first bytes to classify them. Files given as images or movies must
    /// be images or movies; files given as plain files that turn out to be images or movies
    /// count as such (iOS would see their type too).
    /// - Throws: `InboxError` for unreadable files or a file that is not what it is given as.
    public init(text: String?, url: String?, images: [String], movies: [String], files: [String]) throws(InboxError) {
        self.text = text
        self.url = url
        var attachments: [Attachment] = []
        for (paths, claimed) in [(images, Attachment.Kind.image), (movies, .movie), (files, .file)] {
            for path in paths {
                let head = try ShareDraft.head(path)
                let image = ImageKind.sniff(head)
                let movie = MovieKind.sniff(head)
                switch claimed {
                case .image where image == nil:
                    throw InboxError(.invalidShare, "\(path) is not an image: its bytes match no image format (PNG, JPEG, GIF, WebP, HEIC, BMP, TIFF, ICO)")
                case .movie where movie == nil:
                    throw InboxError(.invalidShare, "\(path) is not a movie: its bytes match no movie container (MP4, QuickTime, AVI, Matroska)")
                default:
                    break
                }
                if let image {
                    attachments.append(Attachment(path: path, kind: .image, typeIdentifier: image.typeIdentifier,
                                                  fileExtension: image.fileExtension, mimeType: image.mimeType))
                } else if let movie {
                    attachments.append(Attachment(path: path, kind: .movie, typeIdentifier: movie.typeIdentifier,
                                                  fileExtension: movie.fileExtension, mimeType: nil))
                } else {
                    let ext = Paths.pathExtension(path).lowercased()
                    let safe = ext.count <= 10 && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? ext : ""
                    let type = FileType.identify(head: head, fileExtension: ext)
                    attachments.append(Attachment(path: path, kind: .file, typeIdentifier: type.typeIdentifier,
                                                  fileExtension: safe.isEmpty ? "bin" : safe, mimeType: type.mimeType))
                }
            }
        }
        self.attachments = attachments
    }

    /// The draft with plain files (`public.data`) typed by the extensions `types` declares, as
    /// iOS types a file from the app's `UTExportedTypeDeclarations`.
    public func typed(by types: UniformTypes) -> ShareDraft {
        var copy = self
        copy.attachments = attachments.map { a in
            guard a.kind == .file, a.typeIdentifier == FileType.data.typeIdentifier,
                  let declared = types.declaredType(forExtension: Paths.pathExtension(a.path)) else { return a }
            return Attachment(path: a.path, kind: a.kind, typeIdentifier: declared, fileExtension: a.fileExtension, mimeType: a.mimeType)
        }
        return copy
    }

    /// The same attachments with another text and URL.
    public func replacing(text: String?, url: String?) -> ShareDraft {
        var copy = self
        copy.text = text
        copy.url = url
        return copy
    }

    public func count(_ kind: Attachment.Kind) -> Int { attachments.filter { $0.kind == kind }.count }

    private static func head(_ path: String) throws(InboxError) -> [UInt8] {
        guard let kind = Disk.kind(path), kind != .directory, let head = Disk.read(path, upTo: 64) else {
            throw InboxError(.invalidShare, "cannot read \(path): no such file, or a folder")
        }
        return head
    }
}

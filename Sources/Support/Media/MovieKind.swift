/// Movie containers recognised from their first bytes, never from a name.
public enum MovieKind: String, Sendable, CaseIterable {
    case quickTime, mpeg4, avi, matroska

    /// The Uniform Type Identifier iOS reports for the container.
    public var typeIdentifier: String {
        switch self {
        case .quickTime: return "com.apple.quicktime-movie"
        case .mpeg4: return "public.mpeg-4"
        case .avi: return "public.avi"
        case .matroska: return "org.matroska.mkv"
        }
    }

    /// The MIME type Android's `ContentResolver.getType` reports.
    public var mimeType: String {
        switch self {
        case .quickTime: return "video/quicktime"
        case .mpeg4: return "video/mp4"
        case .avi: return "video/x-msvideo"
        case .matroska: return "video/x-matroska"
        }
    }

    /// The file extension the inbox stores the movie with.
    public var fileExtension: String {
        switch self {
        case .quickTime: return "mov"
        case .mpeg4: return "mp4"
        case .avi: return "avi"
        case .matroska: return "mkv"
        }
    }

    /// Recognises ISO base media (`ftyp` with a movie brand), AVI and Matroska/WebM.
    public static func sniff(_ b: [UInt8]) -> MovieKind? {
        func text(_ range: Range<Int>) -> String? {
            b.count >= range.upperBound ? String(decoding: b[range], as: UTF8.self) : nil
        }
        if text(4..<8) == "ftyp", let brand = text(8..<12) {
            if brand == "qt  " { return .quickTime }
            // Image brands of the same container family are images, not movies.
            if ["heic", "heix", "mif1", "msf1", "avif", "heim", "heis"].contains(brand) { return nil }
            return .mpeg4
        }
        if text(0..<4) == "RIFF", text(8..<12) == "AVI " { return .avi }
        if b.count >= 4, b[0] == 0x1A, b[1] == 0x45, b[2] == 0xDF, b[3] == 0xA3 { return .matroska }
        return nil
    }
}

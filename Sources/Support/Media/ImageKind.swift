/// Image formats recognised from their first bytes, never from a name or a header.
public enum ImageKind: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, heic, bmp, tiff, ico

    /// The Uniform Type Identifier iOS reports for the format.
    public var typeIdentifier: String {
        switch self {
        case .png: return "public.png"
        case .jpeg: return "public.jpeg"
        case .gif: return "com.compuserve.gif"
        case .webp: return "org.webmproject.webp"
        case .heic: return "public.heic"
        case .bmp: return "com.microsoft.bmp"
        case .tiff: return "public.tiff"
        case .ico: return "com.microsoft.ico"
        }
    }

    /// The file extension the inbox stores the image with.
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .gif: return "gif"
        case .webp: return "webp"
        case .heic: return "heic"
        case .bmp: return "bmp"
        case .tiff: return "tiff"
        case .ico: return "ico"
        }
    }

    /// The MIME type, for `data:` URLs.
    public var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .heic: return "image/heic"
        case .bmp: return "image/bmp"
        case .tiff: return "image/tiff"
        case .ico: return "image/x-icon"
        }
    }

    /// Recognises the format `UIImage(data:)` would decode, from the file's leading bytes.
    public static func sniff(_ b: [UInt8]) -> ImageKind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("heic".utf8), at: 8) || starts(Array("heix".utf8), at: 8)
            || starts(Array("mif1".utf8), at: 8)) { return .heic }
        if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x00, 0x00, 0x01, 0x00]) && b.count >= 22 { return .ico }
        return nil
    }
}

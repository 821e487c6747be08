/// Documents recognised from their bytes: PDF by its `%PDF-` header, plain text by being
/// valid UTF-8 without control characters (tabs and line breaks aside). Never from a name.
public enum DocumentKind: String, Sendable, CaseIterable {
    case pdf, plainText

    /// The Uniform Type Identifier iOS reports for the document.
    public var typeIdentifier: String {
        switch self {
        case .pdf: return "com.adobe.pdf"
        case .plainText: return "public.plain-text"
        }
    }

    /// The MIME type Android's `ContentResolver.getType` reports.
    public var mimeType: String {
        switch self {
        case .pdf: return "application/pdf"
        case .plainText: return "text/plain"
        }
    }

    public var fileExtension: String {
        switch self {
        case .pdf: return "pdf"
        case .plainText: return "txt"
        }
    }

    /// Recognises a document from its whole content `b` (plain text needs all of it: a binary
    /// byte anywhere makes it data).
    public static func sniff(_ b: [UInt8]) -> DocumentKind? {
        if b.starts(with: Array("%PDF-".utf8)) { return .pdf }
        guard !b.isEmpty, !b.contains(where: isControl), String(validating: b, as: UTF8.self) != nil else { return nil }
        return .plainText
    }

    /// A C0 control or DEL, other than tab, line feed, carriage return and form feed.
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C) || byte == 0x7F
    }
}

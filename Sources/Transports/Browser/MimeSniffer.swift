/// The `Content-Type` the asset protocol gives a file: tauri-utils' `MimeType::parse` (tauri
/// `crates/tauri-utils/src/mime_type.rs` @ 3926d0fb) — the type the `infer` crate finds in the
/// first bytes, unless the name ends in `.svg` or `infer` says `text/plain`; else the name's
/// extension, `text/html` for an unknown one and `application/octet-stream` for none.
///
/// The magic numbers are those of `infer` 0.19's matchers for the types a front end shows or
/// plays (images, audio, video, fonts, pdf, archives, wasm, html, xml); a rarer type `infer`
/// knows (an office document, an executable) falls back to the extension here.
enum MimeSniffer {
    static func type(of head: [UInt8], path: String) -> String {
        if !path.hasSuffix(".svg"), let found = infer(head) { return found }
        return byExtension(path)
    }

    /// `MimeType::parse_from_uri_with_fallback(uri, Html)`: the text after the last `.`.
    static func byExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "application/octet-stream" }
        switch path[path.index(after: dot)...] {
        case "bin": return "application/octet-stream"
        case "css", "less", "sass", "styl": return "text/css"
        case "csv": return "text/csv"
        case "html": return "text/html"
        case "ico": return "image/vnd.microsoft.icon"
        case "js", "mjs": return "text/javascript"
        case "json": return "application/json"
        case "jsonld": return "application/ld+json"
        case "mp4": return "video/mp4"
        case "rtf": return "application/rtf"
        case "svg": return "image/svg+xml"
        case "txt": return "text/plain"
        default: return "text/html"
        }
    }

    /// What `infer::get` names, in its matchers' order, or `nil`.
    static func infer(_ b: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + bytes.count && Array(b[offset..<offset + bytes.count]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        // Images.
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if ascii("GIF8") { return "image/gif" }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return "image/webp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if ascii("BM"), b.count > 14 { return "image/bmp" }
        if ascii("ftyp", at: 4), b.count >= 12 {
            switch String(decoding: b[8..<12], as: UTF8.self) {
            case "avif", "avis": return "image/avif"
            case "heic", "heix", "hevc", "hevx", "mif1", "msf1": return "image/heif"
            case "qt  ": return "video/quicktime"
            case "M4V ", "M4VH", "M4VP": return "video/x-m4v"
            case "M4A ": return "audio/m4a"
            default: return "video/mp4"
            }
        }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "image/vnd.microsoft.icon" }
        if ascii("8BPS") { return "image/vnd.adobe.photoshop" }
        // Video and audio.
        if starts([0x1A, 0x45, 0xDF, 0xA3]) {
            return b.count >= 64 && String(decoding: b.prefix(64), as: UTF8.self).contains("webm") ? "video/webm" : "video/x-matroska"
        }
        if ascii("RIFF"), ascii("AVI ", at: 8) { return "video/x-msvideo" }
        if ascii("FLV") { return "video/x-flv" }
        if ascii("MThd") { return "audio/midi" }
        if ascii("ID3") || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) { return "audio/mpeg" }
        if ascii("OggS") { return "audio/ogg" }
        if ascii("fLaC") { return "audio/x-flac" }
        if ascii("RIFF"), ascii("WAVE", at: 8) { return "audio/x-wav" }
        if ascii("FORM"), ascii("AIFF", at: 8) { return "audio/x-aiff" }
        // Fonts.
        if ascii("wOFF") { return "application/font-woff" }
        if ascii("wOF2") { return "application/font-woff" }
        if starts([0x00, 0x01, 0x00, 0x00, 0x00]) { return "application/font-sfnt" }
        if ascii("OTTO") { return "application/font-sfnt" }
        // Documents and archives.
        if ascii("%PDF") { return "application/pdf" }
        if starts([0x50, 0x4B]) && (b.count > 3 && (b[2] == 3 || b[2] == 5 || b[2] == 7) && (b[3] == 4 || b[3] == 6 || b[3] == 8)) {
            return "application/zip"
        }
        if starts([0x1F, 0x8B, 0x08]) { return "application/gzip" }
        if ascii("ustar", at: 257) { return "application/x-tar" }
        if ascii("Rar!") { return "application/vnd.rar" }
        if ascii("BZh") { return "application/x-bzip2" }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "application/x-7z-compressed" }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "application/x-xz" }
        if ascii("SQLite format 3\0") { return "application/vnd.sqlite3" }
        if starts([0x00, 0x61, 0x73, 0x6D]) { return "application/wasm" }
        // Text.
        if let html = html(b) { return html }
        if ascii("<?xml") { return "text/xml" }
        if ascii("#!") { return "text/x-shellscript" }
        return nil
    }

    /// `infer::text::is_html`: after leading whitespace, one of HTML's opening tags (any case)
    /// followed by a space or `>`.
    private static func html(_ b: [UInt8]) -> String? {
        let rest = b.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        let lower = String(decoding: rest.prefix(16), as: UTF8.self).lowercased()
        let tags = ["<!doctype html", "<html", "<head", "<script", "<iframe", "<h1", "<div", "<font", "<table", "<a", "<style",
                    "<title", "<b", "<body", "<br", "<p", "<!--"]
        for tag in tags where lower.hasPrefix(tag) {
            let after = lower.dropFirst(tag.count).first
            if tag == "<!--" || after == " " || after == ">" { return "text/html" }
        }
        return nil
    }
}

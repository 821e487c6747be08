import BridgeHTTPServer
import FoundationEssentials
import Glibc
import BridgeSystem

/// `--static DIR`: a built front end, served from DIR only.
///
/// A path is percent-decoded and resolved inside DIR; `..` segments, NUL bytes and symbolic links
/// that lead out of DIR are refused (404, as if absent). `/`, and extension-less paths with no file,
/// answer `index.html` (single-page apps). Every HTML page gets
/// `<script src="/__bridge/tauri.js"></script>` as the first element of its `<head>`, unless it
/// already references `/__bridge/tauri.js` or carries `<meta name="bridge" content="no-inject">`.
struct StaticFiles: Sendable {
    /// DIR, resolved (symbolic links followed).
    let root: String

    init(directory: String) throws(BrowserSetupError) {
        let absolute = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
        guard let resolved = StaticFiles.realPath(absolute) else {
            throw BrowserSetupError("--static '\(directory)' does not exist")
        }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder else {
            throw BrowserSetupError("--static '\(directory)' is not a folder")
        }
        root = resolved
    }

    /// The response for `GET path` (still percent-encoded).
    /// The largest HTML page read whole to inject the script; a larger one is sent as it is.
    static let maxInjectedPageBytes = 16 * 1024 * 1024

    /// - Parameter range: the request's `Range` header: one byte range is answered 206 with
    ///   `Content-Range`, an unsatisfiable one 416; files are streamed, never read whole.
    func response(for rawPath: String, headOnly: Bool, range: String? = nil) -> HTTPResponse {
        guard let decoded = PercentEncoding.decode(rawPath), !decoded.contains("\0") else {
            return .text(.badRequest, "malformed percent-encoding in the path")
        }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." }) {
            return .text(.notFound, "not found: \(decoded) (paths may not leave the --static folder)")
        }
        var candidate = segments.isEmpty ? "index.html" : segments.joined(separator: "/")
        var file = resolve(candidate)
        if let f = file, isFolder(f) {
            candidate += "/index.html"
            file = resolve(candidate)
        }
        if file == nil {
            let last = segments.last.map(String.init) ?? ""
            guard !last.contains(".") else {
                return .text(.notFound, "not found: \(decoded) (no such file in the --static folder)")
            }
            file = resolve("index.html")
            guard file != nil else {
                return .text(.notFound, "not found: \(decoded), and the --static folder has no index.html to fall back to")
            }
        }
        guard let path = file, let size = StaticFiles.fileSize(path) else {
            return .text(.notFound, "not found: \(decoded)")
        }
        let type = StaticFiles.contentType(path)
        var headers: HTTPHeaders = ["Content-Type": type, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"]
        if type.hasPrefix("text/html") && size <= StaticFiles.maxInjectedPageBytes {
            guard let data = FileManager.default.contents(atPath: path) else { return .text(.notFound, "not found: \(decoded)") }
            let body = StaticFiles.inject([UInt8](data))
            if headOnly { headers["Content-Length"] = String(body.count) }
            return HTTPResponse(status: .ok, headers: headers, body: body)
        }
        headers["Accept-Ranges"] = "bytes"
        var response = HTTPResponse(status: .ok, headers: headers)
        switch StaticFiles.byteRange(range, size: size) {
        case .whole:
            response.file = HTTPFileBody(path: path, offset: 0, length: size)
        case .part(let first, let last):
            response.status = .partialContent
            response.headers["Content-Range"] = "bytes \(first)-\(last)/\(size)"
            response.file = HTTPFileBody(path: path, offset: first, length: last - first + 1)
        case .unsatisfiable:
            return .text(.rangeNotSatisfiable, "the range \(range ?? "") is outside the file's \(size) bytes",
                         headers: ["Content-Range": "bytes */\(size)"])
        }
        return response
    }

    enum ByteRange: Equatable {
        case whole
        case part(first: Int, last: Int)
        case unsatisfiable
    }

    /// One range of `Range: bytes=…` (RFC 9110 §14.1.2): `a-b`, `a-` or `-suffix`. Several
    /// ranges, or a header that is not a byte range, get the whole file (allowed by §14.2).
    static func byteRange(_ header: String?, size: Int) -> ByteRange {
        guard let header, header.lowercased().hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingWhitespace()
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return .whole }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return parts[1].isEmpty ? .whole : .unsatisfiable }
            return size == 0 ? .unsatisfiable : .part(first: max(0, size - suffix), last: size - 1)
        }
        guard let first = Int(parts[0]), first >= 0 else { return .whole }
        guard first < size else { return .unsatisfiable }
        let last = parts[1].isEmpty ? size - 1 : min(Int(parts[1]) ?? -1, size - 1)
        guard last >= first else { return parts[1].isEmpty || Int(parts[1]) != nil ? .unsatisfiable : .whole }
        return .part(first: first, last: last)
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The real path of `relative` under the root, when it is a file or folder that stays inside it.
    private func resolve(_ relative: String) -> String? {
        guard let real = StaticFiles.realPath(root + "/" + relative) else { return nil }
        guard real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return real
    }

    private func isFolder(_ path: String) -> Bool {
        var folder = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static let scriptTag = "<script src=\"/__bridge/tauri.js\"></script>"

    // What `inject` looks for, as Swift regexes (made per page: `Regex` is not `Sendable`),
    // matching Unicode scalars as a browser's tokenizer does, not characters: `-->` followed by
    // a combining mark still ends a comment.
    static var comment: Regex<AnyRegexOutput> { try! Regex(#"<!--[\s\S]*?(-->|$)"#).matchingSemantics(.unicodeScalar) }
    static var bridgeScript: Regex<AnyRegexOutput> {
        try! Regex(#"<script\b[^>]*\bsrc\s*=\s*["']?[^"'\s>]*/__bridge/tauri\.js"#).matchingSemantics(.unicodeScalar)
    }
    static var noInject: Regex<AnyRegexOutput> {
        try! Regex(#"<meta\s+name\s*=\s*["']?bridge["']?\s+content\s*=\s*["']?no-inject["']?"#).matchingSemantics(.unicodeScalar)
    }
    static var doctype: Regex<AnyRegexOutput> { try! Regex(#"^\s*<!doctype[^>]*>"#).matchingSemantics(.unicodeScalar) }

    /// `html` with the script as the first element of its `<head>`, unless it opts out or has it.
    static func inject(_ html: [UInt8]) -> [UInt8] {
        let text = String(decoding: html, as: UTF8.self)
        let lower = text.lowercased()
        // A page that loads the script itself (a `<script src=…/__bridge/tauri.js>`) keeps its own;
        // the name in a comment or in text is not a reference.
        let uncommented = lower.replacing(StaticFiles.comment, with: "")
        if uncommented.contains(StaticFiles.bridgeScript) {
            return html
        }
        if lower.contains(StaticFiles.noInject) {
            return html
        }
        if let offset = StaticFiles.endOfFirstTag("head", in: html) {
            return Array(html[..<offset]) + Array(scriptTag.utf8) + Array(html[offset...])
        }
        // No <head>: one is opened right after <html …> (or at the top, after a doctype).
        var offset = 0
        if let end = StaticFiles.endOfFirstTag("html", in: html) {
            offset = end
        } else if let doctype = lower.firstMatch(of: StaticFiles.doctype)?.range {
            offset = lower.utf8.distance(from: lower.startIndex, to: doctype.upperBound)
        }
        return Array(html[..<offset]) + Array("<head>\(scriptTag)</head>".utf8) + Array(html[offset...])
    }

    /// The offset just past the `>` of the first start tag named `name` in the markup: not one
    /// in a comment, in an attribute's value, or in the text of a `<script>`, `<style>`,
    /// `<textarea>` or `<title>` (a `<head>` written there is no element).
    static func endOfFirstTag(_ name: String, in html: [UInt8]) -> Int? {
        let wanted = Array(name.utf8)
        func lower(_ b: UInt8) -> UInt8 { (b >= 65 && b <= 90) ? b + 32 : b }
        func isNameByte(_ b: UInt8) -> Bool { (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45 }
        func starts(_ text: String, at i: Int) -> Bool {
            let t = Array(text.utf8)
            guard i + t.count <= html.count else { return false }
            for k in 0..<t.count where lower(html[i + k]) != t[k] { return false }
            return true
        }
        var i = 0
        var rawText: [UInt8]? = nil   // inside <script>…: its closing tag's name
        while i < html.count {
            if html[i] != UInt8(ascii: "<") { i += 1; continue }
            if let closing = rawText {
                if starts("</" + String(decoding: closing, as: UTF8.self), at: i) { rawText = nil }
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                var j = i + 4
                while j < html.count && !starts("-->", at: j) { j += 1 }
                i = j + 3
                continue
            }
            // A tag: its name, then attributes whose quoted values may hold anything.
            var j = i + 1
            let closingTag = j < html.count && html[j] == UInt8(ascii: "/")
            if closingTag { j += 1 }
            let nameStart = j
            while j < html.count && isNameByte(html[j]) { j += 1 }
            let tagName = html[nameStart..<j].map(lower)
            var quote: UInt8? = nil
            while j < html.count {
                let b = html[j]
                if let q = quote { if b == q { quote = nil } } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b } else if b == UInt8(ascii: ">") { break }
                j += 1
            }
            guard j < html.count else { return nil }
            if !closingTag && !tagName.isEmpty {
                if tagName == wanted { return j + 1 }
                if ["script", "style", "textarea", "title"].contains(String(decoding: tagName, as: UTF8.self)) { rawText = tagName }
            }
            i = j + 1
        }
        return nil
    }

    static func contentType(_ path: String) -> String {
        let ext = Paths.pathExtension(path).lowercased()
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "wasm": return "application/wasm"
        case "woff": return "font/woff"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}

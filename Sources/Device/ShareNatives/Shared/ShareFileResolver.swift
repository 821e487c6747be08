import BridgeJSON
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// Layer 1 of `share` for its files: each `files` entry — an absolute path, a `file://` URL, a
/// `data:` URL or an http(s) URL — becomes a `ShareFile`, or the call is refused with a
/// message naming the entry (`files[1]`) and what is wrong with it.
///
/// - Local files (a path or a `file://` URL) must exist and be regular files inside an allowed
///   root, reached without following a link (see `ConfinedFile`).
/// - http(s) URLs are downloaded with the bridge's download engine and its limits (timeouts,
///   redirects, CA file), capped at the per-file size.
/// - Every file is at most `maxFileBytes`, all of them together at most `maxTotalBytes`, and
///   its type is recognised from its bytes.
public struct ShareFileResolver: Sendable {
    public let rules: ShareFileRules

    public init(rules: ShareFileRules = ShareFileRules()) {
        self.rules = rules
    }

    /// The files of `entries`, in order.
    /// - Throws: `-32602` naming the first entry that cannot be shared, or the cap it breaks.
    public func resolve(_ entries: [String], command: String) async throws(ResponseError) -> [ShareFile] {
        let limits = rules.limits
        guard entries.count <= limits.maxFiles else {
            throw refusal("files", command, "\(entries.count) files, over the \(limits.maxFiles)-file cap (maxFiles)")
        }
        var files: [ShareFile] = []
        var total = 0
        for (index, entry) in entries.enumerated() {
            let file = try await resolve(entry, field: "files[\(index)]", command: command)
            total += file.byteCount
            guard total <= limits.maxTotalBytes else {
                throw refusal("files", command, "the files weigh more than the \(ShareFileLimits.describe(limits.maxTotalBytes)) total cap (maxTotalBytes) from `files[\(index)]` on")
            }
            files.append(file)
        }
        return files
    }

    /// One entry, reported as `field` in a refusal.
    public func resolve(_ entry: String, field: String, command: String) async throws(ResponseError) -> ShareFile {
        let quoted = JSON.string(ShareFile.abbreviated(entry)).serialized()
        func refuse(_ problem: String) -> ResponseError { refusal(field, command, "\(quoted) \(problem)") }
        let lower = entry.lowercased()
        if entry.hasPrefix("/") {
            return try local(entry, source: entry, scheme: .path, refuse)
        }
        if lower.hasPrefix("file:") {
            guard let path = ShareFileResolver.filePath(entry) else {
                throw refuse("is not a local file URL: use file:///absolute/path (no host but localhost, valid % escapes)")
            }
            return try local(path, source: entry, scheme: .fileURL, refuse)
        }
        if lower.hasPrefix("data:") {
            switch DataURL.parse(entry, limit: rules.limits.maxFileBytes) {
            case .failure(let problem): throw refuse("is not a data: URL the bridge can decode: \(problem.reason)")
            case .success(let data):
                let kind = ShareFileKind.identify(data.bytes, name: data.name, declaredType: data.mediaType)
                guard !data.bytes.isEmpty else { throw refuse("has an empty payload: there is nothing to share") }
                return ShareFile(source: entry, scheme: .dataURL, location: .bytes(data.bytes), byteCount: data.bytes.count,
                                 kind: kind, displayName: data.name ?? ShareFileResolver.generatedName(kind))
            }
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard ShareURL.isFetchable(entry) else { throw refuse("is not an http or https URL with a host") }
            return try await download(entry, refuse)
        }
        throw refuse("is not an absolute path, a file:// URL, a data: URL or an http(s) URL")
    }

    private func local(_ path: String, source: String, scheme: ShareFile.SourceScheme,
                       _ refuse: (String) -> ResponseError) throws(ResponseError) -> ShareFile {
        let cap = rules.limits.maxFileBytes
        let opened: ConfinedFile.Opened
        switch ConfinedFile.open(path, roots: rules.roots) {
        case .success(let o): opened = o
        case .failure(let failure): throw refuse(ShareFileResolver.describe(failure))
        }
        defer { close(opened.fd) }
        guard opened.size <= cap else {
            throw refuse(ShareFileResolver.describe(.tooLarge(size: opened.size, limit: cap)))
        }
        let bytes: [UInt8]
        do {
            bytes = try ConfinedFile.readAll(opened.fd, limit: cap)
        } catch {
            throw refuse(ShareFileResolver.describe(error))
        }
        guard !bytes.isEmpty else { throw refuse("is an empty file: there is nothing to share") }
        let name = Paths.lastComponent(opened.path)
        return ShareFile(source: source, scheme: scheme, location: .path(opened.path), byteCount: bytes.count,
                         kind: ShareFileKind.identify(bytes, name: name), displayName: name)
    }

    private func download(_ url: String, _ refuse: (String) -> ResponseError) async throws(ResponseError) -> ShareFile {
        var limits = rules.download
        limits.maxBytes = min(limits.maxBytes, rules.limits.maxFileBytes)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-share-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = await HTTPDownload.run(url: url, to: scratch, limits: limits)
        guard result.outcome == .ok else {
            if result.outcome == .cancelled { throw ResponseError.cancelled }
            throw refuse("could not be downloaded: \(result.reason ?? "failed")\(result.status.map { " (HTTP \($0))" } ?? "")"
                         + (result.bytes >= limits.maxBytes ? "; the per-file cap (maxFileBytes) is \(ShareFileLimits.describe(limits.maxBytes))" : ""))
        }
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: scratch))).map { [UInt8]($0) } ?? []
        guard !bytes.isEmpty else { throw refuse("downloaded an empty body: there is nothing to share") }
        let last = URL(string: result.finalURL ?? url)?.lastPathComponent ?? ""
        let named = last.utf8.contains(UInt8(ascii: "."))
        let kind = ShareFileKind.identify(bytes, name: named ? last : nil)
        let name = named ? last : ShareFileResolver.generatedName(kind)
        return ShareFile(source: url, scheme: .http, location: .bytes(bytes), byteCount: bytes.count, kind: kind, displayName: name)
    }

    private func refusal(_ field: String, _ command: String, _ problem: String) -> ResponseError {
        .invalidParams("invalid args `\(field)` for command `\(command)`: \(problem)", details: ["field": .string(field), "layer": "command"])
    }

    /// The path of a `file:` URL (`file:///p`, `file://localhost/p`), percent-decoded; `nil` for another host.
    static func filePath(_ url: String) -> String? {
        var rest = Substring(url.dropFirst(5))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let host = rest.prefix { $0 != "/" }
            guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
            rest = rest.dropFirst(host.count)
        }
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        guard path.hasPrefix("/"), let bytes = DataURL.percentDecoded(String(path)),
              let decoded = String(validating: bytes, as: UTF8.self), !decoded.contains("\0") else { return nil }
        return decoded
    }

    /// `image.png`, `movie.mp4`, `document.pdf`, `file.bin`: a name for bytes that came without one.
    static func generatedName(_ kind: ShareFileKind) -> String {
        let stem = switch kind {
        case .image: "image"
        case .movie: "movie"
        case .document(.plainText): "text"
        case .document, .named: "document"
        case .data: "file"
        }
        return "\(stem).\(kind.fileExtension)"
    }

    static func describe(_ failure: ConfinedFile.Failure) -> String {
        switch failure {
        case .notAbsolute: return "is not an absolute path"
        case .outside(let roots): return "is outside the folders files may be shared from (--files-root): \(roots.joined(separator: ", "))"
        case .missing: return "does not exist"
        case .link(let component): return "goes through the symbolic link \(component), which the bridge does not follow"
        case .notRegular(let what): return "is \(what), not a regular file"
        case .tooLarge(let size, let limit):
            return "is \(size) bytes, over the \(ShareFileLimits.describe(limit)) per-file cap (maxFileBytes)"
        case .unreadable(let reason): return "cannot be read: \(reason)"
        }
    }
}

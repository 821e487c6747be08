import BridgeMedia
import Foundation

/// The plugin's thumbnail cache: `<cacheDir>/share/share-<h>.<ext>`, `<h>` the Java
/// `hashCode()` of the image URL, so every process finds a URL's file without downloading it
/// again.
///
/// Unlike the plugin, the cache writes a download to a temporary file in the same folder and
/// renames it into place only when complete, so a crash or a timeout never leaves a partial
/// file that a later share would hand out; it keeps the folder under a total byte cap by
/// evicting the least recently written files; and it writes nowhere but inside `share/`.
///
/// - Important: Only the bridge's own files are reused, replaced or evicted: a regular file
///   (not a link, not a folder) with a single link, named `share-<hash>.<ext>` with one of
///   `extensions`. A cached file is sniffed again before it is shared; anything else found in
///   the folder — another program's file, a hard link to a file outside the cache, a folder —
///   is left alone, never handed out.
struct ThumbnailCache: Sendable {
    /// `<cacheDir>/share`.
    let directory: String
    /// The most the folder may hold, in bytes.
    let maxTotalBytes: Int

    static let extensions = ["jpg", "png", "webp", "gif", "img"]

    /// The extension the plugin infers from a Content-Type: `jpg`, `png`, `webp`, `gif`, else `img`.
    static func fileExtension(contentType: String?) -> String {
        let mediaType = (contentType ?? "").split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        switch mediaType {
        case "image/jpeg", "image/jpg", "image/pjpeg": return "jpg"
        case "image/png": return "png"
        case "image/webp": return "webp"
        case "image/gif": return "gif"
        default: return "img"
        }
    }

    /// The file name stem for a URL: `share-<Java hashCode>`.
    static func stem(for url: String) -> String { "share-\(url.javaHashCode)" }

    /// Creates the folder if needed.
    /// - Throws: a reason when it cannot be created or is not a real folder (a symlink could
    ///   send writes outside the cache).
    func prepare() throws(CacheError) {
        var info = stat()
        if lstat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw CacheError("\(directory) exists and is not a directory (a symlink or a file); refusing to write there")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CacheError("cannot create \(directory): \(error.localizedDescription)")
        }
    }

    /// What the cache holds for a URL.
    enum Lookup: Equatable {
        /// The bridge's own complete file, whose bytes are an image.
        case hit(String)
        /// Nothing to share; `note` says what was found and not reused (a corrupt file of the
        /// bridge's, now deleted, or an entry that is not the bridge's, left alone).
        case miss(note: String?)
    }

    /// The cached file for `url`, sniffed again: a file of the bridge's whose bytes are no
    /// longer an image is deleted (so it is downloaded again); an entry under the URL's names
    /// that is not the bridge's own file is never shared nor touched.
    func lookup(_ url: String) -> Lookup {
        let stem = ThumbnailCache.stem(for: url)
        var notes: [String] = []
        for ext in ThumbnailCache.extensions {
            let path = (directory as NSString).appendingPathComponent("\(stem).\(ext)")
            switch ThumbnailCache.inspect(path) {
            case .missing:
                continue
            case .foreign(let what):
                notes.append("\(path) is \(what), not the bridge's own cache file: left alone and not shared")
            case .own(let head):
                if ImageKind.sniff(head) != nil { return .hit(path) }
                let removed = unlink(path) == 0
                notes.append("the cached \(path) is not an image (\(head.isEmpty ? "empty" : "corrupt or replaced"))"
                             + (removed ? "; deleted" : "; could not be deleted"))
            }
        }
        return .miss(note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// What a path in the folder is.
    private enum Found {
        case missing
        /// Not the bridge's: a link, a folder, a special file, a regular file with more than one link.
        case foreign(String)
        /// A single-link regular file, and its first bytes (read through `O_NOFOLLOW`, checked
        /// on the open file, so nothing can be swapped in between).
        case own(head: [UInt8])
    }

    private static func inspect(_ path: String) -> Found {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        if let foreign = foreignKind(info) { return .foreign(foreign) }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .foreign("unreadable") }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return .foreign("unreadable") }
        if let foreign = foreignKind(info) { return .foreign(foreign) }
        var head = [UInt8](repeating: 0, count: 64)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return .own(head: Array(head.prefix(max(0, n))))
    }

    /// Why a file is not one of the bridge's own, or nil when it is a single-link regular file.
    private static func foreignKind(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: info.st_nlink == 1 ? nil : "a file with \(info.st_nlink) hard links"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        default: "a device, FIFO or socket"
        }
    }

    /// Whether `name` is spelt as one of the bridge's cache files: `share-<Java hashCode>.<ext>`.
    static func isCacheFileName(_ name: String) -> Bool {
        guard name.hasPrefix("share-"), let dot = name.lastIndex(of: ".") else { return false }
        let hash = String(name[name.index(name.startIndex, offsetBy: 6)..<dot])
        // The canonical spelling of a signed 32-bit number, as `String(hashCode)` writes it.
        return extensions.contains(String(name[name.index(after: dot)...])) && Int32(hash).map(String.init) == hash
    }

    /// A fresh temporary path inside the folder for a download of `url`.
    func temporaryFile(for url: String) -> String {
        (directory as NSString).appendingPathComponent(".\(ThumbnailCache.stem(for: url)).\(UUID().uuidString).part")
    }

    /// Moves a finished download into place as `share-<h>.<ext>`, evicting old files first so
    /// the folder stays under the cap. Replaces the bridge's own files of the same URL (any
    /// extension); an entry there that is not the bridge's is left alone and the download refused.
    func store(_ temporary: String, url: String, extension ext: String) throws(CacheError) -> String {
        let size = fileSize(temporary) ?? 0
        guard size <= maxTotalBytes else {
            unlink(temporary)
            throw CacheError("a \(size)-byte image does not fit the \(maxTotalBytes)-byte cache")
        }
        let stem = ThumbnailCache.stem(for: url)
        let final = (directory as NSString).appendingPathComponent("\(stem).\(ext)")
        if case .foreign(let what) = ThumbnailCache.inspect(final) {
            unlink(temporary)
            throw CacheError("\(final) is \(what), not the bridge's own cache file: left alone, so the thumbnail is not shared")
        }
        for other in ThumbnailCache.extensions where other != ext {
            let path = (directory as NSString).appendingPathComponent("\(stem).\(other)")
            if case .own = ThumbnailCache.inspect(path) { unlink(path) }
        }
        evict(toFit: size)
        guard rename(temporary, final) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw CacheError("cannot move the download into \(final): \(why)")
        }
        return final
    }

    /// Whether `name` is spelt as one of the bridge's downloads in progress:
    /// `.share-<hash>.<UUID>.part`.
    static func isTemporaryFileName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].isEmpty && parts[3] == "part" && UUID(uuidString: String(parts[2])) != nil
            && isCacheFileName(parts[1] + ".img")
    }

    /// Far past any download's 2.0 s bound: a temporary file this old was left by a process
    /// that died mid-download, never one still being written.
    static let staleTemporarySeconds = 600.0

    /// Deletes the bridge's oldest cache files until `incoming` more bytes fit under the cap,
    /// and temporary files that crashed downloads left behind. Only single-link regular files
    /// named as the bridge names them count and are deleted; nothing else in the folder is
    /// touched (`unlink` never follows a link nor removes a folder).
    private func evict(toFit incoming: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let now = Date().timeIntervalSince1970
        for name in names where ThumbnailCache.isTemporaryFileName(name) {
            let path = (directory as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, ThumbnailCache.foreignKind(info) == nil,
                  now - Double(info.st_mtim.tv_sec) > ThumbnailCache.staleTemporarySeconds else { continue }
            unlink(path)
        }
        var files: [(path: String, size: Int, modified: Double)] = names.compactMap { name in
            guard ThumbnailCache.isCacheFileName(name) else { return nil }
            let path = (directory as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, ThumbnailCache.foreignKind(info) == nil else { return nil }
            return (path, Int(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.modified < $1.modified }
        for file in files where total + incoming > maxTotalBytes {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }

    private func fileSize(_ path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}

/// Why the cache could not hold a thumbnail.
struct CacheError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

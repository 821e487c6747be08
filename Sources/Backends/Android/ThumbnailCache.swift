import Foundation

/// The plugin's thumbnail cache: `<cacheDir>/share/share-<h>.<ext>`, `<h>` the Java
/// `hashCode()` of the image URL, so every process finds a URL's file without downloading it
/// again.
///
/// Unlike the plugin, the cache writes a download to a temporary file in the same folder and
/// renames it into place only when complete, so a crash or a timeout never leaves a partial
/// file that a later share would hand out; it keeps the folder under a total byte cap by
/// evicting the least recently written files; and it writes nowhere but inside `share/`.
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

    /// The cached file for `url`, if a complete one exists.
    func cachedFile(for url: String) -> String? {
        let stem = ThumbnailCache.stem(for: url)
        for ext in ThumbnailCache.extensions {
            let path = (directory as NSString).appendingPathComponent("\(stem).\(ext)")
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 { return path }
        }
        return nil
    }

    /// A fresh temporary path inside the folder for a download of `url`.
    func temporaryFile(for url: String) -> String {
        (directory as NSString).appendingPathComponent(".\(ThumbnailCache.stem(for: url)).\(UUID().uuidString).part")
    }

    /// Moves a finished download into place as `share-<h>.<ext>`, evicting old files first so
    /// the folder stays under the cap. Replaces any other extension of the same URL.
    func store(_ temporary: String, url: String, extension ext: String) throws(CacheError) -> String {
        let size = fileSize(temporary) ?? 0
        guard size <= maxTotalBytes else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CacheError("a \(size)-byte image does not fit the \(maxTotalBytes)-byte cache")
        }
        let stem = ThumbnailCache.stem(for: url)
        for other in ThumbnailCache.extensions where other != ext {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent("\(stem).\(other)"))
        }
        evict(toFit: size, keeping: temporary)
        let final = (directory as NSString).appendingPathComponent("\(stem).\(ext)")
        guard rename(temporary, final) == 0 else {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CacheError("cannot move the download into \(final): \(why)")
        }
        return final
    }

    /// Deletes the oldest cache files until `incoming` more bytes fit under the cap.
    private func evict(toFit incoming: Int, keeping: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [(path: String, size: Int, modified: Double)] = names.compactMap { name in
            let path = (directory as NSString).appendingPathComponent(name)
            guard path != keeping else { return nil }
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return (path, Int(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.modified < $1.modified }
        for file in files where total + incoming > maxTotalBytes {
            if (try? FileManager.default.removeItem(atPath: file.path)) != nil { total -= file.size }
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

import BridgeMedia
import FoundationEssentials
import Glibc
import BridgeSystem

/// The plugin's thumbnail cache: `<cacheDir>/share/share-<h>.<ext>`, `<h>` the Java
/// `hashCode()` of the image URL, so every process finds a URL's file without downloading it
/// again.
///
/// Unlike the plugin, the cache writes a download to a temporary file in the same folder and
/// renames it into place only when complete, so a crash or a timeout never leaves a partial
/// file that a later share would hand out; it keeps the folder under a total byte cap by
/// evicting the least recently written entries; and it writes nowhere but inside `share/`
/// (the folder's rules are `ShareFolder`'s).
///
/// - Important: Only the bridge's own files are reused, replaced or evicted: a regular file
///   (not a link, not a folder) with a single link, named `share-<hash>.<ext>` with one of
///   `extensions`. A cached file is sniffed again before it is shared; anything else found in
///   the folder — another program's file, a hard link to a file outside the cache, a folder —
///   is left alone, never handed out.
struct ThumbnailCache: Sendable {
    /// `<cacheDir>/share`, shared with the files a share hands out.
    let folder: ShareFolder

    var directory: String { folder.directory }

    static let extensions = ["jpg", "png", "webp", "gif", "img"]
    static let longestExtension = extensions.map(\.utf8.count).max() ?? 0

    /// The extension the plugin infers from a Content-Type: `jpg`, `png`, `webp`, `gif`, else `img`.
    static func fileExtension(contentType: String?) -> String {
        let mediaType = (contentType ?? "").split(separator: ";").first.map {
            $0.trimmingWhitespace().lowercased()
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
    static func stem(for url: String) -> String { "share-" + String(url.javaHashCode) }

    /// What the cache holds for a URL.
    enum Lookup: Equatable {
        /// The bridge's own complete file, whose bytes are an image.
        case hit(String)
        /// Nothing to share; `note` says what was found and not reused (a corrupt file of the
        /// bridge's, now deleted, or an entry that is not the bridge's, left alone).
        case miss(note: String?)
    }

    /// The cached file for a URL, sniffed again: a file of the bridge's whose bytes are no
    /// longer an image is deleted (so it is downloaded again); an entry under the URL's names
    /// that is not the bridge's own file is never shared nor touched.
    /// - Parameter stem: the URL's `stem(for:)`.
    func lookup(stem: String) -> Lookup {
        // `<directory>/share-<h>.` made once, each name asked for as bytes: a miss, the common
        // case, makes no string.
        var path = Paths.appending(directory, stem)
        let stemEnd = path.utf8.count + 1
        // The prefix copied once; each extension written after it in place.
        var name = [CChar](repeating: 0, count: stemEnd + ThumbnailCache.longestExtension + 1)
        name.withUnsafeMutableBytes { name in path.withUTF8 { name.copyMemory(from: UnsafeRawBufferPointer($0)) } }
        name[stemEnd - 1] = CChar(bitPattern: UInt8(ascii: "."))
        var notes: [String] = []
        for ext in ThumbnailCache.extensions {
            var end = stemEnd
            for byte in ext.utf8 {
                name[end] = CChar(bitPattern: byte)
                end += 1
            }
            name[end] = 0
            switch ShareFolder.inspect(cPath: name) {
            case .missing:
                continue
            case .foreign(let what):
                let path = String(cString: name)
                notes.append("\(path) is \(what), not the bridge's own cache file: left alone and not shared")
            case .own(let head):
                let path = String(cString: name)
                if ImageKind.sniff(head) != nil { return .hit(path) }
                let removed = unlink(path) == 0
                notes.append("the cached \(path) is not an image (\(head.isEmpty ? "empty" : "corrupt or replaced"))"
                             + (removed ? "; deleted" : "; could not be deleted"))
            }
        }
        return .miss(note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// Whether `name` is spelt as one of the bridge's cache files: `share-<Java hashCode>.<ext>`.
    static func isCacheFileName(_ name: String) -> Bool {
        guard name.hasPrefix("share-"), let dot = name.lastIndex(of: ".") else { return false }
        let hash = String(name[name.index(name.startIndex, offsetBy: 6)..<dot])
        // The canonical spelling of a signed 32-bit number, as `String(hashCode)` writes it.
        return extensions.contains(String(name[name.index(after: dot)...])) && Int32(hash).map(String.init) == hash
    }

    /// A fresh temporary path inside the folder for a download of a URL.
    /// - Parameter stem: the URL's `stem(for:)`.
    func temporaryFile(stem: String) -> String {
        Paths.appending(directory, Paths.concatenated(".", stem, ".", RandomUUID.string(), ".part"))
    }

    /// Moves a finished download into place as `share-<h>.<ext>`, evicting old files first so
    /// the folder stays under the cap. Replaces the bridge's own files of the same URL (any
    /// extension); an entry there that is not the bridge's is left alone and the download refused.
    func store(_ temporary: String, url: String, extension ext: String) throws(CacheError) -> String {
        let size = ShareFolder.fileSize(temporary) ?? 0
        guard size <= folder.maxTotalBytes else {
            unlink(temporary)
            throw CacheError("a \(size)-byte image does not fit the \(folder.maxTotalBytes)-byte cache")
        }
        let stem = ThumbnailCache.stem(for: url)
        let final = Paths.appending(directory, "\(stem).\(ext)")
        if case .foreign(let what) = ShareFolder.inspect(final) {
            unlink(temporary)
            throw CacheError("\(final) is \(what), not the bridge's own cache file: left alone, so the thumbnail is not shared")
        }
        for other in ThumbnailCache.extensions where other != ext {
            let path = Paths.appending(directory, "\(stem).\(other)")
            if case .own = ShareFolder.inspect(path) { unlink(path) }
        }
        folder.evict(toFit: size)
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
}

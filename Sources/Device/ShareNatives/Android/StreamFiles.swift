import FoundationEssentials
import Glibc
import BridgeSystem

/// The files an Android share hands out (`EXTRA_STREAM`): each copied into a folder of its own,
/// `<cacheDir>/share/file-<UUID>/<safe name>`, and exposed as the FileProvider's `content://`
/// URI — a receiving app can read nothing else of the app's.
///
/// A fresh folder per file makes every name unique while keeping the name a receiver shows
/// (`SafeFileName`). Everything is written relative to descriptors opened without following
/// links — the share folder, then the new folder — first to a temporary file that is renamed
/// into place once complete; so nothing lands outside `share/`, and a crash leaves no partial
/// file under a real name. The share folder's cap (`ShareFolder`) counts these files with the
/// thumbnails: the oldest of the bridge's entries are evicted to make room, never the files of
/// the share being placed.
struct StreamFiles: Sendable {
    let folder: ShareFolder
    let providerPaths: FileProviderPaths
    let authority: String
    let cacheDirectory: String

    init(configuration: AndroidConfiguration) {
        folder = configuration.shareFolder
        providerPaths = configuration.providerPaths
        authority = configuration.authority
        cacheDirectory = configuration.cacheDirectory
    }

    /// One file placed in the share folder.
    struct Placed: Sendable, Equatable {
        /// The absolute path of the copy.
        let path: String
        /// Its name, the `DISPLAY_NAME` a receiver shows.
        let name: String
        /// Its FileProvider URI.
        let uri: String
        let mimeType: String
        let bytes: Int
    }

    /// Whether `name` is spelt as one of the bridge's stream folders: `file-<UUID>`.
    static func isFolderName(_ name: String) -> Bool {
        name.hasPrefix("file-") && name.count == 41 && UUID(uuidString: String(name.dropFirst(5))) != nil
    }

    /// Copies every file into the share folder and exposes it.
    /// - Throws: a reason when the folder cannot be used, the files together exceed its cap, a
    ///   file is gone or changed since layer 1 read it, or a copy lies outside every
    ///   FileProvider root (FileProvider's own message: `Failed to find configured root that
    ///   contains …`). Nothing of this share is left behind then.
    func place(_ files: [ShareFile]) throws(CacheError) -> [Placed] {
        var contents: [[UInt8]] = []
        for file in files {
            guard let bytes = file.bytes() else {
                throw CacheError("\(ShareFile.abbreviated(file.source)) is gone or changed since it was checked")
            }
            contents.append(bytes)
        }
        let total = contents.reduce(0) { $0 + $1.count }
        guard total <= folder.maxTotalBytes else {
            throw CacheError("the files to share hold \(total) bytes, more than the \(folder.maxTotalBytes)-byte share folder \(folder.directory) may hold")
        }
        try folder.prepare()
        folder.evict(toFit: total)
        let parent = try folder.open()
        defer { close(parent) }
        var placed: [Placed] = []
        var folders: [String] = []
        do throws(CacheError) {
            for (file, bytes) in zip(files, contents) {
                let name = "file-\(UUID().uuidString)"
                guard mkdirat(parent, name, 0o700) == 0 else {
                    throw CacheError("cannot create \(folder.directory)/\(name): \(String(cString: strerror(errno)))")
                }
                folders.append(name)
                let fileName = SafeFileName.make(file.displayName, mimeType: file.mimeType)
                try writeCopy(bytes, into: parent, folder: name, as: fileName)
                let path = "\(folder.directory)/\(name)/\(fileName)"
                guard let uri = providerPaths.contentURI(for: path, authority: authority, cacheDirectory: cacheDirectory) else {
                    throw CacheError("Failed to find configured root that contains \(path)")
                }
                placed.append(Placed(path: path, name: fileName, uri: uri, mimeType: file.mimeType, bytes: bytes.count))
            }
        } catch {
            for name in folders { _ = ShareFolder.removeOwnFolder(parent, name) }
            throw error
        }
        return placed
    }

    /// Writes `bytes` as `<folder>/<fileName>` under `parent`, through a temporary file renamed into place.
    private func writeCopy(_ bytes: [UInt8], into parent: Int32, folder name: String, as fileName: String) throws(CacheError) {
        let dir = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { throw CacheError("cannot open \(folder.directory)/\(name): \(String(cString: strerror(errno)))") }
        defer { close(dir) }
        let temporary = ".\(UUID().uuidString).part"
        let out = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw CacheError("cannot create a file in \(folder.directory)/\(name): \(String(cString: strerror(errno)))") }
        do throws(CacheError) {
            defer { close(out) }
            try StreamFiles.writeAll(out, bytes[...])
        } catch {
            unlinkat(dir, temporary, 0)
            throw error
        }
        guard renameat(dir, temporary, dir, fileName) == 0 else {
            let why = String(cString: strerror(errno))
            unlinkat(dir, temporary, 0)
            throw CacheError("cannot move the copy into \(folder.directory)/\(name)/\(fileName): \(why)")
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(CacheError) {
        var rest = bytes
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CacheError("cannot write the copy: \(String(cString: strerror(errno)))")
            }
            rest = rest.dropFirst(n)
        }
    }
}

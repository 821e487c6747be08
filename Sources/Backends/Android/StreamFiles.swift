import Foundation

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

    /// One file to hand out.
    struct Source: Sendable, Equatable {
        enum Content: Sendable, Equatable {
            /// A regular file on disk, read through `O_NOFOLLOW`.
            case file(String)
            /// Bytes already in memory (a decoded `data:` URL).
            case bytes([UInt8])
        }

        /// The name it had (a path's last component, a URL's), or nil.
        let name: String?
        /// Its MIME type, recognised from its bytes.
        let mimeType: String
        let content: Content
    }

    /// One file placed in the share folder.
    struct Placed: Sendable, Equatable {
        /// The absolute path of the copy.
        let path: String
        /// Its FileProvider URI.
        let uri: String
        let mimeType: String
        let bytes: Int
    }

    /// Whether `name` is spelt as one of the bridge's stream folders: `file-<UUID>`.
    static func isFolderName(_ name: String) -> Bool {
        name.hasPrefix("file-") && name.count == 41 && UUID(uuidString: String(name.dropFirst(5))) != nil
    }

    /// Copies every source into the share folder and exposes it.
    /// - Throws: a reason when the folder cannot be used, the files together exceed its cap, a
    ///   source cannot be read as a regular file, or a copy lies outside every FileProvider
    ///   root (FileProvider's own message: `Failed to find configured root that contains …`).
    ///   Nothing of this share is left behind then.
    func place(_ sources: [Source]) throws(CacheError) -> [Placed] {
        let sizes = try sources.map { source throws(CacheError) in try StreamFiles.size(of: source) }
        let total = sizes.reduce(0, +)
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
            for (source, size) in zip(sources, sizes) {
                let name = "file-\(UUID().uuidString)"
                guard mkdirat(parent, name, 0o700) == 0 else {
                    throw CacheError("cannot create \(folder.directory)/\(name): \(String(cString: strerror(errno)))")
                }
                folders.append(name)
                let fileName = SafeFileName.make(source.name, mimeType: source.mimeType)
                let written = try writeCopy(source, expected: size, into: parent, folder: name, as: fileName)
                let path = "\(folder.directory)/\(name)/\(fileName)"
                guard let uri = providerPaths.contentURI(for: path, authority: authority, cacheDirectory: cacheDirectory) else {
                    throw CacheError("Failed to find configured root that contains \(path)")
                }
                placed.append(Placed(path: path, uri: uri, mimeType: source.mimeType, bytes: written))
            }
        } catch {
            for name in folders { _ = ShareFolder.removeOwnFolder(parent, name) }
            throw error
        }
        return placed
    }

    /// The size of a source, checked as a regular file for a path.
    private static func size(of source: Source) throws(CacheError) -> Int {
        switch source.content {
        case .bytes(let bytes): return bytes.count
        case .file(let path):
            var info = stat()
            guard lstat(path, &info) == 0 else { throw CacheError("\(path): \(String(cString: strerror(errno)))") }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw CacheError("\(path) is not a regular file") }
            return Int(info.st_size)
        }
    }

    /// Writes one source as `<folder>/<fileName>` under `parent`; returns the bytes written.
    private func writeCopy(_ source: Source, expected: Int, into parent: Int32, folder name: String, as fileName: String) throws(CacheError) -> Int {
        let dir = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { throw CacheError("cannot open \(folder.directory)/\(name): \(String(cString: strerror(errno)))") }
        defer { close(dir) }
        let temporary = ".\(UUID().uuidString).part"
        let out = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw CacheError("cannot create a file in \(folder.directory)/\(name): \(String(cString: strerror(errno)))") }
        var written = 0
        do throws(CacheError) {
            defer { close(out) }
            switch source.content {
            case .bytes(let bytes):
                try StreamFiles.writeAll(out, bytes[...])
                written = bytes.count
            case .file(let path):
                written = try StreamFiles.copy(path, to: out, limit: expected)
            }
        } catch {
            unlinkat(dir, temporary, 0)
            throw error
        }
        guard renameat(dir, temporary, dir, fileName) == 0 else {
            let why = String(cString: strerror(errno))
            unlinkat(dir, temporary, 0)
            throw CacheError("cannot move the copy into \(folder.directory)/\(name)/\(fileName): \(why)")
        }
        return written
    }

    /// Copies the regular file at `path` (never through a link) to `out`, refusing one that
    /// grew past `limit` since it was measured.
    private static func copy(_ path: String, to out: Int32, limit: Int) throws(CacheError) -> Int {
        let input = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw CacheError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw CacheError("\(path) is not a regular file") }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CacheError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return total }
            total += n
            guard total <= limit else { throw CacheError("\(path) grew past the \(limit) bytes it held when it was checked") }
            try writeAll(out, buffer[..<n])
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

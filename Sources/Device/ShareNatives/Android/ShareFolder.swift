import FoundationEssentials
import Glibc
import BridgeSystem

/// `<cacheDir>/share/`, the folder the FileProvider's default root exposes, and the rules that
/// keep what the bridge writes there confined: one folder, never a link; a total byte cap kept
/// by evicting the bridge's oldest entries; nothing of anyone else's touched.
///
/// Two writers share it: the thumbnail cache (`share-<hash>.<ext>`, `ThumbnailCache`) and the
/// files a share hands out (`file-<UUID>/<name>`, `StreamFiles`).
///
/// - Important: Only the bridge's own entries count toward the cap and are ever evicted: a
///   single-link regular file named as a thumbnail, or a real folder named as a stream folder
///   holding nothing but single-link regular files. A link, a hard link to a file elsewhere, a
///   folder of another name or another program's file is left alone.
struct ShareFolder: Sendable {
    /// `<cacheDir>/share`.
    let directory: String
    /// The most the bridge's entries in the folder may hold, in bytes.
    let maxTotalBytes: Int

    /// Far past any download's 2.0 s bound: a temporary file this old was left by a process
    /// that died mid-write, never one still being written.
    static let staleTemporarySeconds = 600.0

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
            throw CacheError("cannot create \(directory): \(describe(error))")
        }
    }

    /// Opens the folder itself (never through a link), for work relative to it.
    /// - Throws: a reason when it is missing, a link or not a folder.
    func open() throws(CacheError) -> Int32 {
        let fd = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw CacheError("cannot open \(directory) as a real folder: \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// What a path in the folder is.
    enum Found {
        case missing
        /// Not the bridge's: a link, a folder, a special file, a regular file with more than one link.
        case foreign(String)
        /// A single-link regular file, and its first bytes (read through `O_NOFOLLOW`, checked
        /// on the open file, so nothing can be swapped in between).
        case own(head: [UInt8])
    }

    static func inspect(_ path: String) -> Found { path.withCString { inspect(cPath: $0) } }

    /// `inspect` of a path already spelt as a C string (the cache asks for five names a call).
    static func inspect(cPath path: UnsafePointer<CChar>) -> Found {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        if let foreign = foreignKind(info) { return .foreign(foreign) }
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .foreign("unreadable") }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return .foreign("unreadable") }
        if let foreign = foreignKind(info) { return .foreign(foreign) }
        var head = [UInt8](repeating: 0, count: 64)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return .own(head: Array(head.prefix(max(0, n))))
    }

    /// Why a file is not one of the bridge's own, or nil when it is a single-link regular file.
    static func foreignKind(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: info.st_nlink == 1 ? nil : "a file with \(info.st_nlink) hard links"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        default: "a device, FIFO or socket"
        }
    }

    /// The size of the entry at `path` itself (a link is not followed).
    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// One of the bridge's entries: a thumbnail file, or a stream folder and what it holds.
    private struct OwnEntry {
        let name: String
        let bytes: Int
        let modified: Double
        let isFolder: Bool
    }

    /// Deletes the bridge's oldest entries until `incoming` more bytes fit under the cap, and
    /// temporary files that crashed writes left behind. Entries named in `keeping` stay.
    /// Nothing but the bridge's own entries is touched: `unlinkat` never follows a link, and a
    /// stream folder is emptied through its own descriptor, opened without following links.
    func evict(toFit incoming: Int, keeping: Set<String> = []) {
        guard let fd = try? open() else { return }
        defer { close(fd) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let now = Date().timeIntervalSince1970
        var own: [OwnEntry] = []
        for name in names where !keeping.contains(name) {
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if ThumbnailCache.isTemporaryFileName(name) {
                if ShareFolder.foreignKind(info) == nil, now - modified > ShareFolder.staleTemporarySeconds { unlinkat(fd, name, 0) }
            } else if ThumbnailCache.isCacheFileName(name) {
                if ShareFolder.foreignKind(info) == nil { own.append(OwnEntry(name: name, bytes: Int(info.st_size), modified: modified, isFolder: false)) }
            } else if StreamFiles.isFolderName(name), (info.st_mode & S_IFMT) == S_IFDIR,
                      let bytes = ShareFolder.ownFolderBytes(fd, name) {
                own.append(OwnEntry(name: name, bytes: bytes, modified: modified, isFolder: true))
            }
        }
        var total = own.reduce(0) { $0 + $1.bytes }
        own.sort { $0.modified < $1.modified }
        for entry in own where total + incoming > maxTotalBytes {
            let removed = entry.isFolder ? ShareFolder.removeOwnFolder(fd, entry.name) : unlinkat(fd, entry.name, 0) == 0
            if removed { total -= entry.bytes }
        }
    }

    /// The bytes a stream folder holds, or nil when it holds anything but single-link regular files.
    private static func ownFolderBytes(_ parent: Int32, _ name: String) -> Int? {
        withFolder(parent, name) { fd, entries in
            var bytes = 0
            for entry in entries {
                var info = stat()
                guard fstatat(fd, entry, &info, AT_SYMLINK_NOFOLLOW) == 0, foreignKind(info) == nil else { return nil }
                bytes += Int(info.st_size)
            }
            return bytes
        } ?? nil
    }

    /// Empties and removes a stream folder of the bridge's; leaves it whole when it holds anything else.
    static func removeOwnFolder(_ parent: Int32, _ name: String) -> Bool {
        let emptied = withFolder(parent, name) { fd, entries -> Bool in
            for entry in entries {
                var info = stat()
                guard fstatat(fd, entry, &info, AT_SYMLINK_NOFOLLOW) == 0, foreignKind(info) == nil else { return false }
            }
            return entries.allSatisfy { unlinkat(fd, $0, 0) == 0 }
        } ?? false
        return emptied && unlinkat(parent, name, AT_REMOVEDIR) == 0
    }

    /// Runs `body` on the folder `name` inside `parent`, opened without following a link, and its entries.
    private static func withFolder<T>(_ parent: Int32, _ name: String, _ body: (Int32, [String]) -> T) -> T? {
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        // fdopendir takes the descriptor; a duplicate keeps `fd` for the *at calls.
        let listing = dup(fd)
        defer { close(fd) }
        guard listing >= 0, let dir = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return nil
        }
        defer { closedir(dir) }
        var entries: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { entries.append(name) }
        }
        return body(fd, entries)
    }
}

/// Why the share folder could not hold a file.
struct CacheError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

import FoundationEssentials
import Glibc
import BridgeSystem

/// An open folder of the inbox, worked on only through its file descriptor: every name is one
/// path component resolved relative to the folder (`openat`, `mkdirat`, `renameat`,
/// `unlinkat`), and no link is ever followed (`O_NOFOLLOW`, `AT_SYMLINK_NOFOLLOW`).
///
/// A symbolic link planted anywhere below the App Group container therefore cannot send a read,
/// a write or a delete outside it: opening a link as a folder is refused with a reason, removing
/// a link removes the link, and renaming a link moves the link, never what it points to.
///
/// - Important: The descriptor is closed when the handle is released; a handle lives for one
///   inbox operation.
final class DirectoryHandle {
    /// The descriptor (`O_DIRECTORY`), open until `deinit`.
    let fd: Int32
    /// The folder's path, for messages and for the absolute paths `read` reports.
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// What a name in the folder is, seen without following links.
    enum Entry: Equatable, CustomStringConvertible {
        case missing
        case directory
        case symbolicLink
        /// A regular file, its size and its link count (more than 1: a hard link to it exists).
        case file(size: Int, links: Int)
        /// A device, FIFO or socket.
        case special

        /// "a symbolic link", "a file with 2 hard links"…
        var description: String {
            switch self {
            case .symbolicLink: "a symbolic link"
            case .directory: "a folder"
            case .file(_, let links) where links > 1: "a file with \(links) hard links"
            case .file: "a file"
            case .special: "a device, FIFO or socket"
            case .missing: "gone"
            }
        }
    }

    /// Opens the App Group container itself. The path the user gave may pass through links
    /// (`/tmp` is one on some systems); nothing below it may.
    /// - Throws: `.container` when it does not exist or is not a folder; nothing is created.
    static func container(_ path: String) throws(InboxError) -> DirectoryHandle {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw InboxError(.container, "the App Group container \(path) does not exist; create it or pass the right --app-group")
        }
        return DirectoryHandle(fd: fd, path: path)
    }

    /// The sub-folder `name`, created (mode 0755) when `create` and absent.
    /// - Throws: `.container` when `name` is a link or not a folder (with what it is);
    ///   `.storage` when it cannot be created or opened.
    func folder(_ name: String, create: Bool = true) throws(InboxError) -> DirectoryHandle {
        let shown = child(name)
        for attempt in 0..<2 {
            let fd = openat(self.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 { return DirectoryHandle(fd: fd, path: shown) }
            let error = errno
            if error == ENOENT && create && attempt == 0 {
                if mkdirat(self.fd, name, 0o755) == 0 || errno == EEXIST { continue }
                throw DurableFile.storageError("cannot create \(shown)")
            }
            if error == ELOOP || error == ENOTDIR {
                throw DirectoryHandle.unsafe(shown, is: entry(name))
            }
            errno = error
            throw DurableFile.storageError("cannot open \(shown)")
        }
        throw DurableFile.storageError("cannot open \(shown)")
    }

    /// The refusal for a name that should be this inbox's own folder or file and is not.
    static func unsafe(_ path: String, is entry: Entry) -> InboxError {
        InboxError(.container, "\(path) is \(entry), not the share inbox's own; the inbox never follows links out of the App Group container, so nothing was read, written or deleted — remove it and try again")
    }

    /// `path/name`.
    func child(_ name: String) -> String { Paths.appending(path, name) }

    /// The names in the folder (without `.` and `..`), sorted; empty when it cannot be listed.
    func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// What `name` is, without following a link.
    func entry(_ name: String) -> Entry {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return DirectoryHandle.entry(info)
    }

    private static func entry(_ info: stat) -> Entry {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFREG: .file(size: Int(info.st_size), links: Int(info.st_nlink))
        default: .special
        }
    }

    /// What reading a file found.
    enum ReadOutcome: Equatable {
        case bytes([UInt8])
        /// Not a single-link regular file (a link, a folder, a hard-linked file…), left unread.
        case notOwnFile(Entry)
        case tooLarge
        case unreadable
    }

    /// Reads `name`, only when it is a regular file with one link and at most `limit` bytes.
    /// A link is not followed, a FIFO does not block (`O_NONBLOCK`), and the checks are made
    /// on the opened file itself, so nothing can be swapped in between.
    func read(_ name: String, limit: Int) -> ReadOutcome {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            let found = entry(name)
            return found == .missing ? .unreadable : .notOwnFile(found)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return .unreadable }
        let found = DirectoryHandle.entry(info)
        guard case .file(let size, 1) = found else { return .notOwnFile(found) }
        guard size <= limit else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { pread(file, $0 + offset, size - offset, off_t(offset)) } ?? 0
            }
            if n > 0 { offset += n } else if n == 0 { break } else if errno != EINTR { return .unreadable }
        }
        return .bytes(Array(bytes[..<offset]))
    }

    /// Creates `name` for writing (`O_EXCL`: never an existing file or link); -1 on failure.
    func create(_ name: String) -> Int32 {
        openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }

    /// Moves `name` to `target/newName` (a link moves as a link).
    func move(_ name: String, to target: DirectoryHandle, as newName: String) -> Bool {
        renameat(fd, name, target.fd, newName) == 0
    }

    /// Removes the file or link `name`; true when it is gone.
    @discardableResult
    func remove(_ name: String) -> Bool {
        unlinkat(fd, name, 0) == 0 || errno == ENOENT
    }

    /// Removes `name` and, when it is a real folder, everything in it. Links are removed as
    /// links: nothing outside this folder is touched.
    @discardableResult
    func removeTree(_ name: String) -> Bool {
        switch entry(name) {
        case .missing:
            return true
        case .directory:
            guard let sub = try? folder(name, create: false) else { return false }
            for inner in sub.names() { sub.removeTree(inner) }
            return unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT
        default:
            return remove(name)
        }
    }

    /// Flushes the folder's entries (a rename is durable only once its folder is).
    func sync() { fsync(fd) }
}

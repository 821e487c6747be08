import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// A local file opened inside an allowed folder without ever following a link: the path is
/// walked one component at a time from the folder's descriptor (`openat` with `O_NOFOLLOW`), so
/// a symbolic link anywhere below the folder — to `/etc/passwd`, to another root — is refused,
/// and the checks (regular file, size) are made on the opened file itself.
enum ConfinedFile {
    /// Why a file cannot be shared, completing "`files[0]` "…" …".
    enum Failure: Error, Equatable {
        case notAbsolute
        case outside(roots: [String])
        case missing
        case link(component: String)
        case notRegular(String)
        case tooLarge(size: Int, limit: Int)
        case unreadable(String)
    }

    /// An opened regular file: its canonical path and its size.
    struct Opened {
        let fd: Int32
        let path: String
        let size: Int
    }

    /// Opens `path` (absolute) when it lies inside one of `roots` (canonical folders); the caller closes `fd`.
    static func open(_ path: String, roots: [String]) -> Result<Opened, Failure> {
        guard path.hasPrefix("/") else { return .failure(.notAbsolute) }
        let components = path.split(separator: "/").map(String.init)
        guard !components.contains("..") else { return .failure(.outside(roots: roots)) }
        let cleaned = components.filter { $0 != "." }
        for root in roots {
            let rootComponents = root.split(separator: "/").map(String.init)
            guard cleaned.count > rootComponents.count, Array(cleaned.prefix(rootComponents.count)) == rootComponents else { continue }
            return walk(from: root, Array(cleaned.dropFirst(rootComponents.count)))
        }
        return .failure(.outside(roots: roots))
    }

    /// Reads a file `open` accepted before (a canonical path, walked again from `/` without
    /// following links), at most `limit` bytes.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let opened = try walk(from: "/", path.split(separator: "/").map(String.init)).get()
        defer { close(opened.fd) }
        guard opened.size <= limit else { throw .tooLarge(size: opened.size, limit: limit) }
        return try readAll(opened.fd, limit: limit)
    }

    /// The bytes of an open file, failing past `limit` (the file may grow after `fstat`).
    static func readAll(_ fd: Int32, limit: Int) throws(Failure) -> [UInt8] {
        switch FileDescriptorIO.readAll(fd, limit: limit) {
        case .bytes(let bytes): return bytes
        case .tooLarge(let limit):
            var info = stat()
            let grown = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
            throw .tooLarge(size: max(grown, limit + 1), limit: limit)
        case .failed(let code): throw .unreadable(String(cString: strerror(code)))
        }
    }

    private static func walk(from root: String, _ components: [String]) -> Result<Opened, Failure> {
        var dir = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return .failure(.missing) }
        var walked = root == "/" ? "" : root
        for (index, name) in components.enumerated() {
            defer { walked += "/" + name }
            var info = stat()
            guard fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                close(dir)
                return .failure(.missing)
            }
            if info.st_mode & S_IFMT == S_IFLNK {
                close(dir)
                return .failure(.link(component: walked + "/" + name))
            }
            let last = index == components.count - 1
            let next = openat(dir, name, last ? (O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                                              : (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC))
            close(dir)
            guard next >= 0 else {
                return .failure(errno == ELOOP ? .link(component: walked + "/" + name) : .unreadable(String(cString: strerror(errno))))
            }
            dir = next
        }
        var info = stat()
        guard fstat(dir, &info) == 0 else {
            close(dir)
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(dir)
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "a device, FIFO or socket"
            return .failure(.notRegular(what))
        }
        // Blocking reads from here on (O_NONBLOCK only kept a FIFO from blocking the open).
        _ = fcntl(dir, F_SETFL, fcntl(dir, F_GETFL) & ~O_NONBLOCK)
        return .success(Opened(fd: dir, path: walked, size: Int(info.st_size)))
    }
}

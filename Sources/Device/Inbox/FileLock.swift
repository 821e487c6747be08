import FoundationEssentials
import Glibc
import BridgeSystem

/// An exclusive lock shared by every process that opens the same inbox: `flock(2)` on a lock
/// file. The kernel releases it when its holder exits, even by `kill -9`, so a crashed writer
/// never blocks the others.
struct FileLock {
    /// The folder holding the lock file.
    let folder: DirectoryHandle
    let name: String

    /// Runs `body` while holding the lock.
    /// - Throws: `.container` when the lock file is a link or not a regular file (it is never
    ///   followed or opened then), `.storage` when it cannot be opened or locked.
    func withLock<T>(_ body: () throws(InboxError) -> T) throws(InboxError) -> T {
        let fd = openat(folder.fd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let found = folder.entry(name)
            if found == .symbolicLink || found == .directory || found == .special {
                throw DirectoryHandle.unsafe(folder.child(name), is: found)
            }
            throw DurableFile.storageError("cannot open the lock \(folder.child(name))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw DirectoryHandle.unsafe(folder.child(name), is: .special)
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw DurableFile.storageError("cannot lock \(folder.child(name))") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

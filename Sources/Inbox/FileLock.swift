import Foundation

/// An exclusive lock shared by every process that opens the same inbox: `flock(2)` on a lock
/// file. The kernel releases it when its holder exits, even by `kill -9`, so a crashed writer
/// never blocks the others.
struct FileLock {
    let path: String

    /// Runs `body` while holding the lock.
    func withLock<T>(_ body: () throws(InboxError) -> T) throws(InboxError) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DurableFile.storageError("cannot open the lock \(path)") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw DurableFile.storageError("cannot lock \(path)") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

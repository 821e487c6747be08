import Foundation

/// Crash-safe file operations: a file is written to a temporary name in the same folder, flushed
/// to disk, renamed into place and its folder flushed, so after a crash it is either complete or
/// absent — never partial.
enum DurableFile {
    /// Writes `bytes` to `path` atomically.
    static func write(_ bytes: [UInt8], to path: String, temporaryFolder: String) throws(InboxError) {
        let temporary = (temporaryFolder as NSString).appendingPathComponent(".\(UUID().uuidString).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw storageError("cannot create \(temporary)") }
        var ok = true
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n > 0 { offset += n } else if !(n < 0 && errno == EINTR) { ok = false; return }
            }
        }
        let error = errno
        if ok && fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok else {
            unlink(temporary)
            errno = error
            throw storageError("cannot write \(path)")
        }
        guard rename(temporary, path) == 0 else {
            let e = errno
            unlink(temporary)
            errno = e
            throw storageError("cannot move \(temporary) to \(path)")
        }
        syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// Copies `source` to `destination` (not yet visible: the caller renames the folder holding
    /// it), refusing more than `limit` bytes; returns the byte count.
    static func copy(_ source: String, to destination: String, limit: Int) throws(InboxError) -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw InboxError(.invalidShare, "cannot read \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw storageError("cannot create \(destination)") }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                close(output)
                throw InboxError(.invalidShare, "cannot read \(source): \(String(cString: strerror(errno)))")
            }
            total += n
            guard total <= limit else {
                close(output)
                throw InboxError(.invalidShare, "\(source) is larger than the \(limit)-byte limit for one attachment")
            }
            var offset = 0
            while offset < n {
                let w = buffer.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, n - offset) }
                if w > 0 { offset += w } else if !(w < 0 && errno == EINTR) {
                    close(output)
                    throw storageError("cannot write \(destination)")
                }
            }
        }
        guard fsync(output) == 0 else {
            close(output)
            throw storageError("cannot flush \(destination)")
        }
        close(output)
        return total
    }

    /// Flushes a folder's entries (a rename is durable only once its folder is).
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// A storage error with `errno`'s explanation; a full disk says so.
    static func storageError(_ what: String) -> InboxError {
        let code = errno
        let reason = String(cString: strerror(code))
        let hint = code == ENOSPC || code == EDQUOT || code == EFBIG ? " (the disk or the quota is full)" : ""
        return InboxError(.storage, "\(what): \(reason)\(hint); nothing was stored")
    }
}

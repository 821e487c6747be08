import FoundationEssentials
import Glibc
import BridgeSystem

/// Crash-safe file operations: a file is written to a temporary name, flushed to disk, renamed
/// into place and its folder flushed, so after a crash it is either complete or absent — never
/// partial. Every name is relative to a `DirectoryHandle`, so no link is followed.
enum DurableFile {
    /// Writes `bytes` to `folder/name` atomically, through a temporary file in `temporary`.
    static func write(_ bytes: [UInt8], to name: String, in folder: DirectoryHandle,
                      temporary: DirectoryHandle) throws(InboxError) {
        let staged = ".\(UUID().uuidString).tmp"
        let fd = temporary.create(staged)
        guard fd >= 0 else { throw storageError("cannot create \(temporary.child(staged))") }
        let ok = writeAll(bytes[...], to: fd) && fsync(fd) == 0
        let error = errno
        close(fd)
        guard ok else {
            temporary.remove(staged)
            errno = error
            throw storageError("cannot write \(folder.child(name))")
        }
        guard temporary.move(staged, to: folder, as: name) else {
            let e = errno
            temporary.remove(staged)
            errno = e
            throw storageError("cannot move \(temporary.child(staged)) to \(folder.child(name))")
        }
        folder.sync()
    }

    /// Copies the user's file `source` to `folder/name` (not yet visible: the caller renames
    /// the folder holding it), refusing more than `limit` bytes; returns the byte count.
    static func copy(_ source: String, to name: String, in folder: DirectoryHandle, limit: Int) throws(InboxError) -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw InboxError(.invalidShare, "cannot read \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = folder.create(name)
        guard output >= 0 else { throw storageError("cannot create \(folder.child(name))") }
        defer { close(output) }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw InboxError(.invalidShare, "cannot read \(source): \(String(cString: strerror(errno)))")
            }
            total += n
            guard total <= limit else {
                throw InboxError(.invalidShare, "\(source) is larger than the \(limit)-byte limit for one attachment")
            }
            guard writeAll(buffer[..<n], to: output) else { throw storageError("cannot write \(folder.child(name))") }
        }
        guard fsync(output) == 0 else { throw storageError("cannot flush \(folder.child(name))") }
        return total
    }

    /// Writes every byte, retrying short writes and `EINTR`; false on an error (`errno` says which).
    private static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n > 0 { offset += n } else if !(n < 0 && errno == EINTR) { return false }
            }
            return true
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

import FoundationEssentials
import Glibc
import BridgeSystem

/// A reader of the share inbox, as other processes see it: while the session lives it holds its
/// lease lock, `ShareInbox/leases/<id>.lock`, with `flock(LOCK_EX)`. The kernel drops the lock
/// when the holder exits, however it exits (`kill -9` included), so another process that can
/// take the lock knows the session is over and its undelivered leases have lapsed.
///
/// A session is a `bridge serve` or `bridge invoke` process (`InboxSession.process`), or one
/// page of browser mode (`named(_:)`, ended when the page goes away).
///
/// - Important: Lock files are created, taken and tested only under the inbox's own lock, so
///   no process can see a session's file between its creation and its locking.
public final class InboxSession: Sendable {
    /// The session's id: letters, digits, `.`, `_` and `-` only (it names a file).
    public let id: String
    /// The lock files held, by the inbox folder they are in.
    private let held = SharedLock<[String: Int32]>([:])

    /// A session named `id`; characters a file name cannot safely hold become `_`.
    public init(id: String) {
        let safe = id.unicodeScalars.map { s -> Character in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "._-".unicodeScalars.contains(s))) ? Character(s) : "_"
        }
        self.id = String(String(safe).prefix(120))
    }

    deinit { end() }

    /// The process's own session: every call of `bridge invoke`, and of `bridge serve`'s stdio peer.
    public static let process = InboxSession(id: "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")

    /// A new session of this process for a client of its own (`label`: a browser page).
    public static func named(_ label: String) -> InboxSession {
        InboxSession(id: "\(process.id)-\(label)")
    }

    /// Holds this session's lock file in `leases` (once per inbox), under the inbox lock.
    /// - Throws: `.storage` when the file cannot be made or locked; `.container` for a link.
    func hold(in leases: DirectoryHandle) throws(InboxError) {
        let name = "\(id).lock"
        let error = held.withLock { fds -> InboxError? in
            if fds[leases.path] != nil { return nil }
            let fd = openat(leases.fd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let found = leases.entry(name)
                if found == .symbolicLink || found == .directory || found == .special {
                    return DirectoryHandle.unsafe(leases.child(name), is: found)
                }
                return DurableFile.storageError("cannot open the lease lock \(leases.child(name))")
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                return DurableFile.storageError("cannot lock \(leases.child(name))")
            }
            fds[leases.path] = fd
            return nil
        }
        if let error { throw error }
    }

    /// Ends the session: its locks are released, so its undelivered leases lapse (the next
    /// read or clear that finds its file unlocked removes it).
    public func end() {
        let fds = held.withLock { fds in
            defer { fds = [:] }
            return Array(fds.values)
        }
        fds.forEach { close($0) }
    }

    /// Whether session `id` is alive: its lock file in `leases` exists and is locked. A dead
    /// session's file is removed. Call under the inbox lock.
    static func isAlive(_ id: String, in leases: DirectoryHandle) -> Bool {
        let name = "\(id).lock"
        let fd = openat(leases.fd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            leases.remove(name)
            return false
        }
        return errno == EWOULDBLOCK || errno == EAGAIN || errno == EINTR
    }
}

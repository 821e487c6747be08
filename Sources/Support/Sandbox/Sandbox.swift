#if canImport(Glibc)
import Glibc
#endif

/// A folder that holds a simulated device's files: a device path such as
/// `/data/user/0/com.example.app/files/notes.txt` lives at `DIR/android/data/user/0/…`, one
/// tree per platform, so the app's directories exist where Tauri resolves them and the bytes
/// live under DIR.
///
/// Nothing outside DIR is ever read or written: a path reaches the sandbox as components already
/// resolved (no `.`, no `..`, no separator inside one), and each is opened relative to its
/// parent's descriptor (`openat`, `mkdirat`, `renameat`, `unlinkat`) without following a link
/// (`O_NOFOLLOW`, `AT_SYMLINK_NOFOLLOW`): a symbolic link planted in DIR is refused, never
/// followed. The inbox keeps its container the same way (`DirectoryHandle`).
public final class Sandbox: Sendable {
    /// The host folder.
    public let root: String
    /// The most a single read hands back at once: what a call holds in memory.
    public static let maxReadBytes = 64 << 20

    /// The sandbox at `root`, created (with its parents) when absent.
    public init(root: String) throws(SandboxError) {
        var path = ""
        for part in root.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + part
            if mkdir(path, 0o755) != 0, Glibc.errno != EEXIST { throw .errno(path) }
        }
        var info = stat()
        guard stat(root, &info) == 0 else { throw .errno(root) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SandboxError(.system(ENOTDIR), path: root) }
        self.root = root
    }

    /// A device path: the platform's tree and the path's components from its root.
    public struct Path: Sendable, Equatable, CustomStringConvertible {
        public let platform: String
        public let components: [String]
        /// The path as the device writes it, for messages.
        public let display: String

        public init(platform: String, components: [String], display: String) {
            self.platform = platform
            self.components = components
            self.display = display
        }

        public var description: String { display }
        var parent: [String] { Array(components.dropLast()) }
        /// The folder holding it.
        public var folder: Path { Path(platform: platform, components: parent, display: display) }
        var name: String? { components.last }
    }

    // MARK: - Walking

    /// An open folder, closed when released.
    final class Folder {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }

    /// The folder at `components` under the platform's tree, each opened without following a
    /// link; `create`: folders made (0755) where missing.
    func folder(_ platform: String, _ components: [String], display: String, create: Bool = false) throws(SandboxError) -> Folder {
        let top = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { throw .errno(root) }
        var current = Folder(top)
        for name in [platform] + components {
            guard Sandbox.isComponent(name) else { throw SandboxError(.system(EINVAL), path: display) }
            var fd = openat(current.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0, Glibc.errno == ENOENT, create || name == platform {
                if mkdirat(current.fd, name, 0o755) != 0, Glibc.errno != EEXIST { throw .errno(display) }
                fd = openat(current.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard fd >= 0 else { throw refusal(current, name, display) }
            current = Folder(fd)
        }
        return current
    }

    /// Why `name` in `folder` could not be opened: a link is the sandbox's refusal.
    private func refusal(_ folder: Folder, _ name: String, _ display: String) -> SandboxError {
        let code = Glibc.errno
        var info = stat()
        if (code == ELOOP || code == ENOTDIR), fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return SandboxError(.link, path: display)
        }
        return SandboxError(.system(code), path: display)
    }

    /// The folder holding `path`'s last component, and that name.
    private func parent(_ path: Path, create: Bool = false) throws(SandboxError) -> (Folder, String) {
        guard let name = path.name else { throw SandboxError(.system(EISDIR), path: path.display) }
        guard Sandbox.isComponent(name) else { throw SandboxError(.system(EINVAL), path: path.display) }
        return (try folder(path.platform, path.parent, display: path.display, create: create), name)
    }

    static func isComponent(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    // MARK: - Metadata

    /// What `stat` tells of a file, a folder or a link.
    public struct Info: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case file, directory, symlink, other }
        public let kind: Kind
        public let size: Int
        public let mode: UInt32
        public let nlink: Int
        public let uid: UInt32
        public let gid: UInt32
        public let dev: UInt64
        public let ino: UInt64
        public let rdev: UInt64
        public let blksize: Int
        public let blocks: Int
        /// Milliseconds since the epoch.
        public let modified: Double
        public let accessed: Double
        public let changed: Double

        init(_ s: stat) {
            switch s.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symlink
            default: kind = .other
            }
            size = Int(s.st_size)
            mode = UInt32(s.st_mode)
            nlink = Int(s.st_nlink)
            uid = s.st_uid
            gid = s.st_gid
            dev = UInt64(s.st_dev)
            ino = UInt64(s.st_ino)
            rdev = UInt64(s.st_rdev)
            blksize = Int(s.st_blksize)
            blocks = Int(s.st_blocks)
            func ms(_ t: timespec) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_nsec / 1_000_000) }
            modified = ms(s.st_mtim)
            accessed = ms(s.st_atim)
            changed = ms(s.st_ctim)
        }
    }

    /// The path's metadata; `followLink` false: a link's own (`lstat`). A link is never
    /// followed: `stat` of one is refused.
    public func info(_ path: Path, followLink: Bool = true) throws(SandboxError) -> Info {
        let folder: Folder, name: String
        if path.components.isEmpty {
            folder = try self.folder(path.platform, [], display: path.display)
            var s = stat()
            guard fstat(folder.fd, &s) == 0 else { throw .errno(path.display) }
            return Info(s)
        }
        (folder, name) = try parent(path)
        var s = stat()
        guard fstatat(folder.fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0 else { throw .errno(path.display) }
        if followLink, s.st_mode & S_IFMT == S_IFLNK { throw SandboxError(.link, path: path.display) }
        return Info(s)
    }

    /// Whether something is at `path` (a link counts: it is there, though never followed).
    public func exists(_ path: Path) -> Bool {
        (try? info(path, followLink: false)) != nil
    }

    // MARK: - Folders

    public struct Entry: Sendable, Equatable {
        public let name: String
        public let kind: Info.Kind
    }

    /// The folder's entries, in the order the system lists them.
    public func list(_ path: Path) throws(SandboxError) -> [Entry] {
        let folder = try self.folder(path.platform, path.components, display: path.display)
        let fd = dup(folder.fd)
        guard fd >= 0, let dir = fdopendir(fd) else { throw .errno(path.display) }
        defer { closedir(dir) }
        var out: [Entry] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var s = stat()
            let kind: Info.Kind = fstatat(folder.fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0 ? Info(s).kind : .other
            out.append(Entry(name: name, kind: kind))
        }
        return out
    }

    /// `mkdir` (`recursive`: `create_dir_all`, which succeeds when the folder exists).
    public func makeFolder(_ path: Path, recursive: Bool, mode: UInt32 = 0o777) throws(SandboxError) {
        if recursive {
            if path.components.isEmpty { return }
            let (folder, name) = try parent(path, create: true)
            if mkdirat(folder.fd, name, mode_t(mode)) != 0 {
                let code = Glibc.errno
                var s = stat()
                guard code == EEXIST, fstatat(folder.fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0, s.st_mode & S_IFMT == S_IFDIR else {
                    throw SandboxError(.system(code), path: path.display)
                }
            }
            return
        }
        let (folder, name) = try parent(path)
        guard mkdirat(folder.fd, name, mode_t(mode)) == 0 else { throw .errno(path.display) }
    }

    /// Removes a file, a link (not what it points to) or an empty folder; `recursive`: a folder
    /// and all it holds, links removed as links.
    public func remove(_ path: Path, recursive: Bool) throws(SandboxError) {
        let (folder, name) = try parent(path)
        var s = stat()
        guard fstatat(folder.fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0 else { throw .errno(path.display) }
        guard s.st_mode & S_IFMT == S_IFDIR else {
            guard unlinkat(folder.fd, name, 0) == 0 else { throw .errno(path.display) }
            return
        }
        if recursive { try empty(folder, name, display: path.display) }
        guard unlinkat(folder.fd, name, AT_REMOVEDIR) == 0 else { throw .errno(path.display) }
    }

    /// The most folders `empty` holds open at once; deeper, the oldest are closed and opened
    /// again by name on the way back up.
    static let openFolderWindow = 64

    /// Removes everything in the folder `name` of `parent`, depth first, each folder opened
    /// relative to the one holding it (never from the sandbox's root again), so a tree of depth
    /// D and N entries costs O(N + D²/64) system calls and at most 64 descriptors at once.
    private func empty(_ parent: Folder, _ name: String, display: String) throws(SandboxError) {
        struct Level {
            let name: String
            var folder: Folder?
            var pending: [String]
        }
        func openChild(_ folder: Folder, _ name: String) throws(SandboxError) -> Folder {
            let fd = openat(folder.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw refusal(folder, name, display) }
            return Folder(fd)
        }
        func names(_ folder: Folder) throws(SandboxError) -> [String] {
            let fd = dup(folder.fd)
            guard fd >= 0, let dir = fdopendir(fd) else { throw .errno(display) }
            defer { closedir(dir) }
            var out: [String] = []
            while let entry = readdir(dir) {
                let entryName = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if entryName != "." && entryName != ".." { out.append(entryName) }
            }
            return out
        }
        let top = try openChild(parent, name)
        var levels = [Level(name: name, folder: top, pending: try names(top))]
        // Levels 1...closed have their folder closed (the window's oldest); 0 stays open.
        var closed = 0
        var emptied: String?
        while !levels.isEmpty {
            let depth = levels.count - 1
            if levels[depth].folder == nil {
                // Closed on the way down: opened again from the nearest open ancestor.
                var at = depth
                while levels[at].folder == nil { at -= 1 }
                // The window's worth of levels is kept open, so the next 64 levels up cost nothing.
                var current = levels[at].folder!
                let keep = max(at, depth - Sandbox.openFolderWindow)
                for below in (at + 1)...depth {
                    current = try openChild(current, levels[below].name)
                    if below > keep { levels[below].folder = current }
                }
                closed = keep
            }
            let folder = levels[depth].folder!
            if let child = emptied {
                guard unlinkat(folder.fd, child, AT_REMOVEDIR) == 0 else { throw .errno(display) }
                emptied = nil
            }
            guard let next = levels[depth].pending.popLast() else {
                // Empty now: its parent removes it (level 0 is removed by the caller).
                emptied = levels.removeLast().name
                closed = min(closed, levels.count - 1)
                continue
            }
            var info = stat()
            guard fstatat(folder.fd, next, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .errno(display) }
            if info.st_mode & S_IFMT == S_IFDIR {
                let child = try openChild(folder, next)
                levels.append(Level(name: next, folder: child, pending: try names(child)))
                if levels.count - closed > Sandbox.openFolderWindow + 1 {
                    closed += 1
                    levels[closed].folder = nil
                }
            } else {
                guard unlinkat(folder.fd, next, 0) == 0 else { throw .errno(display) }
            }
        }
    }

    /// Moves `from` to `to` (replacing a file there), a link moved as a link.
    public func rename(_ from: Path, to: Path) throws(SandboxError) {
        let (a, an) = try parent(from)
        let (b, bn) = try parent(to)
        guard renameat(a.fd, an, b.fd, bn) == 0 else { throw .errno(from.display) }
    }

    // MARK: - Files

    /// How a file is opened: Rust's `OpenOptions`.
    public struct OpenOptions: Sendable, Equatable {
        public var read = false, write = false, append = false, truncate = false, create = false, createNew = false
        public var mode: UInt32 = 0o666

        public init(read: Bool = false, write: Bool = false, append: Bool = false, truncate: Bool = false,
                    create: Bool = false, createNew: Bool = false, mode: UInt32 = 0o666) {
            (self.read, self.write, self.append, self.truncate, self.create, self.createNew, self.mode) = (read, write, append, truncate, create, createNew, mode)
        }

        /// The `open(2)` flags, or `EINVAL` as Rust's `OpenOptions` refuses a combination.
        func flags() -> Int32? {
            let writes = write || append
            var flags: Int32
            switch (read, writes) {
            case (true, false): flags = O_RDONLY
            case (false, true): flags = O_WRONLY
            case (true, true): flags = O_RDWR
            case (false, false): return nil
            }
            if append { flags |= O_APPEND }
            // Rust: truncate, create and create_new need write access (append alone cannot truncate).
            if (truncate || create || createNew) && !write && !append { return nil }
            if truncate && append { return nil }
            if truncate { flags |= O_TRUNC }
            if createNew { flags |= O_CREAT | O_EXCL } else if create { flags |= O_CREAT }
            return flags | O_CLOEXEC | O_NOFOLLOW
        }
    }

    /// An open file: its descriptor, closed when released.
    public final class File: @unchecked Sendable {
        public let fd: Int32
        public let path: Path
        /// A FIFO, socket or device, left non-blocking: a read may find nothing yet (`EAGAIN`)
        /// and must wait for it (`waitReadable`) off the caller's thread.
        public let waits: Bool
        init(fd: Int32, path: Path, waits: Bool = false) {
            self.fd = fd
            self.path = path
            self.waits = waits
        }
        deinit { close(fd) }

        /// Up to `count` bytes from the current position (fewer at the end).
        public func read(upTo count: Int) throws(SandboxError) -> [UInt8] {
            let n = min(count, Sandbox.maxReadBytes)
            var buffer = [UInt8](repeating: 0, count: n)
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, n) }
            guard got >= 0 else { throw .errno(path.display) }
            buffer.removeLast(n - got)
            return buffer
        }

        /// Waits until a read of a `waits` file would not block (data, or its writer gone), in
        /// slices of `slice` milliseconds; `false` when `cancelled` said stop first.
        public func waitReadable(slice: Int32 = 100, cancelled: () -> Bool) -> Bool {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while !cancelled() {
                let n = poll(&entry, 1, slice)
                if n > 0 { return true }
                if n < 0, Glibc.errno != EINTR { return true }
            }
            return false
        }

        /// What a `waits` file has now, up to `count` bytes (none: `[]`, as at its end).
        public func readAvailable(upTo count: Int) throws(SandboxError) -> [UInt8] {
            do {
                return try read(upTo: count)
            } catch let error where error.reason == .system(EAGAIN) {
                return []
            }
        }

        /// Everything to the end of a `waits` file (until its writer closes it), waiting for
        /// each part; `nil` when cancelled first.
        public func readToEndWaiting(cancelled: () -> Bool) throws(SandboxError) -> [UInt8]? {
            var out: [UInt8] = []
            while true {
                guard waitReadable(cancelled: cancelled) else { return nil }
                let n = min(64 << 10, Sandbox.maxReadBytes)
                var buffer = [UInt8](repeating: 0, count: n)
                let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, n) }
                if got < 0 {
                    if Glibc.errno == EAGAIN || Glibc.errno == EINTR { continue }
                    throw .errno(path.display)
                }
                if got == 0 { return out }
                out += buffer[..<got]
                if out.count > Sandbox.maxReadBytes { throw SandboxError(.tooLarge(out.count), path: path.display) }
            }
        }

        /// Everything from the current position to the end.
        public func readToEnd() throws(SandboxError) -> [UInt8] {
            var out: [UInt8] = []
            // The size a regular file has left, reserved once: growing by doubling would hold the
            // old and the new buffer at once, up to 3 times the file while it copies.
            let position = lseek(fd, 0, SEEK_CUR)
            if position >= 0, let left = try? info().size - Int(position), left > 0 {
                out.reserveCapacity(min(left, Sandbox.maxReadBytes + 1))
            }
            while true {
                let chunk = try read(upTo: 64 << 10)
                if chunk.isEmpty { return out }
                out += chunk
                if out.count > Sandbox.maxReadBytes { throw SandboxError(.tooLarge(out.count), path: path.display) }
            }
        }

        /// Writes every byte; the count written.
        @discardableResult
        public func write(_ bytes: [UInt8]) throws(SandboxError) -> Int {
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
                guard n > 0 else { throw .errno(path.display) }
                done += n
            }
            return done
        }

        /// `lseek`: the new position. `whence`: 0 start, 1 current, 2 end.
        public func seek(_ offset: Int, whence: Int32) throws(SandboxError) -> Int {
            let at = lseek(fd, off_t(offset), whence)
            guard at >= 0 else { throw .errno(path.display) }
            return Int(at)
        }

        public func info() throws(SandboxError) -> Info {
            var s = stat()
            guard fstat(fd, &s) == 0 else { throw .errno(path.display) }
            return Info(s)
        }

        /// `File::set_len`: a length past `i64::MAX` is Rust's `InvalidInput` (std's
        /// `sys/pal/unix/fs.rs` converts it to `off64_t` first), never wrapped to another length.
        public func truncate(_ length: UInt64) throws(SandboxError) {
            guard let size = off_t(exactly: length) else {
                throw SandboxError(.invalidInput("out of range integral type conversion attempted"), path: path.display)
            }
            guard ftruncate(fd, size) == 0 else { throw .errno(path.display) }
        }
    }

    /// Opens a file; `EINVAL` for options Rust's `OpenOptions` refuses.
    ///
    /// - Important: the one file opener of the sandbox. It opens without following a link
    ///   (`O_NOFOLLOW`) and without blocking (`O_NONBLOCK`), then looks at what it opened before
    ///   touching a byte: a regular file with more than one name (a hard link, perhaps to a file
    ///   outside the sandbox) is closed unread and untruncated — `O_TRUNC` is applied only after
    ///   that check; a FIFO, socket or device stays non-blocking (`File.waits`), so opening one
    ///   never holds the caller's thread, and whoever reads it waits on that file alone.
    public func open(_ path: Path, _ options: OpenOptions) throws(SandboxError) -> File {
        guard let flags = options.flags() else { throw SandboxError(.system(EINVAL), path: path.display) }
        let (folder, name) = try parent(path)
        let fd = openat(folder.fd, name, (flags & ~O_TRUNC) | O_NONBLOCK, mode_t(options.mode & 0o7777))
        guard fd >= 0 else { throw refusal(folder, name, path.display) }
        var s = stat()
        guard fstat(fd, &s) == 0 else {
            let error = SandboxError.errno(path.display)
            close(fd)
            throw error
        }
        let kind = s.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else {
            return File(fd: fd, path: path, waits: true)
        }
        if kind == S_IFREG, s.st_nlink > 1 {
            close(fd)
            throw SandboxError(.hardLink(Int(s.st_nlink)), path: path.display)
        }
        let file = File(fd: fd, path: path, waits: false)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if flags & O_TRUNC != 0, kind == S_IFREG {
            guard ftruncate(fd, 0) == 0 else { throw .errno(path.display) }
        }
        return file
    }

    /// Replaces the file at `path` with `bytes` whole, as a crash-safe save: written to a
    /// temporary name in the same folder, flushed, then renamed over `path`, under an exclusive
    /// `flock` on the folder — so two writers (two bridges on one sandbox) never interleave, and a
    /// reader sees the old file or the new one, never one writer's bytes followed by another's.
    /// The inbox saves the same way (`DurableFile`).
    public func replace(_ path: Path, with bytes: [UInt8], mode: UInt32 = 0o644) throws(SandboxError) {
        let (folder, name) = try parent(path)
        while flock(folder.fd, LOCK_EX) != 0 {
            guard Glibc.errno == EINTR else { throw .errno(path.display) }
        }
        defer { flock(folder.fd, LOCK_UN) }
        let staged = ".\(name).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = openat(folder.fd, staged, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode & 0o7777))
        guard fd >= 0 else { throw .errno(path.display) }
        let file = File(fd: fd, path: path)
        do throws(SandboxError) {
            try file.write(bytes)
            guard fsync(fd) == 0 else { throw SandboxError.errno(path.display) }
            guard renameat(folder.fd, staged, folder.fd, name) == 0 else { throw SandboxError.errno(path.display) }
        } catch {
            unlinkat(folder.fd, staged, 0)
            throw error
        }
    }

    /// The whole file.
    public func read(_ path: Path) throws(SandboxError) -> [UInt8] {
        let file = try open(path, OpenOptions(read: true))
        let size = try file.info().size
        if size > Sandbox.maxReadBytes { throw SandboxError(.tooLarge(size), path: path.display) }
        return try file.readToEnd()
    }

    /// Copies `from`'s bytes to `to` (created or truncated), as `std::fs::copy`: the count copied.
    @discardableResult
    public func copy(_ from: Path, to: Path) throws(SandboxError) -> Int {
        let source = try open(from, OpenOptions(read: true))
        let mode = try source.info().mode & 0o7777
        let target = try open(to, OpenOptions(write: true, truncate: true, create: true, mode: mode))
        var total = 0
        while true {
            let chunk = try source.read(upTo: 256 << 10)
            if chunk.isEmpty { return total }
            total += try target.write(chunk)
        }
    }

    /// `truncate(2)` through an open descriptor, so a link is refused, never followed.
    public func truncate(_ path: Path, length: UInt64) throws(SandboxError) {
        try open(path, OpenOptions(write: true)).truncate(length)
    }

}

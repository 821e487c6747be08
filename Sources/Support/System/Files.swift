import Glibc

/// What a path names, read with `stat` (links followed) or `lstat`.
public enum Disk {
    public enum Kind: Sendable, Equatable { case file, directory, other }

    /// The kind of what `path` names, following links unless `followingLinks` is false (a link
    /// is then `.other`); `nil` when nothing is there.
    public static func kind(_ path: String, followingLinks: Bool = true) -> Kind? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` names a directory (or a link to one): `FileManager.fileExists(atPath:isDirectory:)`.
    public static func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    /// The size in bytes of what `path` names, links followed; `nil` when nothing is there.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// At most `limit` bytes from the start of the file at `path`; `nil` when it cannot be opened.
    public static func read(_ path: String, upTo limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while out.count < limit {
            let want = min(chunk.count, limit - out.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}

extension Disk {
    /// The paths under `root`, relative to it (`a`, `a/b.toml`), parent before children, names
    /// in byte order (`FileManager.enumerator(atPath:)`, made deterministic); links are listed,
    /// never followed. A path `skip` accepts is left out with everything under it. At most
    /// `limit` paths; none when `root` cannot be read.
    public static func walk(_ root: String, limit: Int = .max, skip: (String) -> Bool = { _ in false }) -> [String] {
        var out: [String] = []
        func visit(_ relative: String) {
            guard out.count < limit, let dir = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where out.count < limit {
                let path = relative.isEmpty ? name : relative + "/" + name
                if skip(path) { continue }
                out.append(path)
                if kind(root + "/" + path, followingLinks: false) == .directory { visit(path) }
            }
        }
        visit("")
        return out
    }
}

/// The process's standard error, written whole (`FileHandle.standardError.write`).
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}

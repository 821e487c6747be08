/// Paths as Rust's `std::path` reads them on a platform: what Tauri's path commands and the fs
/// plugin's `SafeFilePath` build on. A building block of the device, apart from any plugin, so
/// the path rules are fuzzed and tested alone (`Fuzz/Targets/ArgumentsFuzz.swift`).
/// `std::path::Path`'s rules as Tauri's path commands use them, with the platform's separator.
public struct PathSyntax: Sendable {
    public let windows: Bool
    public init(_ platform: Platform) { windows = platform == .windows }

    public var separator: Character { windows ? "\\" : "/" }
    public var root: String { windows ? "C:\\" : "/" }

    public func isSeparator(_ c: Character) -> Bool { c == "/" || (windows && c == "\\") }

    public func isAbsolute(_ p: String) -> Bool {
        if windows {
            let c = Array(p)
            return (c.count >= 3 && c[0].isLetter && c[1] == ":" && isSeparator(c[2])) || p.hasPrefix("\\\\")
        }
        return p.hasPrefix("/")
    }

    /// `(prefix + root, normal components)`; `.` dropped, `..` kept.
    public func components(_ p: String) -> (root: String, parts: [String]) {
        var rest = Substring(p)
        var root = ""
        if windows, rest.count >= 2, rest.first!.isLetter, rest.dropFirst().first == ":" {
            root = String(rest.prefix(2))
            rest = rest.dropFirst(2)
        }
        if let first = rest.first, isSeparator(first) { root += String(separator) }
        let parts = rest.split(whereSeparator: isSeparator).map(String.init).filter { $0 != "." }
        return (root, parts)
    }

    /// `PathBuf::push`: an absolute `p` replaces `base`.
    public func push(_ base: String, _ p: String) -> String {
        if isAbsolute(p) || base.isEmpty { return p }
        return base.last.map(isSeparator) == true ? base + p : base + String(separator) + p
    }

    /// Tauri's `normalize_path` (`resolving`: `..` pops at the root too) and
    /// `normalize_path_no_absolute`: `.` dropped, `..` pops the last component.
    public func normalize(_ p: String, resolving: Bool) -> String {
        let (root, parts) = components(p)
        var out: [String] = []
        for part in parts {
            if part == ".." { if !out.isEmpty { out.removeLast() } } else { out.append(part) }
        }
        return root + out.joined(separator: String(separator))
    }

    /// The `normalize` command: as `normalize_path_no_absolute`, the trailing separator kept,
    /// `.` and `..` left as they are when nothing remains.
    public func normalizeCommand(_ p: String) -> String {
        var n = normalize(p, resolving: false)
        if n.isEmpty && (p == "." || p == "..") { return p }
        if let last = p.last, isSeparator(last), !(n.last.map(isSeparator) ?? false) { n.append(separator) }
        return n
    }

    /// `Path::parent`: `nil` for a root or an empty path.
    public func parent(_ p: String) -> String? {
        let (root, parts) = components(p)
        if parts.isEmpty { return nil }
        let kept = parts.dropLast()
        return root + kept.joined(separator: String(separator))
    }

    /// `Path::file_name`: the last normal component; `nil` when it is `..` or there is none.
    public func fileName(_ p: String) -> String? {
        let (_, parts) = components(p)
        guard let last = parts.last, last != ".." else { return nil }
        return last
    }

    /// `Path::extension` of a file name: after the last `.`, unless the name starts with it.
    public static func `extension`(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// A resource path as the bundler lays it out: `..` → `_up_`, a root → `_root_`.
    public static func resourceRelative(_ p: String, _ s: PathSyntax) -> String {
        let (root, parts) = s.components(p)
        let mapped = (root.isEmpty ? [] : ["_root_"]) + parts.map { $0 == ".." ? "_up_" : $0 }
        return mapped.joined(separator: String(s.separator))
    }

    /// Rust's `path.components().collect()`: `.` and repeated separators dropped, `..` kept —
    /// the form the fs scope matches.
    public func collected(_ path: String) -> String {
        let (root, parts) = components(path)
        return root + parts.joined(separator: String(separator))
    }
}

import Glibc

/// Path strings as Foundation's `NSString` path methods treat them (swift-corelibs-foundation
/// `NSPathUtilities.swift`), without linking Foundation: a binary that links it pays its
/// start-up (CoreFoundation, ICU: ~4.6 MiB resident, ~1 ms) at every cold `invoke`.
public enum Paths {
    /// `NSString.appendingPathComponent`: `component` after one `/` (none added when `base`
    /// ends with one); an empty side leaves the other unchanged. No other slash is touched.
    public static func appending(_ base: String, _ component: String) -> String {
        if component.isEmpty { return base }
        if base.isEmpty { return component }
        return base.utf8.last == slash ? concatenated(base, component) : concatenated(base, "/", component)
    }

    /// The strings one after another, copied once into one new string: `+` and `append` check
    /// uniqueness and capacity at each piece (~300 instructions each), and a path is built on
    /// every call that downloads.
    public static func concatenated(_ p0: String, _ p1: String, _ p2: String = "", _ p3: String = "", _ p4: String = "",
                                    _ p5: String = "") -> String {
        let total = p0.utf8.count + p1.utf8.count + p2.utf8.count + p3.utf8.count + p4.utf8.count + p5.utf8.count
        return String(unsafeUninitializedCapacity: total) { out in
            var at = out.baseAddress!
            at = copy(p0, to: at)
            at = copy(p1, to: at)
            at = copy(p2, to: at)
            at = copy(p3, to: at)
            at = copy(p4, to: at)
            at = copy(p5, to: at)
            return at - out.baseAddress!
        }
    }

    /// Copies `piece`'s bytes to `out`; returns the end.
    @inline(__always)
    private static func copy(_ piece: String, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let count = piece.utf8.withContiguousStorageIfAvailable({ bytes -> Int in
            if let source = bytes.baseAddress { out.update(from: source, count: bytes.count) }
            return bytes.count
        }) {
            return out + count
        }
        var at = out
        for byte in piece.utf8 {   // a small string, kept inline: no storage to copy from
            at.pointee = byte
            at += 1
        }
        return at
    }

    /// `NSString.lastPathComponent`: the part after the last `/`, trailing slashes ignored;
    /// `/` for the root.
    public static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.utf8.count > 1 else { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// `NSString.deletingLastPathComponent`: the path without its last component; `/` for a
    /// component under the root, `""` for a relative single component.
    public static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// `NSString.pathExtension`: what follows the last `.` of the last component, `""` when it
    /// has none or starts with its only dot (`.profile`).
    public static func pathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.utf8.count > 1 else { return "" }
        let start = startOfLastComponent(fixed)
        let component = fixed[start...]
        guard let dot = component.lastIndex(of: "."), dot != start, component != ".." else { return "" }
        return String(component[component.index(after: dot)...])
    }

    /// `NSString.standardizingPath`: `~` expanded, repeated and trailing slashes dropped, and in
    /// an absolute path the `.` and `..` components resolved (`..` at the root stays the root).
    public static func standardized(_ path: String) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = homeDirectory + path.dropFirst() }
        let fixed = fixingSlashes(path)
        guard fixed.utf8.first == slash else { return fixed }
        var parts: [Substring] = []
        for part in fixed.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `NSString.resolvingSymlinksInPath`: the real path when it exists (`realpath`), else the
    /// standardized one.
    public static func resolvingSymlinks(_ path: String) -> String {
        let standard = standardized(path)
        guard let resolved = realpath(standard, nil) else { return standard }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `NSTemporaryDirectory()`: `$TMPDIR` with a trailing slash, else `/tmp/`.
    public static var temporaryDirectory: String {
        if let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty {
            return value.utf8.last == slash ? value : value + "/"
        }
        return "/tmp/"
    }

    /// `NSHomeDirectory()`: `$HOME`, else the user database's entry, else `/`.
    public static var homeDirectory: String {
        if let value = getenv("HOME").map({ String(cString: $0) }), !value.isEmpty { return value }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    private static let slash = UInt8(ascii: "/")

    /// Runs of `/` made one, a trailing `/` dropped (the root kept).
    static func fixingSlashes(_ path: String) -> String {
        guard path.utf8.contains(slash) else { return path }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == slash && out.last == slash) { out.append(byte) }
        if out.count > 1, out.last == slash { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where the last component of a slash-fixed path starts.
    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        guard let last = fixed.lastIndex(of: "/") else { return fixed.startIndex }
        return fixed.index(after: last)
    }
}

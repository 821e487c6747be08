import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeMatching
import BridgeProtocol

/// The fs scope a call is checked against, built as the plugin's `resolve_path` builds a
/// `tauri::scope::fs::Scope` (plugins-workspace@77149dc4 `plugins/fs/src/commands.rs`
/// `resolve_path`; tauri@a8105ecc `crates/tauri/src/scope/fs.rs`): every allow and deny entry of
/// the global scope and the command's scope, each path parsed by `PathResolver::parse` (a leading
/// `$APPDATA`-style variable resolved for the platform, later `..` dropped) and compiled as a glob,
/// unescaped; a path is allowed when no deny pattern matches and an allow pattern does.
struct FsScope: Sendable {
    /// Indexed by the folders before each glob's first wildcard: a call meets only the entries
    /// that could match it.
    let allow: PathGlobIndex
    let deny: PathGlobIndex
    let requireLiteralLeadingDot: Bool

    /// The scope of `grant` on `platform`; `invalid glob pattern: …` when an entry is no glob.
    init(_ grant: CallGrant, paths: PlatformPaths, requireLiteralLeadingDot: Bool?) throws(ResponseError) {
        try self.init(allow: grant.allAllow, deny: grant.allDeny, paths: paths, requireLiteralLeadingDot: requireLiteralLeadingDot)
    }

    /// The scope of `allow` and `deny` entries (`"…"` or `{"path": "…"}`): a grant's, or the asset
    /// protocol's from the config.
    init(allow: [JSON], deny: [JSON], paths: PlatformPaths, requireLiteralLeadingDot: Bool?) throws(ResponseError) {
        // tauri: an explicit setting, else true on unix (iOS and Android included), false on Windows.
        self.requireLiteralLeadingDot = requireLiteralLeadingDot ?? (paths.platform != .windows)
        var allowed: [PathGlob] = [], denied: [PathGlob] = []
        for entry in allow { if let p = FsScope.entryPath(entry, paths) { allowed.append(try FsScope.compile(p)) } }
        for entry in deny { if let p = FsScope.entryPath(entry, paths) { denied.append(try FsScope.compile(p)) } }
        self.allow = PathGlobIndex(allowed)
        self.deny = PathGlobIndex(denied)
    }

    /// Deny first, then allow.
    func allows(_ path: String) -> Bool {
        if deny.contains(matching: path, requireLiteralLeadingDot: requireLiteralLeadingDot) { return false }
        return allow.contains(matching: path, requireLiteralLeadingDot: requireLiteralLeadingDot)
    }

    /// A scope entry's path (`"…"` or `{"path": "…"}`), parsed; `nil` when the entry has none, or
    /// names a directory the platform lacks (`UnknownPath`: the entry is dropped).
    static func entryPath(_ entry: JSON, _ paths: PlatformPaths) -> String? {
        guard let raw = entry.stringValue ?? entry["path"]?.stringValue else { return nil }
        return parse(raw, paths)
    }

    /// `PathResolver::parse`: a first component that is a variable becomes its directory; every
    /// later `..` is dropped; the path rebuilt from its components.
    static func parse(_ raw: String, _ paths: PlatformPaths) -> String? {
        let syntax = paths.syntax
        let (root, parts) = syntax.components(raw)
        var out: [String] = []
        var base = root
        for (i, part) in parts.enumerated() {
            if i == 0, root.isEmpty, part.hasPrefix("$"), let directory = BaseDirectory.from(variable: part, platform: paths.platform) {
                guard let resolved = paths.resolve(directory) else { return nil }
                base = resolved
                continue
            }
            if part == ".." { continue }
            out.append(part)
        }
        var path = base
        for part in out { path = syntax.push(path, part) }
        return path
    }

    static func compile(_ path: String) throws(ResponseError) -> PathGlob {
        do {
            return try PathGlob(path)
        } catch {
            throw .rejected("invalid glob pattern: \(error.message)", details: ["layer": "command", "reason": "a scope entry of the capability is not a glob the fs scope can compile"])
        }
    }

    /// Why a granted scope entry cannot be read (`error deserializing scope`), or `nil`.
    static func problem(_ entry: JSON) -> String? {
        if entry.stringValue != nil { return nil }
        if case .object = entry, entry["path"]?.stringValue != nil { return nil }
        return "an fs scope entry is a path string or {\"path\": \"…\"}, got \(entry.serialized())"
    }
}

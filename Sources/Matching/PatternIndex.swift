/// Scope entries looked up by what a URL or a path must literally have, so that a call costs
/// the same under a thousand entries as under ten: only the entries that could match are tried,
/// in their order (the first match is the one the linear walk would find).
///
/// A `URLPattern` whose scheme and host are literal is filed under them; a `PathGlob` of an
/// absolute Unix path under the folders before its first wildcard. Any other entry (a wildcard
/// in the host, a Windows path, a relative glob) is tried for every URL or path.
public struct URLPatternIndex: Sendable {
    public let patterns: [URLPattern]
    private let byOrigin: [String: [Int]]
    private let everywhere: [Int]

    public init(_ patterns: [URLPattern]) {
        self.patterns = patterns
        var byOrigin: [String: [Int]] = [:]
        var everywhere: [Int] = []
        for (i, p) in patterns.enumerated() {
            if let key = URLPatternIndex.key(of: p) { byOrigin[key, default: []].append(i) } else { everywhere.append(i) }
        }
        self.byOrigin = byOrigin
        self.everywhere = everywhere
    }

    public var isEmpty: Bool { patterns.isEmpty }

    /// The first pattern, in the given order, that matches `url`.
    public func first(matching url: OriginURL) -> URLPattern? {
        let filed = byOrigin[url.scheme + "://" + url.host] ?? []
        return Merged.first(filed, everywhere) { patterns[$0].matches(url) }.map { patterns[$0] }
    }

    public func contains(matching url: OriginURL) -> Bool { first(matching: url) != nil }

    /// `scheme://host` for a pattern whose two are literal (what a URL's canonical scheme and host
    /// equal exactly when it matches), else `nil`.
    static func key(of p: URLPattern) -> String? {
        let special: (Character) -> Bool = { "*:(){}?+\\[]".contains($0) }
        guard !p.protocolPart.contains(where: special) else { return nil }
        let host = p.hostname
        if host.hasPrefix("[") {
            // An IPv6 literal, canonical: a bracketed address with no pattern syntax beside it.
            guard host.hasSuffix("]"), !host.dropFirst().dropLast().contains(where: { "*(){}?+\\".contains($0) }) else { return nil }
        } else if host.contains(where: special) {
            return nil
        }
        return p.protocolPart + "://" + host
    }
}

/// `PathGlob`s filed by the folders before their first wildcard (see `URLPatternIndex`).
public struct PathGlobIndex: Sendable {
    public let globs: [PathGlob]
    private let byFolder: [String: [Int]]
    private let everywhere: [Int]

    public init(_ globs: [PathGlob]) {
        self.globs = globs
        var byFolder: [String: [Int]] = [:]
        var everywhere: [Int] = []
        for (i, g) in globs.enumerated() {
            if let key = PathGlobIndex.key(of: g.text) { byFolder[key, default: []].append(i) } else { everywhere.append(i) }
        }
        self.byFolder = byFolder
        self.everywhere = everywhere
    }

    public var isEmpty: Bool { globs.isEmpty }

    /// The first glob, in the given order, that matches `path` (`PathGlob.matches`' options).
    public func first(matching path: String, requireLiteralLeadingDot: Bool) -> PathGlob? {
        var filed: [Int] = []
        if !byFolder.isEmpty, path.hasPrefix("/") {
            // The path's own folders, from the root down, and the path itself.
            if let atRoot = byFolder["/"] { filed += atRoot }
            var key = ""
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                key += "/" + part
                if let here = byFolder[key] { filed += here }
            }
            if filed.count > 1 { filed.sort() }
        }
        return Merged.first(filed, everywhere) { globs[$0].matches(path, requireLiteralLeadingDot: requireLiteralLeadingDot) }.map { globs[$0] }
    }

    public func contains(matching path: String, requireLiteralLeadingDot: Bool) -> Bool {
        first(matching: path, requireLiteralLeadingDot: requireLiteralLeadingDot) != nil
    }

    /// `/a/b` for `/a/b/*.txt` or `/a/b/**`: the literal folders an absolute Unix glob starts
    /// with (`/` when its first component is a wildcard), or `nil` for any other glob.
    static func key(of text: String) -> String? {
        guard text.hasPrefix("/") else { return nil }
        let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var key = ""
        for part in parts {
            // An empty component (`//`, a trailing `/`) is left to the walk.
            if part.isEmpty { return nil }
            if part.contains(where: { "*?[]{}\\".contains($0) }) { break }
            key += "/" + part
        }
        return key.isEmpty ? "/" : key
    }
}

/// Two ascending lists of indices walked as one, in ascending order.
enum Merged {
    static func first(_ a: [Int], _ b: [Int], where matches: (Int) -> Bool) -> Int? {
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next: Int
            if j >= b.count || (i < a.count && a[i] < b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if matches(next) { return next }
        }
        return nil
    }
}

/// Scope entries looked up by what a URL or a path must literally have, so that a call costs
/// the same under a thousand entries as under ten: only the entries that could match are tried,
/// in their order (the first match is the one the linear walk would find).
///
/// A `URLPattern` whose scheme and host are literal is filed under them; a `PathGlob` of an
/// absolute Unix path under the folders before its first wildcard. Any other entry (a wildcard
/// in the host, a Windows path, a relative glob) is tried for every URL or path.
public struct URLPatternIndex: Sendable {
    private let index: FiledIndex<URLPattern>

    public init(_ patterns: [URLPattern]) { index = FiledIndex(patterns, key: URLPatternIndex.key(of:)) }

    public var patterns: [URLPattern] { index.items }
    public var isEmpty: Bool { index.items.isEmpty }

    /// The first pattern, in the given order, that matches `url`.
    public func first(matching url: OriginURL) -> URLPattern? {
        index.first(under: index.filesAny ? [url.scheme + "://" + url.host] : []) { $0.matches(url) }
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
    private let index: FiledIndex<PathGlob>

    public init(_ globs: [PathGlob]) { index = FiledIndex(globs) { PathGlobIndex.key(of: $0.text) } }

    public var globs: [PathGlob] { index.items }
    public var isEmpty: Bool { index.items.isEmpty }

    /// The first glob, in the given order, that matches `path` (`PathGlob.matches`' options).
    public func first(matching path: String, requireLiteralLeadingDot: Bool) -> PathGlob? {
        var keys: [String] = []
        if index.filesAny, path.hasPrefix("/") {
            // The path's own folders, from the root down, and the path itself.
            keys.append("/")
            var key = ""
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                key += "/" + part
                keys.append(key)
            }
        }
        return index.first(under: keys) { $0.matches(path, requireLiteralLeadingDot: requireLiteralLeadingDot) }
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

/// Items filed under the literal key each must have (`nil`: tried for everything), looked up by
/// the keys a subject has: only the items filed under them and the unfiled ones are tried, in
/// the items' order, so the first match is the one a walk of every item would find.
struct FiledIndex<Item: Sendable>: Sendable {
    let items: [Item]
    private let filed: [String: [Int]]
    private let everywhere: [Int]

    init(_ items: [Item], key: (Item) -> String?) {
        self.items = items
        var filed: [String: [Int]] = [:]
        var everywhere: [Int] = []
        for (i, item) in items.enumerated() {
            if let k = key(item) { filed[k, default: []].append(i) } else { everywhere.append(i) }
        }
        self.filed = filed
        self.everywhere = everywhere
    }

    /// Whether any item is filed under a key (else asking for keys is wasted).
    var filesAny: Bool { !filed.isEmpty }

    /// The first item, in order, among those filed under `keys` and those filed nowhere, that `matches`.
    func first(under keys: [String], where matches: (Item) -> Bool) -> Item? {
        var candidates: [Int] = []
        for key in keys { if let here = filed[key] { candidates += here } }
        if candidates.count > 1 { candidates.sort() }
        return Merged.first(candidates, everywhere) { matches(items[$0]) }.map { items[$0] }
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

/// A release number as Cargo.lock and package.json write it (`2.8.5`, `2.0.0-rc.3`), read
/// leniently from a requirement (`^2.8`, `~2.4.1`, `=2.11.1`, `2`): the missing parts are 0.
public struct ReleaseVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int
    /// The pre-release part (`rc.3`), ordered before its release.
    public let pre: String?

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0, pre: String? = nil) {
        (self.major, self.minor, self.patch, self.pre) = (major, minor, patch, pre)
    }

    /// `text` as a version: an optional requirement operator (`^ ~ = >= v`), then one to three
    /// numbers, then an optional `-pre` and `+build`; `nil` for anything else (`*`, `latest`,
    /// a git URL, a range with two ends).
    public init?(_ text: String) {
        var t = Substring(text.trimmingCharacters(in: " \t\"'"))
        while let first = t.first, "^~=>v".contains(first) { t = t.dropFirst() }
        t = t.drop { $0 == " " }
        if let plus = t.firstIndex(of: "+") { t = t[..<plus] }
        var pre: String?
        if let dash = t.firstIndex(of: "-") {
            pre = String(t[t.index(after: dash)...])
            t = t[..<dash]
        }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0, pre: pre?.isEmpty == true ? nil : pre)
    }

    public var description: String { "\(major).\(minor).\(patch)" + (pre.map { "-\($0)" } ?? "") }

    public static func < (a: ReleaseVersion, b: ReleaseVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) { return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }
        switch (a.pre, b.pre) {
        case (nil, nil), (nil, _?): return false
        case (_?, nil): return true
        case (let x?, let y?): return x < y
        }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}

/// One behaviour that changed upstream: from which release of which component (`tauri`,
/// `@tauri-apps/api`, or a plugin's name such as `fs`), what, and where it is read. A version
/// is a value: a command asks `versions.has(change)`, and the table of changes is the one place
/// that says what differs between versions (`UpstreamChanges.all`, `docs/versions.md`).
public struct UpstreamChange: Sendable, Hashable {
    public let component: String
    public let since: ReleaseVersion
    public let summary: String
    /// The upstream file and commit (or pull request) it was read from.
    public let reference: String
    /// The test that fails without it (`Suite/test`), or empty for a change not modelled yet.
    public let test: String
    /// The commands it adds (`plugin:app|bundle_type`): refused before its version, saying so.
    public let commands: [String]
    /// The arguments it adds, by command (`plugin:dialog|message` → `buttons`): ignored before
    /// its version, with a warning that says so.
    public let arguments: [String: [String]]

    public init(_ component: String, since: String, _ summary: String, reference: String, test: String = "", commands: [String] = [],
                arguments: [String: [String]] = [:]) {
        self.test = test
        self.commands = commands
        self.arguments = arguments
        self.component = component
        // The table is written in code: a malformed version is a programming error caught by its test.
        self.since = ReleaseVersion(since) ?? ReleaseVersion(0, 0)
        self.summary = summary
        self.reference = reference
    }
}

/// The Tauri, `@tauri-apps/api` and plugin versions a session models: read from the app's
/// lockfiles (`--app`), chosen with `--tauri-version` and `--plugin-version NAME@VERSION`, else the
/// newest modelled. A plugin not pinned follows Tauri's: the October-2024 plugins with Tauri 2.0,
/// the newest modelled otherwise.
public struct ModelledVersions: Sendable, Equatable {
    /// The `tauri` crate.
    public var tauri: ReleaseVersion
    /// `@tauri-apps/api`, when pinned apart from the crate.
    public var api: ReleaseVersion?
    /// Each pinned plugin by name (`fs`, `clipboard-manager`).
    public var plugins: [String: ReleaseVersion]
    /// Where each pin came from, by component (`Cargo.lock`, `--tauri-version`, `package.json`).
    public var sources: [String: String]

    public init(tauri: ReleaseVersion, api: ReleaseVersion? = nil, plugins: [String: ReleaseVersion] = [:], sources: [String: String] = [:]) {
        self.tauri = tauri
        self.api = api
        self.plugins = plugins
        self.sources = sources
    }

    /// Tauri 2.0.6 (a8105ecc), `@tauri-apps/api` 2.0.3 and plugins-workspace at 77149dc4
    /// (October 2024): what the bridge modelled first.
    public static let baseline = ModelledVersions(tauri: ReleaseVersion(2, 0, 6))
    /// The newest versions whose changes the table holds.
    public static let newest = ModelledVersions(tauri: UpstreamChanges.newestTauri)

    /// The version modelled for `component`: its pin, else (a plugin) what follows Tauri's.
    public func version(of component: String) -> ReleaseVersion {
        switch component {
        case "tauri": return tauri
        case "@tauri-apps/api": return api ?? tauri
        default:
            if let pinned = plugins[component] { return pinned }
            let october2024 = ReleaseVersion(2, 0)
            return tauri < ReleaseVersion(2, 1) ? october2024 : UpstreamChanges.newestPlugins[component] ?? october2024
        }
    }

    /// Whether `change` is in the modelled version of its component.
    public func has(_ change: UpstreamChange) -> Bool { version(of: change.component) >= change.since }

    /// The changes of `component` newer than its modelled version: what a newer app would see
    /// answered differently.
    public func newer(of component: String) -> [UpstreamChange] {
        UpstreamChanges.all.filter { $0.component == component && !has($0) }
    }
}

import BridgeApp
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeSandbox

/// The opener plugin, released after `PluginsWorkspacePin` (plugins-workspace#2019, 2024-11-19):
/// `src/commands.rs` at `commit`, the other files at the commits `files` names.
public enum OpenerPin {
    public static let commit = "7f2124d354b8cbe049ccb1924f6e07acb9bc1b53"
    public static let files = "src/commands.rs @ 7f2124d3, src/scope.rs @ 768e3ecb, src/error.rs @ 068a24b0, ios/Sources/OpenerPlugin.swift @ 354f537d, android/src/main/java/OpenerPlugin.kt @ b0ae5c20, reveal_item_in_dir.rs @ b789abd0"
}

/// `plugin:opener|…` (`@tauri-apps/plugin-opener`) as first released from plugins-workspace
/// (after the fs/store snapshot: `OpenerPin`): `open_url(url, with?)` and `open_path(path,
/// with?)` checked against the opener scope — deny before allow, a URL against `url` globs
/// (`Pattern::matches`, `*` crossing `/`), a path against `path` entries as the fs scope matches
/// them, each entry's `app` deciding which `with` it admits (none: only a call without `with`) —
/// and `reveal_item_in_dir(path)`, unscoped, on a path that must exist. Nothing is opened: the
/// record says what the device would open and with what. On a phone both opens go to the native
/// `open` (`with` ignored): iOS resolves whatever happens (`UIApplication.open`'s result is not
/// awaited); Android starts an `ACTION_VIEW` intent and rejects with the exception's message
/// when no app handles the link; revealing is `API not supported on the current platform`.
public enum OpenerPlugin {
    static let commands = ["open_url", "open_path", "reveal_item_in_dir"]
    static let defaultDescription = "This permission set allows opening `mailto:`, `tel:`, `https://` and `http://` urls using their default application\nas well as reveal file in directories using default file explorer"
    static let defaultURLs: Permission = Permission(
        "allow-default-urls", "This enables opening `mailto:`, `tel:`, `https://` and `http://` urls using their default application.",
        scopeAllow: ["mailto:*", "tel:*", "http://*", "https://*"].map { .object(["url": .string($0)]) })

    public static func plugin(sandbox: SandboxHolder, app: AppInfo, versions: ModelledVersions = .newest) -> KitPlugin {
        // opener ≥ 2.5 reveals several items: `paths`, each canonicalised (UpstreamChanges.openerRevealPaths).
        let several = versions.has(UpstreamChanges.openerRevealPaths)
        let key = several ? "paths" : "path"
        return KitPlugin(
            name: "opener", origin: .pluginsWorkspace(pin: OpenerPin.commit), commandNames: commands, defaultSet: (defaultDescription, ["allow-open-url", "allow-reveal-item-in-dir", "allow-default-urls"]),
            declaredPermissions: [defaultURLs], scopeProblem: OpenerScope.problem,
            commands: [
                KitCommand("open_url", [("url", .string), ("with", .option(.string))], readsScope: true, invocation: { (i) throws(ResponseError) in
                    let url = i.arguments["url"]?.stringValue ?? "", with = i.arguments["with"]?.stringValue
                    let scope = try OpenerScope.of(i, app: app)
                    guard scope.allows(url: url, with: with) else {
                        throw .native("Not allowed to open url \(url)" + (with.map { " with \($0)" } ?? ""), layer: "opener",
                                      reason: OpenerScope.reason(url: url, with: with, scope: scope))
                    }
                    return try open(url, with: with, path: false, i.context)
                }),
                KitCommand("open_path", [("path", .string), ("with", .option(.string))], readsScope: true, invocation: { (i) throws(ResponseError) in
                    let path = i.arguments["path"]?.stringValue ?? "", with = i.arguments["with"]?.stringValue
                    let scope = try OpenerScope.of(i, app: app)
                    guard scope.allows(path: path, with: with) else {
                        throw .native("Not allowed to open path \(path)" + (with.map { " with \($0)" } ?? ""), layer: "opener",
                                      reason: "no path entry of the opener scope allows \(path)\(with.map { " with \($0)" } ?? ""); grant opener:allow-open-path with {\"path\": \"$APPDATA/**\"}-style entries (an entry's app says which `with` it admits)")
                    }
                    return try open(path, with: with, path: true, i.context)
                }),
                KitCommand("reveal_item_in_dir", [(key, several ? .sequence(.path) : .path)], recording: { (payload, context) throws(ResponseError) in
                    let items = several ? (payload["paths"]?.arrayValue ?? []).compactMap(\.stringValue) : [payload["path"]?.stringValue ?? ""]
                    // Each `canonicalize()?` comes before the platform check.
                    let paths = PlatformPaths(platform: context.platform, app: app)
                    for path in items {
                        guard paths.syntax.isAbsolute(path), try sandbox.sandbox(installed: paths).exists(paths.sandboxPath(path)) else {
                            throw .native("No such file or directory (os error 2)", layer: "opener", reason: "\(path) is not in the sandbox (canonicalize fails); reveal_item_in_dir reveals existing files")
                        }
                    }
                    let how: String
                    switch context.platform {
                    case .ios, .android:
                        throw .native("API not supported on the current platform", layer: "opener", reason: "reveal_item_in_dir is desktop only (reveal_item_in_dir.rs)")
                    case .macos: how = "NSWorkspace.activateFileViewerSelectingURLs: Finder shows the file selected"
                    case .windows: how = "SHOpenFolderAndSelectItems: Explorer shows the file selected"
                    case .linux: how = "D-Bus org.freedesktop.FileManager1.ShowItems (the portal's OpenDirectory if none answers)"
                    }
                    let target: JSON = several ? .array(items.map(JSON.string)) : .string(items.first ?? "")
                    let done = officialRecord("opener", context, "revealItemInDir", [key: target, "effect": .string(how)])
                    return CommandOutput(result: .null, presentation: { .object(done) })
                }),
            ])
    }

    /// What the device does with an allowed open: nothing here, a record of it.
    static func open(_ target: String, with: String?, path: Bool, _ context: CallContext) throws(ResponseError) -> CommandOutput {
        var fields: JSONObject = [path ? "path" : "url": .string(target)]
        switch context.platform {
        case .ios:
            fields["effect"] = .string(URLScheme.of(target) == nil
                ? "URL(string:) gives no URL with a scheme: nothing opens, and the call resolves (the plugin does not await UIApplication.open)"
                : "UIApplication.shared.open(\(target)): iOS asks the app that handles \(URLScheme.of(target)!): to open it; the call resolves whatever happens")
            if let with { fields["ignored"] = .string("with \(with): the mobile plugin opens with the system's choice") }
        case .android:
            let scheme = URLScheme.of(target)
            guard let scheme, URLScheme.androidHandled.contains(scheme) else {
                throw .native("No Activity found to handle Intent { act=android.intent.action.VIEW dat=\(target) flg=0x10000000 }", layer: "android",
                              reason: scheme == nil ? "Uri.parse(\(target)) has no scheme, so no app takes ACTION_VIEW (startActivity throws ActivityNotFoundException)"
                                  : "no app on the simulated device handles \(scheme ?? ""): links (ActivityNotFoundException); a real device may have one")
            }
            fields["effect"] = .string("startActivity(Intent(ACTION_VIEW, Uri.parse(\(target))).addFlags(FLAG_ACTIVITY_NEW_TASK)): the \(scheme == "tel" ? "dialer" : scheme == "mailto" ? "mail app" : "browser") opens it")
            if let with { fields["ignored"] = .string("with \(with): the mobile plugin opens with the system's choice") }
        default:
            let opener = switch context.platform {
            case .macos: "open"
            case .windows: "ShellExecuteW (start)"
            default: "xdg-open"
            }
            fields["effect"] = .string(with.map { "\($0) \(target) (open::with_detached)" } ?? "\(opener) \(target) (open::that_detached): the default app opens it")
        }
        let done = officialRecord("opener", context, path ? "openPath" : "openUrl", fields)
        return CommandOutput(result: .null, presentation: { .object(done) })
    }
}

/// A URL's scheme, lowercased, or `nil` when it has none.
enum URLScheme {
    static func of(_ s: String) -> String? {
        guard let colon = s.firstIndex(of: ":"), colon != s.startIndex, s.first?.isLetter == true,
              s[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return s[..<colon].lowercased()
    }

    /// What a stock Android device has an app for.
    static let androidHandled: Set<String> = ["http", "https", "mailto", "tel", "sms", "smsto", "geo", "market", "content", "file"]
}

/// The opener scope of a call (`src/scope.rs`): URL and path entries, each with its `app`.
struct OpenerScope: Sendable {
    enum Application: Equatable, Sendable {
        case byDefault
        case enable(Bool)
        case app(String)

        init(_ json: JSON?) {
            switch json {
            case .bool(let b)?: self = .enable(b)
            case .string(let s)?: self = .app(s)
            default: self = .byDefault
            }
        }

        /// `Application::matches`.
        func matches(_ with: String?) -> Bool {
            switch self {
            case .byDefault: return with == nil
            case .enable(let b): return b
            case .app(let p): return with == p
            }
        }
    }

    struct URLEntry: Sendable { let glob: PathGlob; let app: Application }
    struct PathEntry: Sendable { let glob: PathGlob?; let app: Application }

    var allowURLs: [URLEntry] = []
    var denyURLs: [URLEntry] = []
    var allowPaths: [PathEntry] = []
    var denyPaths: [PathEntry] = []
    let paths: PlatformPaths

    /// The call's scope, compiled once per grant and platform.
    static func of(_ i: Invocation, app: AppInfo) throws(ResponseError) -> OpenerScope {
        try i.grant.scope("opener \(i.context.platform.rawValue)") { () throws(ResponseError) in
            try OpenerScope(i.grant, paths: PlatformPaths(platform: i.context.platform, app: app))
        }
    }

    init(_ grant: CallGrant, paths: PlatformPaths) throws(ResponseError) {
        self.paths = paths
        for (entries, allow) in [(grant.allAllow, true), (grant.allDeny, false)] {
            for entry in entries {
                let app = Application(entry["app"])
                if let url = entry["url"]?.stringValue {
                    let glob: PathGlob
                    do { glob = try PathGlob(url) } catch {
                        throw .native("error deserializing scope: \(error.message)", layer: "opener")
                    }
                    if allow { allowURLs.append(URLEntry(glob: glob, app: app)) } else { denyURLs.append(URLEntry(glob: glob, app: app)) }
                } else if let path = entry["path"]?.stringValue {
                    let glob = FsScope.parse(path, paths).flatMap { try? PathGlob($0) }
                    if allow { allowPaths.append(PathEntry(glob: glob, app: app)) } else { denyPaths.append(PathEntry(glob: glob, app: app)) }
                }
            }
        }
    }

    /// `is_url_allowed`: a deny entry matching the URL and the program, else an allow one.
    func allows(url: String, with: String?) -> Bool {
        if denyURLs.contains(where: { $0.glob.matches(url, requireLiteralLeadingDot: false, requireLiteralSeparator: false) && $0.app.matches(with) }) {
            return false
        }
        return allowURLs.contains { $0.glob.matches(url, requireLiteralLeadingDot: false, requireLiteralSeparator: false) && $0.app.matches(with) }
    }

    /// `is_path_allowed`: the fs scope of the path entries (deny first), and some allowed path
    /// entry admitting the program.
    func allows(path: String, with: String?) -> Bool {
        let dot = paths.platform != .windows
        let normal = paths.syntax.collected(path)
        func hit(_ e: PathEntry) -> Bool { e.glob?.matches(normal, requireLiteralLeadingDot: dot) ?? false }
        if denyPaths.contains(where: hit) { return false }
        return allowPaths.contains(where: hit) && allowPaths.contains { $0.app.matches(with) }
    }

    static func reason(url: String, with: String?, scope: OpenerScope) -> String {
        if scope.allowURLs.isEmpty { return "the opener scope allows no URL: grant opener:default (mailto:, tel:, http:, https:) or an {\"url\": \"…\"} entry" }
        if with != nil, scope.allows(url: url, with: nil) {
            return "the URL is allowed, but only without `with`: an entry without `app` admits no program; add \"app\": true or \"app\": \"\(with!)\" to it"
        }
        return "\(url) matches no allowed url pattern, or matches a denied one"
    }

    /// A scope entry is `{url, app?}` or `{path, app?}`.
    static func problem(_ entry: JSON) -> String? {
        if entry["url"]?.stringValue != nil || entry["path"]?.stringValue != nil { return nil }
        return "an opener scope entry is {\"url\": \"…\", \"app\"?: …} or {\"path\": \"…\", \"app\"?: …}, got \(entry.serialized())"
    }
}

extension OpenerPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin(sandbox: s.sandbox, app: s.app, versions: s.versions) }
}

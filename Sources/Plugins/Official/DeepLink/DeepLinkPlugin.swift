import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeSystem

/// `plugins.deep-link` of the app's configuration, as the plugin reads it (`src/config.rs`, with
/// the fields apps ship today, plugins-workspace@19a04229: `scheme`, an optional `host`, `path`,
/// `pathPattern`, `pathPrefix`, `pathSuffix`, `appLink`): `mobile`, the links that open the app
/// on a phone, and `desktop`, the URL schemes of desktop builds.
public struct DeepLinkConfig: Sendable, Equatable {
    public struct Domain: Sendable, Equatable {
        /// `["https", "http"]` unless given (the plugin's `default_schemes`).
        public var scheme: [String] = ["https", "http"]
        public var host: String?
        public var path: [String] = []
        public var pathPattern: [String] = []
        public var pathPrefix: [String] = []
        public var pathSuffix: [String] = []
        /// `nil`: an app link when it is a web link with a host (`is_app_link`).
        public var appLink: Bool?

        var isWebLink: Bool { scheme.contains("https") || scheme.contains("http") }
        var isAppLink: Bool { appLink ?? (isWebLink && host != nil) }
        var hasPathRule: Bool { !(path.isEmpty && pathPattern.isEmpty && pathPrefix.isEmpty && pathSuffix.isEmpty) }

        /// Android's `<data>` path attributes, any of which may match (`android:path`,
        /// `pathPattern` with `.` and `*`, `pathPrefix`, `pathSuffix`).
        func pathMatches(_ candidate: String) -> Bool {
            guard hasPathRule else { return true }
            return path.contains(candidate) || pathPrefix.contains(where: candidate.hasPrefix) || pathSuffix.contains(where: candidate.hasSuffix)
                || pathPattern.contains { AndroidPathPattern.matches(Array($0), Array(candidate)) }
        }
    }

    public let mobile: [Domain]
    public let desktopSchemes: [String]

    public init(mobile: [Domain] = [], desktopSchemes: [String] = []) {
        self.mobile = mobile
        self.desktopSchemes = desktopSchemes
    }

    /// Reads `plugins.deep-link` (`nil`: the app configures none).
    /// - Throws: the plugin's own refusals: a host with a scheme, a web link without a host, an
    ///   app link that is not a web link.
    public init(_ json: JSON?) throws(DeepLinkConfigError) {
        guard let json, !json.isNull else { self.init(); return }
        var domains: [Domain] = []
        for (i, entry) in (json["mobile"]?.arrayValue ?? []).enumerated() {
            let at = "plugins.deep-link.mobile[\(i)]"
            var d = Domain()
            func strings(_ keys: String...) -> [String] {
                for key in keys { if let list = entry[key]?.arrayValue { return list.compactMap(\.stringValue) } }
                return []
            }
            if entry["scheme"] != nil { d.scheme = strings("scheme") }
            d.host = entry["host"]?.stringValue
            if let host = d.host, let range = host.firstRange(of: "://") {
                throw DeepLinkConfigError("\(at): host `\(host)` cannot start with a scheme, please remove the `\(host[..<range.lowerBound])://` prefix")
            }
            d.path = strings("path")
            d.pathPattern = strings("pathPattern", "path-pattern")
            d.pathPrefix = strings("pathPrefix", "path-prefix")
            d.pathSuffix = strings("pathSuffix", "path-suffix")
            d.appLink = (entry["appLink"] ?? entry["app-link"])?.boolValue
            if d.isWebLink && d.host == nil { throw DeepLinkConfigError("\(at): Web link requires a host") }
            if d.isAppLink && !d.isWebLink { throw DeepLinkConfigError("\(at): AppLink must be a valid web link (https/http + host)") }
            domains.append(d)
        }
        var schemes: [String] = []
        let desktop = json["desktop"]
        for protocolEntry in desktop?.arrayValue ?? (desktop.map { [$0] } ?? []) {
            schemes += protocolEntry["schemes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        self.init(mobile: domains, desktopSchemes: schemes)
    }

    /// Whether a link opens the app on `platform`; `nil` when it does, else which rule missed.
    /// Android matches the intent filters the plugin writes from `mobile` (the schemes, the
    /// host, any path rule); iOS opens an app link (an associated domain, `applinks:<host>`)
    /// for an https link to its host — the paths are the site's apple-app-site-association's to
    /// decide — and a custom scheme the app declares; desktop builds take their schemes.
    public func miss(_ url: ParsedURL, platform: Platform) -> String? {
        switch platform {
        case .android, .ios:
            let candidates = mobile.filter { $0.scheme.contains(url.scheme) }
            guard !candidates.isEmpty else {
                let schemes = Set(mobile.flatMap(\.scheme)).sorted()
                return "scheme \(url.scheme) is in no plugins.deep-link.mobile entry (\(schemes.isEmpty ? "it lists none" : schemes.joined(separator: ", ")))"
            }
            let hosted = candidates.filter { $0.host.map { DeepLinkConfig.host(url.host, matches: $0) } ?? true }
            guard !hosted.isEmpty else {
                return "host \(url.host) is not in plugins.deep-link.mobile for \(url.scheme) (\(candidates.compactMap(\.host).joined(separator: ", ")))"
            }
            if platform == .ios {
                if url.scheme == "http" { return "iOS opens an app for a universal link only over https, not http" }
                if url.scheme == "https", !hosted.contains(where: \.isAppLink) {
                    return "iOS opens an https link in the app only for an associated domain (appLink), and \(url.host)'s entry is not one"
                }
                return nil
            }
            guard hosted.contains(where: { $0.pathMatches(url.path) }) else {
                let rules = hosted.flatMap { $0.path + $0.pathPattern + $0.pathPrefix + $0.pathSuffix }
                return "path \(url.path) matches none of the entry's path rules (\(rules.joined(separator: ", ")))"
            }
            return nil
        case .linux, .windows, .macos:
            return desktopSchemes.contains(url.scheme) ? nil
                : "scheme \(url.scheme) is not in plugins.deep-link.desktop.schemes (\(desktopSchemes.isEmpty ? "none" : desktopSchemes.joined(separator: ", ")))"
        }
    }

    /// A host against an associated domain: equal, or under a `*.` wildcard.
    static func host(_ host: String, matches pattern: String) -> Bool {
        let pattern = pattern.lowercased()
        if pattern.hasPrefix("*.") { return host.hasSuffix(pattern.dropFirst(1)) }
        return host == pattern
    }
}

/// Android's `android:pathPattern`: `.` any character, `X*` any number of X (`.*` anything),
/// `\\` escapes; the whole path must match.
enum AndroidPathPattern {
    static func matches(_ p: [Character], _ s: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func at(_ i: Int, _ j: Int) -> Bool {
            let key = i * (s.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if i == p.count {
                result = j == s.count
            } else {
                var width = 1
                var literal = p[i]
                if p[i] == "\\", i + 1 < p.count { literal = p[i + 1]; width = 2 }
                let any = width == 1 && p[i] == "."
                func one(_ k: Int) -> Bool { k < s.count && (any || s[k] == literal) }
                if i + width < p.count, p[i + width] == "*" {
                    var k = j
                    var found = at(i + width + 1, k)
                    while !found, one(k) { k += 1; found = at(i + width + 1, k) }
                    result = found
                } else {
                    result = one(j) && at(i + width, j + 1)
                }
            }
            memo[key] = result
            return result
        }
        return at(0, 0)
    }
}

public struct DeepLinkConfigError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A URL as the plugin's `url::Url` holds it: the scheme and host lower-cased, an empty path of
/// an http(s) URL written `/` (what `get_current` serialises back).
public struct ParsedURL: Sendable, Equatable {
    public let scheme: String
    public let host: String
    public let path: String
    /// The serialised URL.
    public let text: String

    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter,
              text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        let scheme = text[..<colon].lowercased()
        var rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else {
            self.scheme = scheme
            host = ""
            path = String(rest)
            self.text = scheme + ":" + rest
            return
        }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let hostPart = (authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "").lowercased()
        let tail = rest[authorityEnd...]
        let pathEnd = tail.firstIndex { $0 == "?" || $0 == "#" } ?? tail.endIndex
        var path = String(tail[..<pathEnd])
        let special = ["http", "https", "ws", "wss", "ftp"].contains(scheme)
        if special, hostPart.isEmpty { return nil }
        if special, path.isEmpty { path = "/" }
        self.scheme = scheme
        host = String(hostPart.prefix { $0 != ":" })
        self.path = path
        let userinfo = authority.contains("@") ? String(authority[..<authority.lastIndex(of: "@")!]) + "@" : ""
        self.text = scheme + "://" + userinfo + hostPart + path + tail[pathEnd...]
    }
}

/// `plugin:deep-link|…` (`@tauri-apps/plugin-deep-link`) as plugins-workspace@77149dc4 has it.
/// `get_current` answers the link the app was opened with (`--open-url`): on Android the
/// launching intent's data (`DeepLinkPlugin.kt` `load`), on iOS the `RunEvent::Opened` URLs, on
/// desktop the command line's link (`handle_cli_arguments`) — only a link the configuration
/// routes to the app on that platform, since any other never opens it. `register`,
/// `unregister` and `is_registered` exist on Linux and Windows; elsewhere they answer
/// `unsupported platform`. The default set grants `get_current`.
public enum DeepLinkPlugin {
    static let commandNames = ["get_current", "register", "unregister", "is_registered"]
    static let unsupported = "unsupported platform"

    /// The protocols registered on a desktop (`register`), per session.
    final class Registrations: Sendable {
        let schemes = SharedLock<Set<String>>([])
    }

    /// The links the app has been opened with: the cold start's (`--open-url`), then each warm
    /// arrival (`bridge/openUrl`), which replaces it as the plugin's `current` does.
    final class Opened: Sendable {
        let links = SharedLock<(cold: String?, warm: String?)>((nil, nil))
    }

    /// The event a warm arrival emits (`onOpenUrl` listens to it).
    public static let event = "deep-link://new-url"

    /// - Parameter emit: where app events go (`serve`'s hub); `nil` where nobody listens.
    public static func plugin(config: DeepLinkConfig, openURL: String?,
                              emit: (@Sendable (String, JSON) -> Void)? = nil) -> KitPlugin {
        let registrations = Registrations()
        let opened = Opened()
        opened.links.withLock { $0.cold = openURL }
        // `bridge/openUrl {"url"}`: a link tapped while the app runs. One that the configuration
        // routes to the app becomes `current` and is emitted as `deep-link://new-url` [url]; any
        // other never reaches the app, and the answer says which rule missed.
        let open = SessionMethod("bridge/openUrl") { params, context in
            guard let text = params?["url"]?.stringValue else {
                return .failure(.invalidParams("bridge/openUrl: expected {\"url\": \"https://…\"}", details: ["field": "url"]))
            }
            guard let url = ParsedURL(text) else { return .success(["opened": false, "reason": .string("\(text) is not a URL")]) }
            if let miss = config.miss(url, platform: context.platform) {
                return .success(["opened": false, "reason": .string("the link would not open the app on \(context.platform.rawValue): \(miss)")])
            }
            opened.links.withLock { $0.warm = url.text }
            emit?(event, [.string(url.text)])
            return .success(["opened": true, "url": .string(url.text), "event": .string(event)])
        }
        return KitPlugin(name: "deep-link", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames,
                              defaultSet: ("Allows reading the opened deep link via the get_current command", ["allow-get-current"]),
                              sessionMethods: [open], commands: [
            KitCommand("get_current") { (_, context) throws(ResponseError) -> JSON in
                let links = opened.links.withLock { $0 }
                if let warm = links.warm { return [.string(warm)] }
                guard let cold = links.cold, let url = ParsedURL(cold), config.miss(url, platform: context.platform) == nil else { return .null }
                return [.string(url.text)]
            },
            KitCommand("register", [("protocol", .string)]) { (payload, context) throws(ResponseError) -> JSON in
                try desktopRegistration(context)
                registrations.schemes.withLock { _ = $0.insert(payload["protocol"]?.stringValue ?? "") }
                return .null
            },
            KitCommand("unregister", [("protocol", .string)]) { (payload, context) throws(ResponseError) -> JSON in
                try desktopRegistration(context)
                registrations.schemes.withLock { _ = $0.remove(payload["protocol"]?.stringValue ?? "") }
                return .null
            },
            KitCommand("is_registered", [("protocol", .string)]) { (payload, context) throws(ResponseError) -> JSON in
                try desktopRegistration(context)
                let scheme = payload["protocol"]?.stringValue ?? ""
                return .bool(registrations.schemes.withLock { $0.contains(scheme) })
            },
        ])
    }

    /// Registering a scheme at run time is a Linux (xdg-mime) and Windows (registry) feature.
    static func desktopRegistration(_ context: CallContext) throws(ResponseError) {
        guard context.platform == .linux || context.platform == .windows else {
            throw .native(unsupported, layer: "command", reason: "Error::UnsupportedPlatform: only Linux and Windows register schemes at run time (macOS, iOS and Android declare them at build time)")
        }
    }

    /// Why the cold-start link would not open the app on `platform`, or `nil` when it would.
    public static func startupWarning(_ openURL: String, config: DeepLinkConfig, platform: Platform) -> String? {
        guard let url = ParsedURL(openURL) else { return "--open-url \(openURL) is not a URL: the app would not be opened with it" }
        guard let miss = config.miss(url, platform: platform) else { return nil }
        return "--open-url \(openURL) would not open the app on \(platform.rawValue): \(miss); get_current answers null"
    }
}

extension DeepLinkPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// The app's `plugins.deep-link` and the link it was started with (`--open-url`).
    public struct Links: OfficialSetting {
        public var config = DeepLinkConfig()
        public var openURL: String?
        public static var standard: Links { Links() }
    }

    public static let options = [
        PluginOption("open-url", help: """
              --open-url URL          deep-link: the link the app was opened with (get_current), if
                                      plugins.deep-link of --app routes it to the app
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        settings.openURL = try given.nonEmpty("open-url")
    }

    /// `plugins.deep-link` of the app, and a warning when `--open-url` would not reach it.
    public static func configure(app: PluginAppSetup, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        do {
            settings.deepLink = try DeepLinkConfig(app.config("deep-link"))
        } catch {
            throw PluginOptionError("--app \(app.root ?? ""): \(error.description)", pointsToHelp: false)
        }
        if let url = settings.openURL, let warning = startupWarning(url, config: settings.deepLink, platform: app.platform) {
            app.warn(warning)
        }
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin(config: s.deepLink, openURL: s.openURL, emit: s.emit) }
}

extension OfficialSettings {
    /// The app's `plugins.deep-link` (`--app`).
    public var deepLink: DeepLinkConfig {
        get { self[DeepLinkPlugin.Links.self].config }
        set { self[DeepLinkPlugin.Links.self].config = newValue }
    }

    /// The link the app was started with (`--open-url`).
    public var openURL: String? {
        get { self[DeepLinkPlugin.Links.self].openURL }
        set { self[DeepLinkPlugin.Links.self].openURL = newValue }
    }
}

import BridgeDevice
import BridgeJSON
import BridgeMatching

/// A command-line option a plugin reads (`--dialog ok|no|cancel`), declared in the plugin's
/// folder: the CLI accepts it on every subcommand that hosts plugins, prints its help lines in
/// `--help` as written, and hands what was given back to the plugin (`PluginOptionValues`).
public struct PluginOption: Sendable, Equatable {
    /// Its long name, without the dashes.
    public let name: String
    /// Whether it is a flag (`--http-passthrough`) rather than an option with a value.
    public let isFlag: Bool
    /// Its lines in `--help`, as the CLI prints them (two spaces, the option, its text).
    public let help: String

    public init(_ name: String, flag: Bool = false, help: String) {
        self.name = name
        isFlag = flag
        self.help = help
    }
}

/// The plugin options given on the command line, by name: what a plugin's folder reads its
/// settings from. Its refusals are worded as the CLI words every option's.
public struct PluginOptionValues: Sendable {
    private let given: [String: [String]]
    private let flags: Set<String>

    /// - Parameters:
    ///   - values: every value of each option, in the order given.
    ///   - flags: the flags given.
    public init(values: [String: [String]] = [:], flags: Set<String> = []) {
        given = values
        self.flags = flags
    }

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option (the last one given wins).
    public func value(_ name: String) -> String? { given[name]?.last }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] { given[name] ?? [] }

    /// The value of an option that must not be empty.
    public func nonEmpty(_ name: String) throws(PluginOptionError) -> String? {
        guard let raw = value(name) else { return nil }
        guard !raw.isEmpty else { throw PluginOptionError("option '--\(name)' must not be empty") }
        return raw
    }

    /// The value of an option that must be one of `T`'s cases; `hint` may say where a refused
    /// value belongs instead of the did-you-mean.
    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type,
                                                           hint: (String) -> String? = { _ in nil }) throws(PluginOptionError) -> T? where T.RawValue == String {
        guard let raw = value(name) else { return nil }
        guard let chosen = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue)
            let hint = hint(raw) ?? DidYouMean.suggest(for: raw, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            throw PluginOptionError("option '--\(name)' must be one of \(allowed.joined(separator: "|")), got '\(raw)'" + hint)
        }
        return chosen
    }
}

/// A plugin option (or the part of the app's configuration a plugin reads) that the plugin
/// refuses, and why: the CLI stops with it as a usage error.
public struct PluginOptionError: Error, Equatable {
    public let message: String
    /// Whether the message points at `--help` (not for a file's problem, which says it all).
    public let pointsToHelp: Bool

    public init(_ message: String, pointsToHelp: Bool = true) {
        self.message = message
        self.pointsToHelp = pointsToHelp
    }
}

/// What a plugin's folder reads besides the command line, once the app is known: its
/// `plugins.<name>` in the app's configuration, the app's folder, the platform, and where a
/// start-up warning goes.
public struct PluginAppSetup: Sendable {
    /// The app's `plugins` object (tauri.conf.json); `nil` without `--app`.
    public let plugins: JSON?
    /// The app's folder (`--app`); `nil` without one.
    public let root: String?
    /// The platform the calls run on.
    public let platform: Platform
    /// Where a start-up warning goes (stderr, as `warning: …`).
    public let warn: @Sendable (String) -> Void

    public init(plugins: JSON? = nil, root: String? = nil, platform: Platform = .ios, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.plugins = plugins
        self.root = root
        self.platform = platform
        self.warn = warn
    }

    /// The app's configuration of plugin `name` (`plugins.<name>`), if it has one.
    public func config(_ name: String) -> JSON? { plugins?[name] }
}

/// What reads plugin options into the settings `Settings` plugins are built from: a plugin's
/// folder (`CatalogPlugin`), or a part of the device several plugins share. Each requirement has
/// a default: a reader declares only what it reads.
public protocol PluginOptionsReader<Settings>: SendableMetatype {
    associatedtype Settings
    /// Its command-line options, in the order `--help` lists them.
    static var options: [PluginOption] { get }
    /// Reads the options given into `settings`.
    static func configure(_ given: PluginOptionValues, _ settings: inout Settings) throws(PluginOptionError)
    /// Reads the app's configuration into `settings` (run once the app is known; without `--app` too).
    static func configure(app: PluginAppSetup, _ settings: inout Settings) throws(PluginOptionError)
}

extension PluginOptionsReader {
    public static var options: [PluginOption] { [] }
    public static func configure(_ given: PluginOptionValues, _ settings: inout Settings) throws(PluginOptionError) {}
    public static func configure(app: PluginAppSetup, _ settings: inout Settings) throws(PluginOptionError) {}
}

/// A plugin's folder as its catalog lists it: the options it reads (`PluginOptionsReader`) and
/// the plugin they configure. A plugin with no option declares only `plugin(_:)`.
public protocol CatalogPlugin<Settings>: PluginOptionsReader {
    associatedtype Settings
    /// The plugin, on the device `settings` describe.
    static func plugin(_ settings: Settings) -> KitPlugin
}

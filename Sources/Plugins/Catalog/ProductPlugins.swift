import BridgeCall
import BridgeEvents
import BridgeFrakShare
import BridgeInbox
import BridgeKit
import BridgeShare
import BridgeShareExtension
import BridgeShareNatives

/// What configures the product's plugins (from the CLI's backend options).
public struct PluginSettings: Sendable {
    public var android: AndroidConfiguration
    /// The share inbox of `--app-group DIR`; `nil` without one.
    public var inbox: ShareInbox?
    /// Where plugins emit their events (`serve`); `nil` where nobody listens.
    public var events: EventHub?
    /// Where `share` may take files from (`--files-root`), and its caps.
    public var shareFiles: ShareFileRules
    /// Which frak-share the backends follow (`--plugin-version`).
    public var frakShare: FrakShareVersion

    public init(android: AndroidConfiguration = AndroidConfiguration(), inbox: ShareInbox? = nil, events: EventHub? = nil,
                shareFiles: ShareFileRules = ShareFileRules(), frakShare: FrakShareVersion = .head) {
        self.android = android
        self.inbox = inbox
        self.events = events
        self.shareFiles = shareFiles
        self.frakShare = frakShare
    }
}

/// The plugins `bridge` hosts — the one list the CLI, the generator and the tests read.
///
/// Adding a plugin: one entry here (its name, where its compiled-in permission files go, its
/// native protocol if it has iOS and Android backends, and how to build it), then `swift run
/// bridge-generate` — docs/adding-a-plugin.md, step by step. Adding a command to a plugin needs
/// nothing here: see docs/adding-a-command.md.
public enum ProductPlugins {
    /// One hosted plugin.
    public struct Entry: Sendable {
        public let name: String
        /// The generated Swift source that compiles `permissions/<name>/` into the plugin; `nil`
        /// for a plugin that declares its permissions as values (`Plugin.generatedPermissions`).
        public let permissionsSource: String?
        /// The plugin's native protocol, generated from its declarations: its name, the call its
        /// methods receive, and the generated source; `nil` for a plugin with no iOS and Android backends.
        public let natives: (protocolName: String, callType: String, source: String)?
        /// Its command-line options (their help lines as `--help` prints them), declared in its folder.
        public let options: [PluginOption]
        /// Reads the options given into the settings it is made from.
        public let configure: @Sendable (PluginOptionValues, inout PluginSettings) throws(PluginOptionError) -> Void
        /// The plugin, configured.
        public let make: @Sendable (PluginSettings) -> any Plugin

        init(name: String, permissionsSource: String?, natives: (protocolName: String, callType: String, source: String)? = nil,
             options: [PluginOption] = [], configure: @escaping @Sendable (PluginOptionValues, inout PluginSettings) throws(PluginOptionError) -> Void = { _, _ in },
             make: @escaping @Sendable (PluginSettings) -> any Plugin) {
            self.name = name
            self.permissionsSource = permissionsSource
            self.natives = natives
            self.options = options
            self.configure = configure
            self.make = make
        }
    }

    public static let entries: [Entry] = [
        Entry(name: "frak-share", permissionsSource: "Sources/Plugins/FrakShare/FrakSharePermissions.swift",
              natives: ("FrakShareNative", "NativeCall", "Sources/Device/ShareNatives/FrakShareNative.swift")) { settings in
            FrakSharePlugin.plugin(backends: .frakShare(ios: IOSBackend(version: settings.frakShare),
                                                 android: AndroidBackend(configuration: settings.android)))
        },
        Entry(name: "share", permissionsSource: "Sources/Plugins/Share/SharePermissions.swift",
              natives: ("ShareNative", "ShareCall", "Sources/Device/ShareNatives/ShareNative.swift"),
              options: SharePlugin.options, configure: { given, settings throws(PluginOptionError) in settings.shareFiles = try SharePlugin.fileRules(given) }) { settings in
            SharePlugin.plugin(backends: .share(ios: IOSBackend(), android: AndroidBackend(configuration: settings.android)), files: settings.shareFiles)
        },
        Entry(name: "share-extension", permissionsSource: "Sources/Plugins/ShareExtension/ShareExtensionPermissions.swift") { settings in
            ShareExtensionPlugin.plugin(inbox: settings.inbox)
        },
    ]

    /// Every option the product's plugins read, in `--help`'s order.
    public static var options: [PluginOption] { entries.flatMap(\.options) }

    /// The options given, read by each plugin into `settings`.
    public static func configure(_ given: PluginOptionValues, _ settings: inout PluginSettings) throws(PluginOptionError) {
        for entry in entries { try entry.configure(given, &settings) }
    }

    /// Every product plugin, configured by `settings`.
    public static func plugins(_ settings: PluginSettings = PluginSettings()) -> [any Plugin] {
        entries.map { $0.make(settings) }
    }
}

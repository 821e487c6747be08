import BridgeCall
import BridgeKit
import BridgeJSON

/// A part of the simulated device one official plugin keeps in `OfficialSettings`, declared in
/// that plugin's folder (its clipboard, its sensor, its answers): `standard` when nothing set it.
public protocol OfficialSetting: Sendable {
    static var standard: Self { get }
}

/// What the simulated device holds and how its person answers: one value for every official
/// plugin, set by their options (`OfficialPlugins.configure`) or a test.
///
/// It holds what several plugins share (the session's events, the device's runtime permissions
/// and files, the app, the versions modelled); each plugin's own part is declared in its folder
/// (`OfficialSetting`, read and set with `self[Part.self]` or the accessor the folder adds).
public struct OfficialSettings: Sendable {
    /// Where a plugin's `app.emit("<plugin>://<event>")` goes (the session's event hub).
    public var emit: (@Sendable (String, JSON) -> Void)?
    /// The device's runtime permissions (`--permission`).
    public var permissions = DevicePermissions()
    /// Where a plugin sends a Channel message: channel id, calling client, message.
    public var send: (@Sendable (UInt32, String?, JSON) -> Void)?
    /// Where a plugin ends a Channel it is done with (Tauri ≥ 2.5's `{index, end: true}`).
    public var endChannel: (@Sendable (UInt32, String?) -> Void)?
    /// Where `addPluginListener`'s `register_listener` registers a Channel over stdio: plugin,
    /// event, calling client, channel (browser mode registers the pages' itself).
    public var listen: (@Sendable (String, String, String?, UInt32) -> Void)?
    /// Where the device's files are (`--sandbox`).
    public var sandbox = SandboxHolder()
    /// The app whose directories the files are in.
    public var app = AppInfo()
    /// The session's resource table, shared with the core `resources` plugin.
    public var resources = ResourceTable()
    /// The Tauri and plugin versions modelled (`--app`'s lockfiles, `--tauri-version`,
    /// `--plugin-version`): which of `UpstreamChanges` each plugin answers with.
    public var versions = ModelledVersions.newest
    /// Who ends the app when plugin-process asks (the transport running it).
    public var lifecycle = AppLifecycle.process
    /// The device's console (where a `Stdout` log record goes): the bridge's stderr.
    public var write: @Sendable (String) -> Void = { _ in }
    /// The plugins' own parts, by type.
    private var parts: [ObjectIdentifier: any Sendable] = [:]

    public init(emit: (@Sendable (String, JSON) -> Void)? = nil, permissions: DevicePermissions = DevicePermissions(),
                send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil) {
        self.emit = emit
        self.permissions = permissions
        self.send = send
    }

    /// A plugin's part of the device: as set, else its `standard`.
    public subscript<Part: OfficialSetting>(_: Part.Type) -> Part {
        get { parts[ObjectIdentifier(Part.self)] as? Part ?? Part.standard }
        set { parts[ObjectIdentifier(Part.self)] = newValue }
    }
}

/// The official plugins of tauri-apps/plugins-workspace the bridge simulates, pinned to
/// `PluginsWorkspacePin`: each answers every command of its `build.rs` as its native code does
/// on iOS and Android (and its desktop build), under its own permission ids.
public enum OfficialPlugins {
    /// A plugin folder of the catalog: its options and how it reads them, its plugin.
    struct Folder: Sendable {
        let options: [PluginOption]
        let configure: @Sendable (PluginOptionValues, inout OfficialSettings) throws(PluginOptionError) -> Void
        let configureApp: @Sendable (PluginAppSetup, inout OfficialSettings) throws(PluginOptionError) -> Void
        let plugin: (@Sendable (OfficialSettings) -> KitPlugin)?

        init<Folder: CatalogPlugin>(_: Folder.Type) where Folder.Settings == OfficialSettings {
            self.init(reading: Folder.self, plugin: { Folder.plugin($0) })
        }

        /// What the plugins share, read from options of the device rather than of one plugin.
        init<Reader: PluginOptionsReader>(reading: Reader.Type, plugin: (@Sendable (OfficialSettings) -> KitPlugin)? = nil)
            where Reader.Settings == OfficialSettings {
            options = Reader.options
            configure = { (given, settings) throws(PluginOptionError) in try Reader.configure(given, &settings) }
            configureApp = { (app, settings) throws(PluginOptionError) in try Reader.configure(app: app, &settings) }
            self.plugin = plugin
        }
    }

    /// The catalog: one line per plugin folder, in the order `--help` lists their options (a
    /// plugin is its folder and its line here: removing both removes it, and the package builds),
    /// then the device's options several plugins read. Plain values, not existential metatypes,
    /// whose runtime metadata a start would pay for.
    static let folders: [Folder] = [
        Folder(ClipboardManagerPlugin.self),
        Folder(BiometricPlugin.self),
        Folder(GeolocationPlugin.self),
        Folder(BarcodeScannerPlugin.self),
        Folder(DialogPlugin.self),
        Folder(OSPlugin.self),
        Folder(DeepLinkPlugin.self),
        Folder(HttpPlugin.self),
        Folder(FsPlugin.self),
        Folder(HapticsPlugin.self),
        Folder(NotificationPlugin.self),
        Folder(StorePlugin.self),
        Folder(LogPlugin.self),
        Folder(OpenerPlugin.self),
        Folder(ProcessPlugin.self),
        Folder(reading: DeviceOptions.self),
    ]

    /// Every option the official plugins and their device read, in `--help`'s order.
    public static var options: [PluginOption] { folders.flatMap(\.options) }

    /// The options given, read by each plugin folder into `settings` (the device's first).
    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        for folder in folders where folder.plugin == nil { try folder.configure(given, &settings) }
        for folder in folders where folder.plugin != nil { try folder.configure(given, &settings) }
    }

    /// The app's configuration, read by each plugin folder into `settings`.
    public static func configure(app: PluginAppSetup, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        for folder in folders { try folder.configureApp(app, &settings) }
    }

    /// The simulated plugins, on the device `settings` describe.
    public static func plugins(_ settings: OfficialSettings = OfficialSettings()) -> [KitPlugin] {
        folders.compactMap { $0.plugin?(settings) }
    }

    /// Their names, read from the catalog.
    public static var names: [String] { plugins().map(\.name).sorted() }
}

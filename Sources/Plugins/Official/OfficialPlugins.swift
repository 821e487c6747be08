import BridgeCall
import BridgeKit
import BridgeJSON

/// What the simulated device holds and how its person answers: one value for every official
/// plugin, from the CLI options (`OfficialOptions`) or a test.
public struct OfficialSettings: Sendable {
    /// The session's clipboard (`--clipboard`, `--paste`).
    public var clipboard = SessionClipboard()
    /// The device's sensor (`--biometry`); `nil`: Face ID on an iPhone, else a fingerprint.
    public var biometry: Biometry?
    /// The app's `plugins.deep-link` (`--app`).
    public var deepLink = DeepLinkConfig()
    /// The link the app was started with (`--open-url`).
    public var openURL: String?
    /// Where a plugin's `app.emit("<plugin>://<event>")` goes (the session's event hub).
    public var emit: (@Sendable (String, JSON) -> Void)?
    /// The device's runtime permissions (`--permission`).
    public var permissions = DevicePermissions()
    /// The scripted track (`--location`).
    public var track: [TrackPoint] = []
    /// Where a plugin sends a Channel message: channel id, calling client, message.
    public var send: (@Sendable (UInt32, String?, JSON) -> Void)?
    /// Where a plugin ends a Channel it is done with (Tauri ≥ 2.5's `{index, end: true}`).
    public var endChannel: (@Sendable (UInt32, String?) -> Void)?
    /// Where `addPluginListener`'s `register_listener` registers a Channel over stdio: plugin,
    /// event, calling client, channel (browser mode registers the pages' itself).
    public var listen: (@Sendable (String, String, String?, UInt32) -> Void)?
    /// `os`'s `locale()` (`--locale`); `nil`: the device has none.
    public var locale: String? = "en-US"
    /// `os`'s `hostname()`.
    public var hostname = "localhost"
    /// The code in front of the camera (`--scan`).
    public var scan: ScannedCode?
    /// What the person does with a dialog (`--dialog`, `--pick`).
    public var dialog = DialogAnswers()
    /// Where the device's files are (`--sandbox`).
    public var sandbox = SandboxHolder()
    /// The app whose directories the files are in.
    public var app = AppInfo()
    /// The session's resource table, shared with the core `resources` plugin.
    public var resources = ResourceTable()
    /// `plugins.fs` of the app's configuration.
    public var fs = FsPlugin.Config()
    /// The app's log targets (`tauri_plugin_log::Builder`), read from its Rust sources.
    public var logTargets = LogPlugin.Targets()
    /// How http's requests are answered (`--http-fixtures`, `--http-passthrough`).
    public var http = HttpPlugin.Config()
    /// The Tauri and plugin versions modelled (`--app`'s lockfiles, `--tauri-version`,
    /// `--plugin-version`): which of `UpstreamChanges` each plugin answers with.
    public var versions = ModelledVersions.newest
    /// Who ends the app when plugin-process asks (the transport running it).
    public var lifecycle = AppLifecycle.process
    /// Where a `Stdout` log record goes: the bridge's stderr.
    public var write: @Sendable (String) -> Void = { _ in }

    public init(clipboard: SessionClipboard = SessionClipboard(), biometry: Biometry? = nil,
                deepLink: DeepLinkConfig = DeepLinkConfig(), openURL: String? = nil,
                emit: (@Sendable (String, JSON) -> Void)? = nil,
                permissions: DevicePermissions = DevicePermissions(), track: [TrackPoint] = [],
                send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil,
                locale: String? = "en-US", hostname: String = "localhost", scan: ScannedCode? = nil,
                dialog: DialogAnswers = DialogAnswers()) {
        self.clipboard = clipboard
        self.biometry = biometry
        self.deepLink = deepLink
        self.openURL = openURL
        self.emit = emit
        self.permissions = permissions
        self.track = track
        self.send = send
        self.locale = locale
        self.hostname = hostname
        self.scan = scan
        self.dialog = dialog
    }
}

/// The official plugins of tauri-apps/plugins-workspace the bridge simulates, pinned to
/// `PluginsWorkspacePin`: each answers every command of its `build.rs` as its native code does
/// on iOS and Android (and its desktop build), under its own permission ids.
public enum OfficialPlugins {
    /// The simulated plugins, on the device `settings` describe: the catalog, one line per plugin
    /// (a plugin is its folder and its line here: removing both removes it, and the package builds).
    public static func plugins(_ settings: OfficialSettings = OfficialSettings()) -> [KitPlugin] {
        let s = settings
        return [
            BarcodeScannerPlugin.plugin(code: s.scan, permissions: s.permissions),
            BiometricPlugin.plugin(s.biometry),
            ClipboardManagerPlugin.plugin(s.clipboard),
            DeepLinkPlugin.plugin(config: s.deepLink, openURL: s.openURL, emit: s.emit),
            DialogPlugin.plugin(s.dialog, versions: s.versions),
            GeolocationPlugin.plugin(track: s.track, permissions: s.permissions, send: s.send, versions: s.versions),
            FsPlugin.plugin(sandbox: s.sandbox, app: s.app, resources: s.resources, config: s.fs, versions: s.versions),
            HapticsPlugin.plugin(),
            HttpPlugin.plugin(config: s.http, resources: s.resources, versions: s.versions, send: s.send, end: s.endChannel),
            NotificationPlugin.plugin(app: s.app, permissions: s.permissions, emit: s.emit, listen: s.listen),
            OSPlugin.plugin(locale: s.locale, hostname: s.hostname),
            StorePlugin.plugin(sandbox: s.sandbox, app: s.app, resources: s.resources, emit: s.emit, versions: s.versions),
            LogPlugin.plugin(targets: s.logTargets, sandbox: s.sandbox, app: s.app, emit: s.emit, write: s.write),
            OpenerPlugin.plugin(sandbox: s.sandbox, app: s.app, versions: s.versions),
            ProcessPlugin.plugin(lifecycle: s.lifecycle),
        ]
    }

    /// Their names, read from the catalog.
    public static var names: [String] { plugins().map(\.name).sorted() }
}

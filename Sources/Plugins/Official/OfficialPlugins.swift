import BridgeJSON

/// The official plugins of tauri-apps/plugins-workspace the bridge simulates, pinned to
/// `PluginsWorkspacePin`: each answers every command of its `build.rs` as its native code does
/// on iOS and Android (and its desktop build), under its own permission ids.
public enum OfficialPlugins {
    /// The simulated plugins, on the session's clipboard.
    /// - Parameters:
    ///   - clipboard: the session's clipboard.
    ///   - biometry: the device's sensor (`--biometry`); `nil`: Face ID on an iPhone, else a fingerprint.
    ///   - deepLink: the app's `plugins.deep-link`; `openURL`: the link it was started with.
    public static func plugins(clipboard: SessionClipboard = SessionClipboard(), biometry: Biometry? = nil,
                               deepLink: DeepLinkConfig = DeepLinkConfig(), openURL: String? = nil,
                               emit: (@Sendable (String, JSON) -> Void)? = nil,
                               permissions: DevicePermissions = DevicePermissions(), track: [TrackPoint] = [],
                               send: (@Sendable (UInt32, String?, JSON) -> Void)? = nil,
                               locale: String? = "en-US", hostname: String = "localhost", scan: ScannedCode? = nil,
                               dialog: DialogAnswers = DialogAnswers()) -> [OfficialPlugin] {
        [BarcodeScannerPlugin.plugin(code: scan, permissions: permissions), BiometricPlugin.plugin(biometry), ClipboardManagerPlugin.plugin(clipboard), DeepLinkPlugin.plugin(config: deepLink, openURL: openURL, emit: emit),
         DialogPlugin.plugin(dialog), GeolocationPlugin.plugin(track: track, permissions: permissions, send: send), HapticsPlugin.plugin(),
         OSPlugin.plugin(locale: locale, hostname: hostname)]
    }

    /// Their names.
    public static let names = ["barcode-scanner", "biometric", "clipboard-manager", "deep-link", "dialog", "geolocation", "haptics", "os"]
}

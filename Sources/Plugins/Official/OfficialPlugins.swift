/// The official plugins of tauri-apps/plugins-workspace the bridge simulates, pinned to
/// `PluginsWorkspacePin`: each answers every command of its `build.rs` as its native code does
/// on iOS and Android (and its desktop build), under its own permission ids.
public enum OfficialPlugins {
    /// The simulated plugins, on the session's clipboard.
    public static func plugins(clipboard: SessionClipboard = SessionClipboard()) -> [OfficialPlugin] {
        [ClipboardManagerPlugin.plugin(clipboard), HapticsPlugin.plugin()]
    }

    /// Their names.
    public static let names = ["clipboard-manager", "haptics"]
}

import BridgeJSON
import BridgeRouter

/// `window.__TAURI_OS_PLUGIN_INTERNALS__` as `@tauri-apps/plugin-os` reads it, for the mobile
/// platforms the bridge models (the values a recent phone reports).
enum OSPluginInternals {
    static func values(for platform: Platform) -> JSON? {
        switch platform {
        case .ios:
            return ["platform": "ios", "family": "unix", "os_type": "ios", "arch": "aarch64", "version": "18.1",
                    "exe_extension": "", "eol": "\n"]
        case .android:
            return ["platform": "android", "family": "unix", "os_type": "android", "arch": "aarch64", "version": "14",
                    "exe_extension": "", "eol": "\n"]
        default:
            return nil
        }
    }
}

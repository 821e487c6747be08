import BridgeJSON

/// What the device's operating system reports of itself: the values the os plugin's init script
/// puts in `window.__TAURI_OS_PLUGIN_INTERNALS__` (`platform()`, `version()`, `type()`,
/// `family()`, `arch()`, `exeExtension()`, `eol()` read them), a device fact the plugin and the
/// page script share.
public enum DeviceOS {
    /// The init script's values on `platform`: a recent phone's, and the desktop targets' as
    /// Rust's `std::env::consts` and `os_info` report them on a current machine.
    public static func values(for platform: Platform) -> JSON {
        switch platform {
        case .ios:
            return ["platform": "ios", "family": "unix", "os_type": "ios", "arch": "aarch64", "version": "18.1", "exe_extension": "", "eol": "\n"]
        case .android:
            return ["platform": "android", "family": "unix", "os_type": "android", "arch": "aarch64", "version": "14", "exe_extension": "", "eol": "\n"]
        case .linux:
            return ["platform": "linux", "family": "unix", "os_type": "linux", "arch": "x86_64", "version": "24.04", "exe_extension": "", "eol": "\n"]
        case .macos:
            return ["platform": "macos", "family": "unix", "os_type": "macos", "arch": "aarch64", "version": "15.1.0", "exe_extension": "", "eol": "\n"]
        case .windows:
            return ["platform": "windows", "family": "windows", "os_type": "windows", "arch": "x86_64", "version": "10.0.22631", "exe_extension": "exe", "eol": "\r\n"]
        }
    }

}

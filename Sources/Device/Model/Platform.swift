/// A target platform of the app the bridge stands in for.

public enum Platform: String, Sendable, CaseIterable {
    case ios, android, linux, macos, windows

    /// Linux, macOS and Windows: the desktop targets of a Tauri app.
    public var isDesktop: Bool {
        switch self {
        case .ios, .android: return false
        case .linux, .macos, .windows: return true
        }
    }

    /// The device the calls run on, as the bridge models it: `device` (the iOS device class) on
    /// ios, `phone` on android (the Android backend models a phone's chooser), `desktop` on the
    /// desktop targets. What `initialize` reports.
    public func deviceName(_ device: DeviceClass) -> String {
        switch self {
        case .ios: return device.rawValue
        case .android: return "phone"
        case .linux, .macos, .windows: return "desktop"
        }
    }
}

/// The iOS device class, which decides how the share sheet is presented.
public enum DeviceClass: String, Sendable, CaseIterable {
    case iphone, ipad
}

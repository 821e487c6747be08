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
}

/// The iOS device class, which decides how the share sheet is presented.
public enum DeviceClass: String, Sendable, CaseIterable {
    case iphone, ipad
}

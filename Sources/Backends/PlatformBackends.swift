import BridgeRouter

/// One backend per platform; the call's platform picks which one a command forwards to.
public struct PlatformBackends: Sendable {
    public let ios: any PlatformBackend
    public let android: any PlatformBackend
    public let desktop: any PlatformBackend

    public init(ios: any PlatformBackend = IOSBackend(),
                android: any PlatformBackend = AndroidBackend(),
                desktop: any PlatformBackend = DesktopBackend()) {
        self.ios = ios
        self.android = android
        self.desktop = desktop
    }

    /// The backend of `platform` (linux, macos and windows share the desktop one).
    public func backend(for platform: Platform) -> any PlatformBackend {
        switch platform {
        case .ios: return ios
        case .android: return android
        case .linux, .macos, .windows: return desktop
        }
    }
}

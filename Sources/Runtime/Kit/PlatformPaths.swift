import BridgeDevice
import FoundationEssentials
import Glibc
import BridgeSystem

/// `BaseDirectory`, numbered as `@tauri-apps/api/path` and `#[repr(u16)]` number it.
public enum BaseDirectory: Int, CaseIterable, Sendable {
    case audio = 1, cache, config, data, localData, document, download, picture, publicDir, video, resource, temp,
         appConfig, appData, appLocalData, appCache, appLog, desktop, executable, font, home, runtime, template
}

/// Where each `BaseDirectory` is on a platform, for the app's identifier, on a typical device
/// (Tauri's `desktop.rs` with the `dirs` crate on Linux, macOS, Windows and iOS — iOS uses
/// dirs' Apple rules inside the app's sandbox — and `android.rs` with Tauri's `PathPlugin.kt`).
public struct PlatformPaths: Sendable {
    public let platform: Platform
    public let app: AppInfo

    public init(platform: Platform, app: AppInfo) {
        self.platform = platform
        self.app = app
    }
    public var syntax: PathSyntax { PathSyntax(platform) }

    /// The sandbox (iOS: its container; Android: `dataDir`) or the user's home.
    public var home: String {
        switch platform {
        case .ios: return "/var/mobile/Containers/Data/Application/\(PlatformPaths.uuid(app.identifier, salt: 0))"
        case .android: return "/data/user/0/\(app.identifier)"
        case .linux: return "/home/user"
        case .macos: return "/Users/user"
        case .windows: return "C:\\Users\\user"
        }
    }

    /// Android has no Desktop, Executable, Font, Runtime or Template (`#[cfg(not(target_os = "android"))]`).
    public func has(_ d: BaseDirectory) -> Bool {
        platform != .android || !PlatformPaths.androidLacks.contains(d)
    }

    static let androidLacks: [BaseDirectory] = [.desktop, .executable, .font, .runtime, .template]

    /// The directory a `BaseDirectory` number names on the platform, or `nil`.
    public func directory(_ number: Int) -> BaseDirectory? {
        guard let d = BaseDirectory(rawValue: number), has(d) else { return nil }
        return d
    }

    /// serde_repr's refusal of a `u16` that names no `BaseDirectory` compiled for the platform
    /// (`Deserialize_repr`: `invalid value: 24, expected one of: 1, 2, …, 23`).
    public func unknownDirectory(_ number: Int) -> String {
        let values = BaseDirectory.allCases.filter { has($0) }.map { String($0.rawValue) }.joined(separator: ", ")
        return "invalid value: \(number), expected one of: \(values)"
    }

    /// The directory, or `nil` for `unknown path` (dirs has none there).
    public func resolve(_ d: BaseDirectory) -> String? {
        let id = app.identifier
        let s = syntax
        func j(_ parts: String...) -> String { parts.dropFirst().reduce(parts[0]) { s.push($0, $1) } }
        switch platform {
        case .android:
            let data = home, external = "/storage/emulated/0/Android/data/\(id)"
            switch d {
            case .audio: return j(external, "files", "Music")
            case .cache: return j(external, "cache")
            case .config, .appConfig, .data, .localData, .appData, .appLocalData: return data
            case .document: return j(external, "files", "Documents")
            case .download: return j(external, "files", "Download")
            case .picture: return j(external, "files", "Pictures")
            case .publicDir: return j(external, "files", "DCIM")
            case .video: return j(external, "files", "Movies")
            case .resource: return "asset://localhost/"
            case .temp: return "/data/local/tmp"
            case .appCache: return j(data, "cache")
            case .appLog: return j(data, "logs")
            case .home: return "/storage/emulated/0"
            case .desktop, .executable, .font, .runtime, .template: return nil
            }
        case .ios, .macos:
            let lib = j(home, "Library"), support = j(home, "Library", "Application Support")
            switch d {
            case .audio: return j(home, "Music")
            case .cache: return j(lib, "Caches")
            case .config, .data, .localData: return support
            case .document: return j(home, "Documents")
            case .download: return j(home, "Downloads")
            case .picture: return j(home, "Pictures")
            case .publicDir: return j(home, "Public")
            case .video: return j(home, "Movies")
            case .resource:
                return platform == .ios
                    ? "/private/var/containers/Bundle/Application/\(PlatformPaths.uuid(id, salt: 1))/\(app.name).app/assets"
                    : "/Applications/\(app.name).app/Contents/Resources"
            case .temp: return platform == .ios ? j(home, "tmp") + "/" : "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/"
            case .appConfig, .appData, .appLocalData: return j(support, id)
            case .appCache: return j(lib, "Caches", id)
            // `home/Library/Logs/<id>` under `target_os = "macos"` only; iOS takes the others' rule.
            case .appLog: return platform == .macos ? j(lib, "Logs", id) : j(support, id, "logs")
            case .desktop: return j(home, "Desktop")
            case .font: return platform == .macos ? j(lib, "Fonts") : nil
            case .home: return home
            case .executable, .runtime, .template: return nil
            }
        case .linux:
            let share = j(home, ".local", "share")
            switch d {
            case .audio: return j(home, "Music")
            case .cache: return j(home, ".cache")
            case .config: return j(home, ".config")
            case .data, .localData: return share
            case .document: return j(home, "Documents")
            case .download: return j(home, "Downloads")
            case .picture: return j(home, "Pictures")
            case .publicDir: return j(home, "Public")
            case .video: return j(home, "Videos")
            case .resource: return "/usr/lib/\(app.name)"
            case .temp: return "/tmp"
            case .appConfig: return j(home, ".config", id)
            case .appData, .appLocalData: return j(share, id)
            case .appCache: return j(home, ".cache", id)
            case .appLog: return j(share, id, "logs")
            case .desktop: return j(home, "Desktop")
            case .executable: return j(home, ".local", "bin")
            case .font: return j(share, "fonts")
            case .home: return home
            case .runtime: return "/run/user/1000"
            case .template: return j(home, "Templates")
            }
        case .windows:
            let roaming = j(home, "AppData", "Roaming"), local = j(home, "AppData", "Local")
            switch d {
            case .audio: return j(home, "Music")
            case .cache, .localData: return local
            case .config, .data: return roaming
            case .document: return j(home, "Documents")
            case .download: return j(home, "Downloads")
            case .picture: return j(home, "Pictures")
            case .publicDir: return "C:\\Users\\Public"
            case .video: return j(home, "Videos")
            case .resource: return "C:\\Program Files\\\(app.name)"
            case .temp: return j(local, "Temp") + "\\"
            case .appConfig, .appData: return j(roaming, id)
            case .appLocalData, .appCache: return j(local, id)
            case .appLog: return j(local, id, "logs")
            case .desktop: return j(home, "Desktop")
            case .home: return home
            case .template: return j(roaming, "Microsoft", "Windows", "Templates")
            case .executable, .font, .runtime: return nil
            }
        }
    }

    /// A stable UUID for the app's containers (a real device picks one at install).
    static func uuid(_ identifier: String, salt: UInt64) -> String {
        var h: UInt64 = 0xcbf29ce484222325 &+ salt
        var g: UInt64 = 0x84222325cbf29ce4 &+ salt
        for b in identifier.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3; g = (g ^ UInt64(b)) &* 0x1000193 }
        func hex16(_ v: UInt64) -> String {
            let digits = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let hex = hex16(h) + hex16(g)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-4" + String(c[13..<16]) + "-A" + String(c[17..<20]) + "-" + String(c[20..<32])
    }
}


extension BaseDirectory {
    /// The scope variable (`$APPDATA`), as tauri `path/mod.rs` `variable()` names it.
    public var variable: String {
        switch self {
        case .publicDir: return "$PUBLIC"
        case .executable: return "$EXE"
        case .localData: return "$LOCALDATA"
        case .appConfig: return "$APPCONFIG"
        case .appData: return "$APPDATA"
        case .appLocalData: return "$APPLOCALDATA"
        case .appCache: return "$APPCACHE"
        case .appLog: return "$APPLOG"
        default: return "$" + String(describing: self).uppercased()
        }
    }

    /// `BaseDirectory::from_variable`: on Android, the directories it lacks are no variable.
    public static func from(variable: String, platform: Platform) -> BaseDirectory? {
        guard let found = allCases.first(where: { $0.variable == variable }) else { return nil }
        return PlatformPaths.androidLacks.contains(found) && platform == .android ? nil : found
    }
}

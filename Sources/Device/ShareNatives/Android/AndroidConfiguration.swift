import FoundationEssentials
import Glibc
import BridgeSystem

/// What the Android-like backend models of the app: its id, its cache folder, its FileProvider.
public struct AndroidConfiguration: Sendable {
    /// The applicationId; the FileProvider authority is `<appID>.fileprovider`.
    public var appID: String
    /// The app's `cacheDir`, canonical as `File.getCanonicalPath()` makes it. Resolved when read,
    /// so a call that never touches the cache (any iOS call) never walks the file system.
    public var cacheDirectory: String {
        get { FileProviderPaths.canonical(givenCacheDirectory ?? AndroidConfiguration.defaultCacheDirectory(appID: appID)) }
        set { givenCacheDirectory = newValue }
    }
    /// `--cache-dir` as given (absolute), or nil for the default.
    private var givenCacheDirectory: String?
    public var providerPaths: FileProviderPaths
    public var limits: DownloadLimits
    /// The bound of the whole thumbnail step (the plugin's `future.get(2000 ms)`).
    public var thumbnailDeadlineSeconds: Double
    /// The most `<cacheDir>/share/` may hold (thumbnails and shared files together).
    public var maxCacheBytes: Int

    public static let defaultAppID = "com.example.app"

    public init(appID: String = AndroidConfiguration.defaultAppID, cacheDirectory: String? = nil,
                providerPaths: FileProviderPaths = .default, limits: DownloadLimits = DownloadLimits(),
                thumbnailDeadlineSeconds: Double = 2.0, maxCacheBytes: Int = 64 << 20) {
        self.appID = appID
        givenCacheDirectory = cacheDirectory
        self.providerPaths = providerPaths
        self.limits = limits
        self.thumbnailDeadlineSeconds = thumbnailDeadlineSeconds
        self.maxCacheBytes = maxCacheBytes
    }

    /// `$XDG_CACHE_HOME/bridge/android/<appID>/cache`, or `~/.cache/…` without XDG_CACHE_HOME.
    public static func defaultCacheDirectory(appID: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        // $HOME first: Paths.homeDirectory asks the user database, which costs a socket round
        // trip to nscd on every start-up.
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Paths.homeDirectory
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Paths.appending(home, ".cache")
        return Paths.appending(base, "bridge/android/\(appID)/cache")
    }

    /// `<cacheDir>/share/`, where thumbnails and shared files go, under `maxCacheBytes`.
    var shareFolder: ShareFolder {
        ShareFolder(directory: Paths.appending(cacheDirectory, "share"), maxTotalBytes: maxCacheBytes)
    }

    /// Whether `id` is spelt as an Android package name (an applicationId): dot-separated
    /// segments of letters, digits and `_`, each starting with a letter, at least two.
    public static func isApplicationID(_ id: String) -> Bool {
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2 && segments.allSatisfy { segment in
            guard let first = segment.first, first.isASCII, first.isLetter else { return false }
            return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }

    /// The FileProvider authority.
    public var authority: String { "\(appID).fileprovider" }
}

import FoundationEssentials
import Glibc
import BridgeSystem

/// The caps on what one `share` call may hand over.
public struct ShareFileLimits: Sendable, Equatable {
    /// The largest single file (a local file, a `data:` payload or a download).
    public var maxFileBytes = 20 << 20
    /// The most all files of one call may weigh together.
    public var maxTotalBytes = 50 << 20
    /// The most entries `files` may have.
    public var maxFiles = 32

    public init() {}

    /// `20 MiB`, `512 KiB` or `1000 bytes`, for messages.
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Where `share` may take files from, and how much: the allowed roots (`--files-root DIR`,
/// repeatable; the working directory by default), the size caps, and the download rules for
/// http(s) entries (the bridge's download engine and limits).
public struct ShareFileRules: Sendable, Equatable {
    /// The allowed folders, canonical (links in the given paths resolved once, here).
    public let roots: [String]
    public var limits: ShareFileLimits
    public var download: DownloadLimits

    /// - Parameter roots: the folders files may be shared from; `nil` is the working directory.
    ///   Relative paths are taken from the working directory; a folder that does not exist is
    ///   kept as given (nothing can be found in it).
    public init(roots: [String]? = nil, limits: ShareFileLimits = ShareFileLimits(), download: DownloadLimits = DownloadLimits()) {
        let cwd = FileManager.default.currentDirectoryPath
        self.roots = (roots ?? [cwd]).map { ShareFileRules.canonical($0, cwd: cwd) }
        self.limits = limits
        self.download = download
    }

    /// `path` absolute, with every link resolved (`realpath`), or standardised when it does not exist.
    static func canonical(_ path: String, cwd: String) -> String {
        let absolute = path.hasPrefix("/") ? path : Paths.appending(cwd, path)
        guard let resolved = realpath(absolute, nil) else { return Paths.standardized(absolute) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

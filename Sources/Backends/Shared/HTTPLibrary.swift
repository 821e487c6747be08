import Foundation

/// `libBridgeHTTP.so`, loaded with `dlopen` the first time a call downloads something, so calls
/// that download nothing never pay for FoundationNetworking and libcurl at start-up.
///
/// Looked up at `$BRIDGE_HTTP_LIBRARY` when set, else beside the running executable (where
/// `swift build` puts it).
final class HTTPLibrary: Sendable {
    typealias Completion = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void
    typealias Start = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer?, Completion) -> UnsafeMutableRawPointer?
    typealias Handle = @convention(c) (UnsafeMutableRawPointer?) -> Void

    // Sendable proof: C function pointers into a library that is never unloaded; immutable.
    nonisolated(unsafe) let start: Start
    nonisolated(unsafe) let cancel: Handle
    nonisolated(unsafe) let release: Handle

    private init(start: Start, cancel: Handle, release: Handle) {
        self.start = start
        self.cancel = cancel
        self.release = release
    }

    /// The file name of the library.
    static let fileName = "libBridgeHTTP.so"

    /// The library, or why it could not be loaded; loaded once, on first use.
    static let shared: Result<HTTPLibrary, DownloadError> = load()

    private static func load() -> Result<HTTPLibrary, DownloadError> {
        let path = ProcessInfo.processInfo.environment["BRIDGE_HTTP_LIBRARY"] ?? besideExecutable()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(DownloadError(
                "the HTTP library \(fileName) could not be loaded (\(why)); build it with `swift build` (all products) or set BRIDGE_HTTP_LIBRARY"))
        }
        guard let start = dlsym(handle, "bridge_http_download"), let cancel = dlsym(handle, "bridge_http_cancel"),
              let release = dlsym(handle, "bridge_http_release") else {
            return .failure(DownloadError("\(path) does not export the bridge_http_* functions"))
        }
        return .success(HTTPLibrary(start: unsafeBitCast(start, to: Start.self),
                                    cancel: unsafeBitCast(cancel, to: Handle.self),
                                    release: unsafeBitCast(release, to: Handle.self)))
    }

    private static func besideExecutable() -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(fileName).path
    }
}

/// Why a download could not even start.
struct DownloadError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

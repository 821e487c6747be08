import BridgeJSON
import Foundation

// The C interface of libBridgeHTTP.so. The bridge loads this library with dlopen only when a
// call needs a download, so FoundationNetworking (libcurl and its ~30 libraries) is never on
// the start-up path. Only C strings cross the boundary: JSON text in, JSON text out.

/// The callback: `(context, resultJSON)`, called exactly once per download, on a library thread.
public typealias BridgeHTTPCompletion = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void

/// Starts a download described by `requestJSON` (see `DownloadRequest`); returns a handle for
/// `bridge_http_cancel` and `bridge_http_release`.
@_cdecl("bridge_http_download")
public func bridgeHTTPDownload(_ requestJSON: UnsafePointer<CChar>, _ context: UnsafeMutableRawPointer?,
                               _ completion: BridgeHTTPCompletion) -> UnsafeMutableRawPointer? {
    let contextBits = UInt(bitPattern: context)
    let report: @Sendable (JSON) -> Void = { result in
        result.serialized().withCString { completion(UnsafeMutableRawPointer(bitPattern: contextBits), $0) }
    }
    guard let json = try? JSONParser.parse(String(cString: requestJSON)), let request = DownloadRequest(json: json) else {
        report(["outcome": "failed", "reason": "malformed download request", "bytes": 0, "redirects": 0])
        return nil
    }
    let download = Download(request: request, completion: report)
    download.start()
    return Unmanaged.passRetained(download).toOpaque()
}

/// Cancels a download; its completion reports `cancelled` unless it already finished.
@_cdecl("bridge_http_cancel")
public func bridgeHTTPCancel(_ handle: UnsafeMutableRawPointer?) {
    guard let handle else { return }
    Unmanaged<Download>.fromOpaque(handle).takeUnretainedValue().cancel()
}

/// Releases a handle once its completion has been called.
@_cdecl("bridge_http_release")
public func bridgeHTTPRelease(_ handle: UnsafeMutableRawPointer?) {
    guard let handle else { return }
    Unmanaged<Download>.fromOpaque(handle).release()
}

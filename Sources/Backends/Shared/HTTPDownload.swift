import BridgeJSON
import Foundation
import Synchronization

/// The limits of one image download, as the Android plugin sets them.
public struct DownloadLimits: Sendable, Equatable {
    public var connectTimeoutMs = 1500
    public var readTimeoutMs = 1500
    /// The largest body accepted; a larger one is stopped as it streams.
    public var maxBytes = 10 << 20
    public var maxRedirects = 20

    public init() {}
}

/// How a download ended.
public struct DownloadResult: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        case ok, failed, cancelled
    }

    public var outcome: Outcome
    public var status: Int?
    public var contentType: String?
    public var bytes: Int
    public var reason: String?
    public var finalURL: String?

    init(json: JSON) {
        outcome = json["outcome"]?.stringValue.flatMap(Outcome.init(rawValue:)) ?? .failed
        status = json["status"]?.numberValue?.intValue
        contentType = json["contentType"]?.stringValue
        bytes = json["bytes"]?.numberValue?.intValue ?? 0
        reason = json["reason"]?.stringValue
        finalURL = json["finalURL"]?.stringValue
    }

    static func failed(_ reason: String) -> DownloadResult {
        DownloadResult(json: ["outcome": "failed", "reason": .string(reason)])
    }
}

/// Downloads a URL to a file through `libBridgeHTTP.so`; cancelling the calling task cancels
/// the download (its result is then `cancelled`).
enum HTTPDownload {
    static func run(url: String, to destination: String, limits: DownloadLimits) async -> DownloadResult {
        let library: HTTPLibrary
        switch HTTPLibrary.shared {
        case .success(let l): library = l
        case .failure(let e): return .failed(e.reason)
        }
        let request: JSON = [
            "url": .string(url), "destination": .string(destination),
            "maxBytes": .number(JSONNumber(limits.maxBytes)),
            "connectTimeoutMs": .number(JSONNumber(limits.connectTimeoutMs)),
            "readTimeoutMs": .number(JSONNumber(limits.readTimeoutMs)),
            "maxRedirects": .number(JSONNumber(limits.maxRedirects)),
        ]
        let pending = PendingDownload(library: library)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.begin(continuation)
                let context = Unmanaged.passRetained(pending).toOpaque()
                let handle = request.serialized().withCString { library.start($0, context, downloadFinished) }
                pending.attach(handle)
            }
        } onCancel: {
            pending.cancel()
        }
    }
}

/// Called by the library exactly once per download, on one of its threads.
private let downloadFinished: HTTPLibrary.Completion = { context, resultJSON in
    guard let context else { return }
    let pending = Unmanaged<PendingDownload>.fromOpaque(context).takeRetainedValue()
    let json = (try? JSONParser.parse(String(cString: resultJSON))) ?? ["outcome": "failed", "reason": "malformed result"]
    pending.complete(DownloadResult(json: json))
}

/// The state shared by the caller, the cancellation handler and the library's callback.
private final class PendingDownload: Sendable {
    private struct State {
        var continuation: CheckedContinuation<DownloadResult, Never>?
        var handle: UInt?
        var cancelRequested = false
        var completed = false
    }

    private let library: HTTPLibrary
    private let state = Mutex(State())

    init(library: HTTPLibrary) { self.library = library }

    func begin(_ continuation: CheckedContinuation<DownloadResult, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records the library's handle; cancels at once if cancellation came first.
    func attach(_ handle: UnsafeMutableRawPointer?) {
        let (cancelNow, releaseNow) = state.withLock { s -> (Bool, Bool) in
            s.handle = handle.map { UInt(bitPattern: $0) }
            return (s.cancelRequested, s.completed)
        }
        if cancelNow { library.cancel(handle) }
        if releaseNow { library.release(handle) }
    }

    func cancel() {
        let handle = state.withLock { s -> UInt? in
            s.cancelRequested = true
            return s.completed ? nil : s.handle
        }
        if let handle { library.cancel(UnsafeMutableRawPointer(bitPattern: handle)) }
    }

    func complete(_ result: DownloadResult) {
        let (continuation, handle) = state.withLock { s -> (CheckedContinuation<DownloadResult, Never>?, UInt?) in
            s.completed = true
            defer { s.continuation = nil }
            return (s.continuation, s.handle)
        }
        // The handle is released here when known, else by `attach` once it is.
        if let handle { library.release(UnsafeMutableRawPointer(bitPattern: handle)) }
        continuation?.resume(returning: result)
    }
}

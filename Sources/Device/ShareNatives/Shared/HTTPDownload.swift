import BridgeHTTP
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// The limits of one image download, as the Android plugin sets them.
public struct DownloadLimits: Sendable, Equatable {
    public var connectTimeoutMs = 1500
    public var readTimeoutMs = 1500
    /// The largest body accepted; a larger one is stopped as it streams.
    public var maxBytes = 10 << 20
    public var maxRedirects = 20
    /// A PEM file of the certificate authorities trusted for https, instead of the system's;
    /// by default `$BRIDGE_CA_FILE` when set.
    public var caFile: String? = DownloadLimits.environmentCAFile

    public init() {}

    // getenv, not ProcessInfo's dictionary of the whole environment: this runs at start-up.
    static var environmentCAFile: String? {
        guard let value = getenv("BRIDGE_CA_FILE"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
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
    public var redirects: Int
    public var reason: String?
    public var finalURL: String?
    /// Fetch mode: the final response's header lines.
    public var headers: String?

    /// A download that never started because its task was cancelled first.
    static let cancelledBeforeStart = DownloadResult(outcome: .cancelled, status: nil, contentType: nil, bytes: 0,
                                                     redirects: 0, reason: "cancelled", finalURL: nil)

    init(outcome: Outcome, status: Int?, contentType: String?, bytes: Int, redirects: Int, reason: String?, finalURL: String?) {
        self.outcome = outcome
        self.status = status
        self.contentType = contentType
        self.bytes = bytes
        self.redirects = redirects
        self.reason = reason
        self.finalURL = finalURL
    }

    init(_ result: bridge_http_result) {
        switch result.outcome {
        case BRIDGE_HTTP_OK: outcome = .ok
        case BRIDGE_HTTP_CANCELLED: outcome = .cancelled
        default: outcome = .failed
        }
        status = result.status == 0 ? nil : Int(result.status)
        contentType = result.content_type.map { String(cString: $0) }
        bytes = Int(result.bytes)
        redirects = Int(result.redirects)
        reason = result.reason.map { String(cString: $0) }
        finalURL = result.final_url.map { String(cString: $0) }
        headers = result.headers.map { String(cString: $0) }
    }
}

/// Downloads a URL to a file with the bridge's download engine (`Sources/Support/HTTP`: libcurl,
/// loaded on first use, on one event-loop thread for every download); cancelling the calling
/// task cancels the download at once (its result is then `cancelled`).
enum HTTPDownload {
    /// A request in fetch mode (the http plugin's passthrough): its method, header lines, body.
    struct FetchSpec: Sendable {
        var method: String
        var headers: [String]
        var body: [UInt8]?
    }

    static func run(url: String, to destination: String, limits: DownloadLimits, fetch: FetchSpec? = nil) async -> DownloadResult {
        // A task cancelled before it starts never downloads (else a fast download could finish
        // between the engine's start and `attach`, and the cancellation would be lost).
        if Task.isCancelled { return .cancelledBeforeStart }
        // Admitted against the descriptor limit: 10,000 downloads at once took every descriptor,
        // and libdispatch aborted the process when it could not open one.
        guard await DownloadAdmission.shared.enter() else { return .cancelledBeforeStart }
        defer { DownloadAdmission.shared.leave() }
        if Task.isCancelled { return .cancelledBeforeStart }
        let pending = PendingDownload()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pending.begin(continuation)
                let context = Unmanaged.passRetained(pending).toOpaque()
                let id = url.withCString { url in
                    destination.withCString { destination in
                        withOptionalCString(limits.caFile) { caFile in
                            withOptionalCString(fetch?.method) { method in
                                withCStrings(fetch?.headers ?? []) { headers in
                                    (fetch?.body ?? []).withUnsafeBufferPointer { body in
                                        var request = bridge_http_request(
                                            url: url, destination: destination, ca_file: caFile,
                                            max_bytes: Int64(limits.maxBytes), connect_timeout_ms: Int32(clamping: limits.connectTimeoutMs),
                                            read_timeout_ms: Int32(clamping: limits.readTimeoutMs), max_redirects: Int32(clamping: limits.maxRedirects),
                                            fetch: fetch == nil ? 0 : 1, method: method, headers: headers.baseAddress, header_count: Int32(headers.count),
                                            body: fetch?.body == nil ? nil : (body.baseAddress ?? UnsafePointer(bitPattern: 1)), body_length: Int64(body.count))
                                        return bridge_http_start(&request, context, downloadFinished)
                                    }
                                }
                            }
                        }
                    }
                }
                pending.attach(id)
            }
        } onCancel: {
            pending.cancel()
        }
    }

    /// The engine's state: downloads in flight, whether libcurl is loaded.
    static var statistics: bridge_http_stats { bridge_http_statistics() }
}

/// `strings` as C strings, alive for `body`.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Called by the engine exactly once per download, on its thread.
private let downloadFinished: bridge_http_completion = { context, result in
    guard let context, let result else { return }
    let pending = Unmanaged<PendingDownload>.fromOpaque(context).takeRetainedValue()
    pending.complete(DownloadResult(result.pointee))
}

/// How many downloads run at once: as many as the process's descriptor limit leaves room for
/// (a download holds a socket and a file; `reserve` descriptors stay for the session, its
/// threads and libdispatch), the rest waiting in order. A waiting download whose task is
/// cancelled leaves the queue at once.
final class DownloadAdmission: Sendable {
    static let shared = DownloadAdmission(capacity: DownloadAdmission.capacityFromLimit())

    private struct State {
        var running = 0
        var next: UInt64 = 0
        // 10,000 downloads at once wait here: taking the next and leaving early are O(1).
        var waiting = WaitingLine<CheckedContinuation<Bool, Never>>()
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The descriptors a download needs, and those kept for the rest of the process.
    static let descriptorsPerDownload = 3
    static let reserve = 96

    static func capacityFromLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
        let soft = limit.rlim_cur >= rlim_t(1 << 20) ? 1 << 20 : Int(limit.rlim_cur)
        return max(4, min(4096, (soft - reserve) / descriptorsPerDownload))
    }

    /// Waits for a place; `false` when the task was cancelled while it waited.
    func enter() async -> Bool {
        let id = state.withLock { s -> UInt64? in
            if s.running < capacity {
                s.running += 1
                return nil
            }
            s.next += 1
            return s.next
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let admitted = state.withLock { s -> Bool? in
                    // A place freed (or the task was cancelled) between the first check and now.
                    if Task.isCancelled { return false }
                    if s.running < capacity { s.running += 1; return true }
                    s.waiting.append(continuation, ticket: id)
                    return nil
                }
                if let admitted { continuation.resume(returning: admitted) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiting.remove(ticket: id) }
            waiter?.resume(returning: false)
        }
    }

    /// Gives the place to the next waiting download.
    func leave() {
        let next = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            guard let first = s.waiting.removeFirst() else {
                s.running -= 1
                return nil
            }
            return first
        }
        next?.resume(returning: true)
    }

    /// Downloads running and waiting (tests read it).
    var counts: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }
}

/// The state shared by the caller, the cancellation handler and the engine's callback.
private final class PendingDownload: Sendable {
    private struct State {
        var continuation: CheckedContinuation<DownloadResult, Never>?
        var id: UInt64 = 0
        var cancelRequested = false
        var completed = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<DownloadResult, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records the engine's id; cancels at once if cancellation came first.
    func attach(_ id: UInt64) {
        let cancelNow = state.withLock { s -> Bool in
            s.id = id
            return s.cancelRequested && !s.completed
        }
        if cancelNow { bridge_http_cancel(id) }
    }

    func cancel() {
        let id = state.withLock { s -> UInt64 in
            s.cancelRequested = true
            return s.completed ? 0 : s.id
        }
        // 0: not started yet (`attach` cancels) or already over.
        if id != 0 { bridge_http_cancel(id) }
    }

    func complete(_ result: DownloadResult) {
        let continuation = state.withLock { s -> CheckedContinuation<DownloadResult, Never>? in
            s.completed = true
            defer { s.continuation = nil }
            return s.continuation
        }
        continuation?.resume(returning: result)
    }
}

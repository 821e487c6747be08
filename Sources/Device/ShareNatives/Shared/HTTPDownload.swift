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

    /// How a download raced against a deadline went.
    enum Raced: Sendable {
        case finished(DownloadResult)
        case timedOut
    }

    static func run(url: String, to destination: String, limits: DownloadLimits, fetch: FetchSpec? = nil) async -> DownloadResult {
        let call = DownloadCall(url: url, destination: destination, limits: limits, fetch: fetch, whenLate: nil)
        guard case .finished(let result) = await call.run(deadline: nil) else { return .cancelledBeforeStart }
        return result
    }

    /// The download raced against a deadline, `seconds` after `start` (the monotonic clock's
    /// reading when the plugin's method ran), as the share plugins race their icon: whichever
    /// comes first decides, exactly once, on the thread where it happens (the engine's or the
    /// timer's), so a download that ended in time is never a timeout however busy the task pool;
    /// `then` gets the outcome there (the caller's thread, when at once), and the returned call's
    /// `stop()` cancels it. On timeout the answer comes at once and the download is cancelled;
    /// `whenLate` gets its result when it ends (to remove a file it may have made).
    static func race(url: String, to destination: String, limits: DownloadLimits, seconds: Double, from start: UInt64,
                     whenLate: @escaping @Sendable (DownloadResult) -> Void,
                     then: @escaping @Sendable (Raced) -> Void) -> DownloadCall {
        let call = DownloadCall(url: url, destination: destination, limits: limits, fetch: nil, whenLate: whenLate)
        call.start(deadline: DeadlineTimer.instant(after: seconds, from: start), then: then)
        return call
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
    Unmanaged<DownloadCall>.fromOpaque(context).takeRetainedValue().finished(DownloadResult(result.pointee))
}

/// One download a call waits on: admitted against the descriptor limit, started on the engine,
/// raced against its deadline if it has one, stopped by its caller. It is decided once, on the
/// thread where that happens — the engine's completion, the timer's deadline, the admission line
/// handing over a place — and hands its outcome to the caller's `then` there (`start`); a task
/// awaits it on one continuation (`run`). No task of its own: a task, a task group and a
/// sleeping task per download cost ~100k instructions.
final class DownloadCall: Sendable {
    private struct State {
        /// Who hears the outcome, until it is decided.
        var then: (@Sendable (HTTPDownload.Raced) -> Void)?
        var settled = false
        /// By the caller's task or the deadline: start nothing, cancel what runs.
        var cancelled = false
        /// The engine's id once started; `finished` once its completion came.
        var id: UInt64 = 0
        var finished = false
        /// The deadline's entry in the timer, dropped once the call is answered.
        var alarm: DeadlineTimer.Ticket?
        /// When the race is over (the monotonic clock), if it is raced.
        var endsAt: UInt64?
        /// Its ticket in the admission line while it waits there.
        var waiting: UInt64?
    }

    private let state = Mutex(State())
    private let url: String
    private let destination: String
    private let limits: DownloadLimits
    private let fetch: HTTPDownload.FetchSpec?
    private let whenLate: (@Sendable (DownloadResult) -> Void)?
    private let admission: DownloadAdmission
    private let timer: DeadlineTimer

    init(url: String, destination: String, limits: DownloadLimits, fetch: HTTPDownload.FetchSpec?,
         whenLate: (@Sendable (DownloadResult) -> Void)?, admission: DownloadAdmission = .shared, timer: DeadlineTimer = .shared) {
        self.admission = admission
        self.timer = timer
        self.url = url
        self.destination = destination
        self.limits = limits
        self.fetch = fetch
        self.whenLate = whenLate
    }

    /// The outcome, awaited by the calling task; cancelling the task stops the call.
    /// - Parameter deadline: the monotonic instant the download must end by, or nil for none.
    func run(deadline: UInt64?) async -> HTTPDownload.Raced {
        // A task cancelled before it starts never downloads.
        if Task.isCancelled { return .finished(.cancelledBeforeStart) }
        return await withTaskCancellationHandler {
            // Unsafe (no checking box to allocate): `settle` hands the outcome over exactly once.
            await withUnsafeContinuation { continuation in
                start(deadline: deadline) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            stop()
        }
    }

    /// Starts the call; `then` gets its outcome exactly once, on the thread that decides it (the
    /// caller's, when it is decided at once). `stop()` cancels it.
    /// - Parameter deadline: the monotonic instant the download must end by, or nil for none.
    func start(deadline: UInt64?, then: @escaping @Sendable (HTTPDownload.Raced) -> Void) {
        let ticket = admission.ticket()
        let cancelledFirst = state.withLock { s -> Bool in
            s.then = then
            s.waiting = ticket
            s.endsAt = deadline
            return s.cancelled
        }
        if cancelledFirst {
            settle(.finished(.cancelledBeforeStart))
            return
        }
        if let deadline {
            // A deadline already past (the waiting part ran late) rings at once, and `admitted`
            // starts nothing for it.
            // Out of the line (or the download cancelled) before the timeout is announced: whoever
            // hears it may look at the line at once.
            let alarm = timer.schedule(at: deadline) { [self] in
                guard let then = decide() else { return }
                stop()
                then(.timedOut)
            }
            let over = state.withLock { s -> Bool in
                s.alarm = alarm
                return s.settled
            }
            if over { alarm.cancel() }
        }
        // Admitted at once, or later by the download that gives up its place.
        if admission.enter(self, ticket: ticket) {
            admitted()
        } else if state.withLock({ $0.cancelled }), admission.remove(ticket: ticket) {
            // Stopped while it entered the line: out again, answered now.
            settle(.finished(.cancelledBeforeStart))
        }
    }

    /// Called with a place in the admission line: starts the download (on the thread that
    /// freed the place, or the caller's), unless the call was stopped or its deadline passed —
    /// the one place that rule is checked.
    func admitted() {
        let (cancelled, over) = state.withLock { s -> (Bool, Bool) in
            s.waiting = nil
            // Its deadline passed (before it began, or while it waited with its alarm not yet run).
            if let endsAt = s.endsAt, !s.cancelled, endsAt <= DeadlineTimer.now() { s.cancelled = true; return (true, true) }
            return (s.cancelled, false)
        }
        if cancelled {
            admission.leave()
            settle(over ? .timedOut : .finished(.cancelledBeforeStart))
            return
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        let fetch = self.fetch
        let limits = self.limits
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
        // Cancelled between the check above and the start: cancel it now.
        let cancelNow = state.withLock { s -> Bool in
            s.id = id
            return s.cancelled && !s.finished
        }
        if cancelNow && id != 0 { bridge_http_cancel(id) }
    }

    /// The engine's completion (its thread, or the caller's when the download could not start).
    fileprivate func finished(_ result: DownloadResult) {
        state.withLock { $0.finished = true }
        admission.leave()
        if !settle(.finished(result)) { whenLate?(result) }
    }

    /// Resolves the call with `outcome` unless it is resolved; `true` when this decided it.
    @discardableResult
    private func settle(_ outcome: HTTPDownload.Raced) -> Bool {
        guard let then = decide() else { return false }
        then(outcome)
        return true
    }

    /// Marks the call decided and drops its deadline; returns who hears the outcome, or nil when
    /// it was decided already.
    private func decide() -> (@Sendable (HTTPDownload.Raced) -> Void)? {
        let (then, alarm) = state.withLock { s -> ((@Sendable (HTTPDownload.Raced) -> Void)?, DeadlineTimer.Ticket?) in
            guard !s.settled, let then = s.then else { return (nil, nil) }
            s.settled = true
            defer { s.then = nil; s.alarm = nil }
            return (then, s.alarm)
        }
        alarm?.cancel()
        return then
    }

    /// The caller stopped it (its task cancelled, its call cancelled), or the deadline passed:
    /// out of the admission line, or the running download cancelled (its completion then
    /// answers, with `cancelled`). Safe at any time, from any thread; a stopped call that has not
    /// started never will.
    func stop() {
        let (id, waiting) = state.withLock { s -> (UInt64, UInt64?) in
            s.cancelled = true
            return (s.finished ? 0 : s.id, s.waiting)
        }
        if let waiting, admission.remove(ticket: waiting) {
            settle(.finished(.cancelledBeforeStart))
        } else if id != 0 {
            bridge_http_cancel(id)
        }
    }
}

/// How many downloads run at once: as many as the process's descriptor limit leaves room for
/// (a download holds a socket and a file; `reserve` descriptors stay for the session, its
/// threads and libdispatch), the rest waiting in order. A waiting download whose call is
/// cancelled or whose deadline passes leaves the line at once.
final class DownloadAdmission: Sendable {
    static let shared = DownloadAdmission(capacity: DownloadAdmission.capacityFromLimit())

    private struct State {
        var running = 0
        var next: UInt64 = 0
        // 10,000 downloads at once wait here: taking the next and leaving early are O(1).
        var waiting = WaitingLine<DownloadCall>()
    }

    let capacity: Int
    private let state = SharedLock(State())

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

    /// A ticket for `enter`, known to the call before it enters (so that it can leave).
    func ticket() -> UInt64 {
        state.withLock { s in
            s.next += 1
            return s.next
        }
    }

    /// A place for `call` now (`true`), or a place in the line under `ticket`: the download
    /// that frees one calls `call.admitted()`.
    func enter(_ call: DownloadCall, ticket: UInt64) -> Bool {
        state.withLock { s in
            if s.running < capacity {
                s.running += 1
                return true
            }
            s.waiting.append(call, ticket: ticket)
            return false
        }
    }

    /// Takes the call under `ticket` out of the line; `false` when it is not there (admitted).
    func remove(ticket: UInt64) -> Bool {
        state.withLock { $0.waiting.remove(ticket: ticket) } != nil
    }

    /// Gives the place to the next waiting download, which starts on this thread.
    func leave() {
        let next = state.withLock { s -> DownloadCall? in
            guard let first = s.waiting.removeFirst() else {
                s.running -= 1
                return nil
            }
            return first
        }
        next?.admitted()
    }

    /// Downloads running and waiting (tests read it).
    var counts: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }
}

import BridgeJSON
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download with URLSession, with the rules of Android's `HttpURLConnection` as the share
/// plugin configures it, and the limits URLSession on Linux does not enforce precisely:
/// - connect timeout: no response headers within `connectTimeoutMs`;
/// - read timeout: no body bytes for `readTimeoutMs`;
/// - redirects followed only to the same scheme (never http → https), at most `maxRedirects`;
/// - 2xx only; the body streamed to `destination`, stopped past `maxBytes`.
///
/// `completion` is called exactly once, with a JSON object: `outcome` (`ok`, `failed`,
/// `cancelled`), `status`, `contentType`, `bytes`, `finalURL`, `redirects`, `reason`.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Sendable proof: every mutable property is only touched on `queue`, a serial queue that
    // runs the timers and to which every delegate callback hops with `queue.sync`. The session
    // delivers callbacks on its own queue, so cancelling it never waits on `queue`.
    private let request: DownloadRequest
    private let queue = DispatchQueue(label: "bridge.http.download")
    private let delegateQueue: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var file: FileHandle?
    private var status: Int?
    private var contentType: String?
    private var bytes = 0
    private var redirects = 0
    private var refusedRedirect: String?
    private var finished = false
    private var connectTimer: DispatchSourceTimer?
    private var readTimer: DispatchSourceTimer?
    private let completion: @Sendable (JSON) -> Void

    init(request: DownloadRequest, completion: @escaping @Sendable (JSON) -> Void) {
        self.request = request
        self.completion = completion
        super.init()
    }

    func start() {
        queue.async { [self] in
            guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https" else {
                finish("failed", reason: "not an http or https URL")
                return
            }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = 60
            configuration.httpCookieStorage = nil
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
            self.session = session
            let task = session.dataTask(with: url)
            self.task = task
            connectTimer = timer(after: request.connectTimeoutMs) { [self] in
                finish("failed", reason: "connect timeout: no response within \(request.connectTimeoutMs) ms")
            }
            task.resume()
        }
    }

    func cancel() {
        queue.async { [self] in finish("cancelled", reason: "cancelled by the caller") }
    }

    private func timer(after ms: Int, _ fire: @escaping () -> Void) -> DispatchSourceTimer {
        let t = DispatchSource.makeTimerSource(queue: queue)
        t.schedule(deadline: .now() + .milliseconds(ms))
        t.setEventHandler(handler: fire)
        t.resume()
        return t
    }

    /// Reports the outcome (once), then tears the session down off this queue: URLSession's
    /// cancellation may wait on its own delegate queue, and the caller must not wait for it.
    private func finish(_ outcome: String, reason: String? = nil) {
        guard !finished else { return }
        finished = true
        connectTimer?.cancel()
        readTimer?.cancel()
        try? file?.close()
        file = nil
        let (task, session) = (self.task, self.session)
        defer {
            let teardown = SessionTeardown(task: task, session: session)
            DispatchQueue.global().async { teardown.run() }
        }
        var result: JSONObject = ["outcome": .string(outcome), "bytes": .number(JSONNumber(bytes)),
                                  "redirects": .number(JSONNumber(redirects))]
        if let status { result["status"] = .number(JSONNumber(status)) }
        if let contentType { result["contentType"] = .string(contentType) }
        if let reason { result["reason"] = .string(reason) }
        if let url = task?.currentRequest?.url?.absoluteString { result["finalURL"] = .string(url) }
        completion(.object(result))
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let follow = queue.sync { redirect(task: task, to: newRequest) }
        completionHandler(follow ? newRequest : nil)
    }

    private func redirect(task: URLSessionTask, to newRequest: URLRequest) -> Bool {
        let from = task.originalRequest?.url?.scheme?.lowercased()
        let to = newRequest.url?.scheme?.lowercased()
        if from != to {
            refusedRedirect = "redirect from \(from ?? "?") to \(to ?? "?") not followed (HttpURLConnection follows same-scheme redirects only)"
            return false
        }
        if redirects >= request.maxRedirects {
            refusedRedirect = "more than \(request.maxRedirects) redirects"
            return false
        }
        redirects += 1
        return true
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let allow = queue.sync { accept(response) }
        completionHandler(allow ? .allow : .cancel)
    }

    private func accept(_ response: URLResponse) -> Bool {
        guard !finished else { return false }
        connectTimer?.cancel()
        let http = response as? HTTPURLResponse
        status = http?.statusCode
        contentType = http?.value(forHTTPHeaderField: "Content-Type")
        guard let code = status, (200...299).contains(code) else {
            finish("failed", reason: refusedRedirect ?? "HTTP status \(status.map(String.init) ?? "unknown"), not 2xx")
            return false
        }
        if let expected = http?.expectedContentLength, expected > request.maxBytes {
            finish("failed", reason: "body of \(expected) bytes is larger than the \(request.maxBytes)-byte cap")
            return false
        }
        guard FileManager.default.createFile(atPath: request.destination, contents: nil),
              let handle = FileHandle(forWritingAtPath: request.destination) else {
            finish("failed", reason: "cannot write \(request.destination)")
            return false
        }
        file = handle
        armReadTimer()
        return true
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        queue.sync { receive(data) }
    }

    private func receive(_ data: Data) {
        guard !finished else { return }
        bytes += data.count
        if bytes > request.maxBytes {
            finish("failed", reason: "body larger than the \(request.maxBytes)-byte cap")
            return
        }
        do {
            try file?.write(contentsOf: data)
        } catch {
            finish("failed", reason: "cannot write \(request.destination): \(error)")
            return
        }
        armReadTimer()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        queue.sync { complete(error) }
    }

    private func complete(_ error: Error?) {
        if let error {
            finish("failed", reason: "\(error.localizedDescription)")
        } else if let code = status, (200...299).contains(code) {
            finish("ok")
        } else {
            finish("failed", reason: refusedRedirect ?? "no response")
        }
    }

    private func armReadTimer() {
        readTimer?.cancel()
        readTimer = timer(after: request.readTimeoutMs) { [self] in
            finish("failed", reason: "read timeout: no data for \(request.readTimeoutMs) ms")
        }
    }
}

/// Cancels a task and invalidates its session, away from the download's state queue.
private struct SessionTeardown: @unchecked Sendable {
    // Sendable proof: URLSession and its tasks are thread-safe for cancel and invalidate.
    let task: URLSessionDataTask?
    let session: URLSession?

    func run() {
        task?.cancel()
        session?.invalidateAndCancel()
    }
}

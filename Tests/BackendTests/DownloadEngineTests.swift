import BridgeCall
import BridgeJSON
@testable import BridgeShareNatives
import Foundation
import TestSupport
import Testing

/// A fresh path for a download's body.
private func scratchFile() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("bridge-dl-\(UUID().uuidString)").path
}

@Suite("Downloads over https (libcurl, trusting a test CA)", .serialized)
struct HTTPSDownloadTests {
    let peer: HTTPPeer

    init() throws { peer = try HTTPPeer(tls: true) }

    var trusting: DownloadLimits {
        var limits = DownloadLimits()
        limits.caFile = peer.caFile
        // Generous leg timeouts: a loaded machine must not turn a download into a timeout.
        limits.connectTimeoutMs = 60_000
        limits.readTimeoutMs = 60_000
        return limits
    }

    @Test("a certificate signed by the trusted CA downloads")
    func trusted() async throws {
        let destination = scratchFile()
        let result = await HTTPDownload.run(url: peer.url("/image.png"), to: destination, limits: trusting)
        #expect(result.outcome == .ok, "\(result)")
        #expect(result.status == 200)
        #expect(result.contentType == "image/png")
        #expect(result.bytes == 69)
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)).count == 69)
    }

    @Test("without the CA the certificate is refused, with libcurl's reason")
    func untrusted() async throws {
        var limits = trusting
        limits.caFile = nil
        let result = await HTTPDownload.run(url: peer.url("/image.png"), to: scratchFile(), limits: limits)
        #expect(result.outcome == .failed)
        #expect(result.reason?.contains("certificate") == true, "\(result)")
    }

    @Test("redirects stay within https: https → https is followed, https → http is not")
    func redirects() async throws {
        let same = await HTTPDownload.run(url: peer.url("/redirect-https"), to: scratchFile(), limits: trusting)
        #expect(same.outcome == .ok, "\(same)")
        #expect(same.redirects == 1)
        #expect(same.finalURL == peer.url("/image.png"))
        let down = await HTTPDownload.run(url: peer.url("/redirect-http"), to: scratchFile(), limits: trusting)
        #expect(down.outcome == .failed)
        #expect(down.reason == "redirect from https to http not followed (HttpURLConnection follows same-scheme redirects only)")
    }

    @Test("both backends fetch their image over https")
    func backends() async throws {
        let payload: JSON = ["text": "x", "imageUrl": .string(peer.url("/image.png"))]
        let ios = try await IOSBackend(iconDeadlineSeconds: 60, limits: trusting)
            .shareText(NativeCall(payload: payload, context: CallContext())).output()
        #expect(ios.presentation?["iconLoad"]?["outcome"] == "loaded", "\(ios.presentation ?? .null)")
        var android = AndroidConfiguration(appID: "id.frak.wallet", cacheDirectory: temporaryCacheDirectory(), thumbnailDeadlineSeconds: 60)
        android.limits = trusting
        let out = try await AndroidBackend(configuration: android)
            .shareText(NativeCall(payload: payload, context: CallContext(platform: .android))).output()
        #expect(out.presentation?["thumbnail"]?["outcome"] == "downloaded", "\(out.presentation ?? .null)")
    }
}

@Suite("The download engine: one thread, exact deadlines, cancellation")
struct DownloadEngineTests {
    /// Leg timeouts of two minutes: only a cancellation (or the test's end) stops such a download.
    static let patient: DownloadLimits = {
        var limits = DownloadLimits()
        limits.connectTimeoutMs = 120_000
        limits.readTimeoutMs = 120_000
        return limits
    }()

    @Test("a URL that is not http or https is refused before anything is sent")
    func scheme() async {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x.png", "127.0.0.1/x.png", ""] {
            let result = await HTTPDownload.run(url: url, to: scratchFile(), limits: DownloadLimits())
            #expect(result.outcome == .failed)
            #expect(result.reason == "not an http or https URL")
        }
    }

    @Test("cancelling the task cancels the download at once")
    func cancel() async throws {
        let peer = try HTTPPeer()
        // Long leg timeouts, so only the cancellation can end the download (even on a busy machine).
        let limits = Self.patient
        let task = Task { await HTTPDownload.run(url: peer.url("/drip"), to: scratchFile(), limits: limits) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let clock = ContinuousClock.now
        task.cancel()
        let result = await task.value
        #expect(result.outcome == .cancelled)
        // The outcome says the cancellation ended it (a leg timeout would say .failed); the
        // bound, half a leg timeout, is only generous slack for a loaded machine.
        #expect(ContinuousClock.now - clock < .seconds(60))
    }

    @Test("a task cancelled before its download starts never downloads")
    func cancelledFirst() async throws {
        let peer = try HTTPPeer()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await HTTPDownload.run(url: peer.url("/image.png"), to: scratchFile(), limits: DownloadLimits())
        }
        #expect(await task.value.outcome == .cancelled)
    }

    /// In process, beside the other suites; the 1,000 of the former deadlock run in a spawned
    /// `serve` (`DownloadProcessTests`).
    @Test("200 concurrent slow downloads share one loop thread and each ends at its own connect deadline")
    func thousand() async throws {
        let peer = try HTTPPeer()
        let limits = DownloadLimits()  // the plugin's 1.5 s connect timeout
        let results = await withTaskGroup(of: (DownloadResult, Duration).self) { group in
            for i in 0..<200 {
                group.addTask {
                    let start = ContinuousClock.now
                    let result = await HTTPDownload.run(url: peer.url("/slow?ms=5000&n=\(i)"), to: scratchFile(), limits: limits)
                    return (result, ContinuousClock.now - start)
                }
            }
            var all: [(DownloadResult, Duration)] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.0.outcome == .failed && $0.0.reason == "connect timeout: no response within 1500 ms" })
        // Each from its own start: the 1.5 s deadline, with slack for a loaded machine (the
        // former engine never answered). When the tasks start is up to the test runner's pool.
        #expect(results.map(\.1).max() ?? .zero < .seconds(60))
        #expect(HTTPDownload.statistics.loop_threads == 1)
    }

    /// The former loop walked every transfer at each wake-up (about 200 visits per wake-up
    /// here); with libcurl's socket interface and a deadline heap it touches the few that have
    /// work. Other suites' downloads may run meanwhile: they add work, not a walk.
    @Test("a wake-up of the loop visits only the transfers with work, not the 200 stalled ones")
    func wakeUpsSkipStalledTransfers() async throws {
        let peer = try HTTPPeer()
        let limits = Self.patient
        let stalled = 200
        let tasks = (0..<stalled).map { i in
            Task { await HTTPDownload.run(url: peer.url("/slow?ms=120000&n=\(i)"), to: scratchFile(), limits: limits) }
        }
        // Generous: in the whole suite, the tasks may wait a minute for a thread of the pool.
        try await waitUntil("\(stalled) stalled requests reached the peer") { try peer.hits("/slow") == stalled }
        // One download with work: a byte a second.
        let active = Task { await HTTPDownload.run(url: peer.url("/drip"), to: scratchFile(), limits: limits) }
        try await waitUntil("the dripping request reached the peer") { try peer.hits("/drip") == 1 }
        let before = HTTPDownload.statistics
        try await Task.sleep(for: .seconds(3))
        let after = HTTPDownload.statistics
        active.cancel()
        tasks.forEach { $0.cancel() }
        #expect(await active.value.outcome == .cancelled)
        for task in tasks { #expect(await task.value.outcome == .cancelled) }

        let wakeUps = after.loop_wakeups - before.loop_wakeups
        let visited = after.transfers_visited - before.transfers_visited
        // The drip's bytes alone wake the loop about once a second.
        #expect(wakeUps >= 2, "\(wakeUps) wake-ups in 3 s")
        // Generous: a tenth of the stalled transfers per wake-up (the walk visited all of them).
        #expect(visited <= wakeUps * UInt64(stalled / 10), "\(visited) transfers visited in \(wakeUps) wake-ups")
    }
}

@testable import BridgeShareNatives
import BridgeSystem
import Foundation
import Synchronization
import TestSupport
import Testing

/// A fresh path for a download's body.
private func scratchFile() -> String {
    Paths.temporaryDirectory + "bridge-race-" + RandomUUID.string()
}

/// A download raced against a deadline (the share plugins' 2.0 s icon race): decided once, on
/// the engine's or the timer's thread; on timeout answered at once, the download cancelled and
/// its result handed to `whenLate`; the caller's cancellation passed to the download.
/// Serialized: the tests share one peer and count the requests each path received.
@Suite("A download raced against its deadline", .serialized)
struct DownloadRaceTests {
    let peer: HTTPPeer

    init() throws { peer = try HTTPPeer() }

    final class Late: Sendable {
        let results = Mutex<[DownloadResult]>([])
        func add(_ result: DownloadResult) { results.withLock { $0.append(result) } }
        var all: [DownloadResult] { results.withLock { $0 } }
    }

    /// The monotonic instant `seconds` from now.
    static func after(_ seconds: Double) -> UInt64 { DeadlineTimer.instant(after: seconds, from: DeadlineTimer.now()) }

    static let patient = DownloadEngineTests.patient

    /// The race a task awaits: the call the share plugins start (`HTTPDownload.race`), awaited
    /// through `DownloadCall.run` (cancelling the task stops it).
    static func race(url: String, to destination: String, limits: DownloadLimits, seconds: Double,
                     from start: UInt64 = DeadlineTimer.now(),
                     whenLate: @escaping @Sendable (DownloadResult) -> Void = { _ in }) async -> HTTPDownload.Raced {
        await DownloadCall(url: url, destination: destination, limits: limits, fetch: nil, whenLate: whenLate)
            .run(deadline: DeadlineTimer.instant(after: seconds, from: start))
    }

    @Test("a download that ends before the deadline is the answer; nothing is late")
    func downloadWins() async throws {
        let late = Late()
        let file = scratchFile()
        defer { unlink(file) }
        let raced = await Self.race(url: peer.url("/image.png"), to: file, limits: Self.patient, seconds: 60,
                                            whenLate: { late.add($0) })
        guard case .finished(let result) = raced else { Issue.record("timed out"); return }
        #expect(result.outcome == .ok && result.status == 200)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(late.all.isEmpty)
    }

    @Test("the deadline answers before the download ends; the download is cancelled and handed over late")
    func deadlineWins() async throws {
        let late = Late()
        let file = scratchFile()
        defer { unlink(file) }
        let start = DeadlineTimer.now()
        // A byte a second for 67 bytes, and leg timeouts of two minutes: only the race ends it.
        let raced = await Self.race(url: peer.url("/drip"), to: file, limits: Self.patient, seconds: 0.3,
                                            whenLate: { late.add($0) })
        guard case .timedOut = raced else { Issue.record("the download won"); return }
        #expect(DeadlineTimer.now() - start >= 300_000_000)
        // Cancelled, it ends soon after; its result comes late, and says so.
        try await waitUntil("the late result") { !late.all.isEmpty }
        #expect(late.all.map(\.outcome) == [.cancelled])
    }

    @Test("the deadline counts from the given start: one already past answers at once and downloads nothing")
    func countsFromStart() async throws {
        let start = DeadlineTimer.now()
        usleep(300_000)   // the waiting part runs late
        let raced = await Self.race(url: peer.url("/image.png"), to: scratchFile(), limits: Self.patient, seconds: 0.2, from: start)
        guard case .timedOut = raced else { Issue.record("downloaded after its deadline"); return }
        #expect(try peer.hits("/image.png") == 0)
    }

    @Test("a download that fails before the deadline is the answer, with its reason")
    func failureWins() async throws {
        let raced = await Self.race(url: peer.url("/404"), to: scratchFile(), limits: Self.patient, seconds: 60)
        guard case .finished(let result) = raced else { Issue.record("timed out"); return }
        #expect(result.outcome == .failed && result.status == 404)
    }

    @Test("cancelling the caller cancels the download, whose result is the answer")
    func callerCancelled() async throws {
        let file = scratchFile()
        defer { unlink(file) }
        let task = Task { await Self.race(url: peer.url("/drip"), to: file, limits: Self.patient, seconds: 60) }
        try await waitUntil("the request at the peer") { try peer.hits("/drip") == 1 }
        task.cancel()
        guard case .finished(let result) = await task.value else { Issue.record("timed out"); return }
        #expect(result.outcome == .cancelled)
    }

    @Test("a caller cancelled before the race starts never downloads")
    func cancelledFirst() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Self.race(url: peer.url("/image.png"), to: scratchFile(), limits: Self.patient, seconds: 60)
        }
        guard case .finished(let result) = await task.value else { Issue.record("timed out"); return }
        #expect(result.outcome == .cancelled)
        #expect(try peer.hits("/image.png") == 0)
    }

    @Test("waiting for a place, a race still ends at its deadline and leaves the line; the next one then runs")
    func deadlineWhileWaiting() async throws {
        // One place, taken by a stalled download, so the raced one waits in the line.
        let admission = DownloadAdmission(capacity: 1)
        let filler = Task {
            await DownloadCall(url: peer.url("/slow?ms=120000"), destination: scratchFile(), limits: Self.patient, fetch: nil,
                               whenLate: nil, admission: admission).run(deadline: nil)
        }
        try await waitUntil("the place taken") { try peer.hits("/slow") == 1 }
        let start = DeadlineTimer.now()
        let raced = await DownloadCall(url: peer.url("/image.png"), destination: scratchFile(), limits: Self.patient, fetch: nil,
                                       whenLate: nil, admission: admission).run(deadline: Self.after(0.2))
        guard case .timedOut = raced else { Issue.record("it ran without a place"); return }
        #expect(DeadlineTimer.now() - start >= 200_000_000)
        #expect(admission.counts == (running: 1, waiting: 0))
        // The place freed goes to the next call, which then downloads.
        filler.cancel()
        guard case .finished(let stopped) = await filler.value else { Issue.record("no deadline was set"); return }
        #expect(stopped.outcome == .cancelled)
        let file = scratchFile()
        defer { unlink(file) }
        let next = await DownloadCall(url: peer.url("/image.png"), destination: file, limits: Self.patient, fetch: nil,
                                      whenLate: nil, admission: admission).run(deadline: Self.after(60))
        guard case .finished(let downloaded) = next else { Issue.record("timed out"); return }
        #expect(downloaded.outcome == .ok)
        #expect(admission.counts == (running: 0, waiting: 0))
        #expect(try peer.hits("/image.png") == 1)
    }

    @Test("a waiting call handed a place after its deadline, before its timer ran, starts nothing and times out")
    func placeAfterDeadline() async throws {
        let admission = DownloadAdmission(capacity: 1)
        // A timer of its own, held busy until the test ends: the raced call's alarm cannot run, so
        // only the place handed over can decide it (however late the task pool runs this test).
        let timer = DeadlineTimer()
        let gate = DispatchSemaphore(value: 0)
        timer.schedule(after: 0) { gate.wait() }
        defer { gate.signal() }
        let filler = Task {
            await DownloadCall(url: peer.url("/slow?ms=120000&late"), destination: scratchFile(), limits: Self.patient, fetch: nil,
                               whenLate: nil, admission: admission).run(deadline: nil)
        }
        try await waitUntil("the place taken") { try peer.hits("/slow") == 1 }
        let raced = Task {
            await DownloadCall(url: peer.url("/image.png?late"), destination: scratchFile(), limits: Self.patient, fetch: nil,
                               whenLate: nil, admission: admission, timer: timer).run(deadline: Self.after(0.2))
        }
        try await waitUntil("the call in the line") { admission.counts.waiting == 1 }
        usleep(400_000)   // its deadline passed; its alarm waits behind the held timer
        filler.cancel()
        guard case .timedOut = await raced.value else { Issue.record("it started after its deadline"); return }
        _ = await filler.value
        #expect(try peer.hits("/image.png") == 0)
        #expect(admission.counts == (running: 0, waiting: 0))
    }

    @Test("a waiting call handed a place by the download that ends starts then, in order")
    func handedOver() async throws {
        let admission = DownloadAdmission(capacity: 1)
        let files = (0..<5).map { _ in scratchFile() }
        defer { files.forEach { unlink($0) } }
        let results = await withTaskGroup(of: DownloadResult?.self) { group in
            for file in files {
                group.addTask {
                    let raced = await DownloadCall(url: peer.url("/image.png"), destination: file, limits: Self.patient, fetch: nil,
                                                   whenLate: nil, admission: admission).run(deadline: Self.after(120))
                    if case .finished(let result) = raced { return result }
                    return nil
                }
            }
            var all: [DownloadResult?] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 5 && results.allSatisfy { $0?.outcome == .ok })
        #expect(admission.counts == (running: 0, waiting: 0))
    }

    @Test("200 races at once each answer once, by download or by deadline, whichever came first")
    func many() async throws {
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for i in 0..<200 {
                group.addTask {
                    // Even: an image, a deadline of a minute; odd: a host that answers after 5 s, 0.2 s.
                    let file = scratchFile()
                    defer { unlink(file) }
                    let raced = await Self.race(url: peer.url(i % 2 == 0 ? "/image.png?\(i)" : "/slow?ms=5000&n=\(i)"), to: file,
                                                        limits: Self.patient, seconds: i % 2 == 0 ? 60 : 0.2)
                    if case .finished(let result) = raced { return (i, result.outcome == .ok) }
                    return (i, false)
                }
            }
            var all: [Int: Bool] = [:]
            for await (i, downloaded) in group { all[i] = downloaded }
            return all
        }
        #expect(outcomes.count == 200)
        #expect(outcomes.filter { $0.value }.map(\.key).sorted() == Array(stride(from: 0, to: 200, by: 2)))
    }
}

@Suite("A download raced against its deadline: the admission line under load")
struct DownloadAdmissionLoadTests {
    @Test("1,000 races on 8 places, deadlines from 20 to 300 ms: every place comes back")
    func placesComeBack() async throws {
        let peer = try HTTPPeer()
        let admission = DownloadAdmission(capacity: 8)
        let limits = DownloadRaceTests.patient
        let answered = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<1000 {
                group.addTask {
                    let raced = await DownloadCall(url: peer.url("/slow?ms=5000&n=\(i)"), destination: Paths.temporaryDirectory + "bridge-load-" + RandomUUID.string(),
                                                   limits: limits, fetch: nil, whenLate: nil, admission: admission)
                        .run(deadline: DeadlineTimer.instant(after: Double(20 + (i * 37) % 280) / 1000, from: DeadlineTimer.now()))
                    if case .timedOut = raced { return true }
                    return false
                }
            }
            var count = 0
            for await timedOut in group where timedOut { count += 1 }
            return count
        }
        #expect(answered == 1000)
        let limit = DeadlineTimer.now() + 60_000_000_000
        while admission.counts != (running: 0, waiting: 0) && DeadlineTimer.now() < limit { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(admission.counts == (running: 0, waiting: 0))
    }
}

import BridgeSystem
import Foundation
import Synchronization
import Testing

/// The process's deadline thread: what a call racing a download relies on is that its action
/// runs once, not before its time, in order with the others, and never once cancelled.
@Suite("DeadlineTimer and RandomUUID")
struct DeadlineTimerTests {
    /// Records what ran and when, in order.
    final class Log: Sendable {
        let entries = Mutex<[(Int, UInt64)]>([])
        func add(_ tag: Int) { entries.withLock { $0.append((tag, DeadlineTimer.now())) } }
        var tags: [Int] { entries.withLock { $0.map(\.0) } }
        func when(_ tag: Int) -> UInt64? { entries.withLock { $0.first { $0.0 == tag }?.1 } }
    }

    final class Counter: Sendable {
        let value = Mutex(0)
    }

    func waitUntil(_ log: Log, has count: Int, seconds: Double = 10) async throws {
        let limit = DeadlineTimer.now() + UInt64(seconds * 1e9)
        while log.tags.count < count && DeadlineTimer.now() < limit { try await Task.sleep(nanoseconds: 5_000_000) }
    }

    @Test("actions run in deadline order, never before their time, each once")
    func order() async throws {
        let timer = DeadlineTimer()
        let log = Log()
        let start = DeadlineTimer.now()
        // Set in shuffled order, with ties (kept in the order set).
        let delays = [0.30, 0.05, 0.20, 0.05, 0.0, 0.10, 0.25, 0.15]
        for (tag, delay) in delays.enumerated() { timer.schedule(after: delay) { log.add(tag) } }
        try await waitUntil(log, has: delays.count)
        let expected = delays.enumerated().sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }.map(\.offset)
        #expect(log.tags == expected)
        for (tag, delay) in delays.enumerated() {
            let ran = try #require(log.when(tag))
            #expect(ran - start >= UInt64(delay * 1e9), "tag \(tag) ran early")
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(log.tags.count == delays.count, "an action ran twice")
        #expect(timer.pending == 0)
    }

    @Test("a cancelled deadline never runs; the others do")
    func cancelled() async throws {
        let timer = DeadlineTimer()
        let log = Log()
        var tickets: [DeadlineTimer.Ticket] = []
        for tag in 0..<200 { tickets.append(timer.schedule(after: 0.05) { log.add(tag) }) }
        for tag in stride(from: 0, to: 200, by: 2) { tickets[tag].cancel() }
        try await waitUntil(log, has: 100)
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(log.tags == Array(stride(from: 1, to: 200, by: 2)))
    }

    @Test("an earlier deadline set while the thread sleeps toward a later one runs on time")
    func earlier() async throws {
        let timer = DeadlineTimer()
        let log = Log()
        timer.schedule(after: 30) { log.add(1) }
        // Blocking, not `Task.sleep`: a pool kept busy by other tests could make it last 30 s.
        usleep(50_000)   // the thread now sleeps toward 30 s
        let start = DeadlineTimer.now()
        timer.schedule(after: 0.1) { log.add(2) }
        try await waitUntil(log, has: 1)
        #expect(log.tags.first == 2)
        let ran = try #require(log.when(2))
        // Generous: a loaded 2-core machine is slow, never early.
        #expect(ran - start >= 100_000_000 && ran - start < 5_000_000_000)
    }

    @Test("10,000 deadlines set from many tasks at once all run")
    func many() async throws {
        let timer = DeadlineTimer()
        let count = Counter()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<1250 { timer.schedule(after: Double((task * 1250 + i) % 50) / 1000) { count.value.withLock { $0 += 1 } } }
                }
            }
        }
        let limit = DeadlineTimer.now() + 10_000_000_000
        while count.value.withLock { $0 } < 10_000 && DeadlineTimer.now() < limit { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(count.value.withLock { $0 } == 10_000)
        #expect(timer.pending == 0)
    }

    @Test("RandomUUID spells a random version-4 UUID as UUID().uuidString does")
    func uuid() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let text = RandomUUID.string()
            let parsed = UUID(uuidString: text)
            #expect(parsed?.uuidString == text, "\(text) is not spelt as Foundation spells it")
            let bytes = Array(text.utf8)
            #expect(bytes.count == 36 && bytes[14] == UInt8(ascii: "4"), "version 4: \(text)")
            #expect("89AB".utf8.contains(bytes[19]), "RFC 9562 variant: \(text)")
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
    }
}

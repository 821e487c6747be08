import Foundation
import Testing
@testable import BridgeHTTPServer

/// `HTTPEventStream`'s queue over a socket pair with the smallest buffers the system allows, so
/// an inline write is cut short at once: what the socket does not take goes first in the queue,
/// and the drain (run here, as the connection's loop runs it when the socket has room) writes
/// every byte in order.
@Suite("An event stream's queue")
struct EventStreamQueueTests {
    @Test("an event cut short by a full socket is finished before the events queued after it")
    func partialWriteFirst() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var small: Int32 = 4096
        setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fds[1], SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let writer = HTTPConnectionWriter(fd: fds[0])
        let stream = HTTPEventStream(writer: writer)
        _ = stream.markStarted()
        let event: @Sendable (Int, Int) -> [UInt8] = { sender, n in
            Array(("data: \(sender) \(n) " + String(repeating: "x", count: (sender == 0 ? 200_000 : 100) + n % 13) + "\n\n").utf8)
        }
        // The first event, 200 KB, written inline into a socket that takes a few KB: its rest
        // is queued; then 200 events from each of three threads join the queue.
        #expect(stream.send(event(0, 0)))
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            for n in 0..<200 { #expect(stream.send(event(index + 1, n))) }
        }
        var expected = event(0, 0).count
        for sender in 1...3 { for n in 0..<200 { expected += event(sender, n).count } }
        // A reader on its own thread; the drain runs here, as the connection's loop runs it.
        let received = ReceivedBytes()
        let readEnd = fds[1]
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(readEnd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return }
                received.append(buffer[0..<n])
            }
        }
        reader.start()
        let deadline = Date().addingTimeInterval(60)
        while received.count < expected && Date() < deadline {
            _ = stream.writeQueued()
            usleep(1000)
        }
        stream.close()
        let text = String(decoding: received.bytes, as: UTF8.self)
        let events = text.components(separatedBy: "\n\n").dropLast()
        #expect(received.count == expected)
        #expect(events.first.map { Array(($0 + "\n\n").utf8) } == event(0, 0), "the cut event is finished first")
        var next = [1: 0, 2: 0, 3: 0]
        for text in events.dropFirst() {
            let parts = text.split(separator: " ")
            guard parts.count == 4, let sender = Int(parts[1]), let n = Int(parts[2]), next[sender] != nil else {
                Issue.record("a torn event: \(text.prefix(60))")
                return
            }
            #expect(n == next[sender], "sender \(sender)'s events out of order")
            #expect(Array((text + "\n\n").utf8) == event(sender, n))
            next[sender] = n + 1
        }
        #expect(next == [1: 200, 2: 200, 3: 200])
    }
}

private final class ReceivedBytes: @unchecked Sendable {
    // Sendable proof: every access holds `lock`.
    private let lock = NSLock()
    private var stored: [UInt8] = []

    func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { stored += bytes } }
    var count: Int { lock.withLock { stored.count } }
    var bytes: [UInt8] { lock.withLock { stored } }
}

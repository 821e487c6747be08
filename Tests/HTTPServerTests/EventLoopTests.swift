import Foundation
import Synchronization
import Testing
import TestSupport
@testable import BridgeHTTPServer

/// What the event loops promise beyond HTTP itself: no client holds up another on the same
/// loop, a connection costs no thread, a page's event goes out before the answer of the call
/// that sent it, and answers larger than a socket takes arrive whole.
@Suite("HTTP server event loops", .serialized)
struct EventLoopTests {
    /// A body of `count` bytes in which each position can be checked.
    static func pattern(_ count: Int, seed: Int = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11 &+ seed) }
    }

    @Test("one loop answers other connections while a call waits, then the waiting call and the request behind it")
    func noHeadOfLineBlocking() throws {
        let held = HeldExchanges()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 1) { exchange in
            if exchange.request.path == "/wait" { return held.add(exchange) }
            exchange.respond(HTTPResponse(body: Array("answered \(exchange.request.path)".utf8)))
        }
        server.start()
        defer { server.stop() }
        let waiting = try RawClient(port: server.port)
        waiting.send("GET /wait HTTP/1.1\r\nHost: h\r\n\r\nGET /after HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(held.waitForOne(), "the handler got the waiting call")
        for n in 0..<20 {
            let other = try RawClient(port: server.port)
            other.send("GET /other\(n) HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            #expect(other.readAll().hasSuffix("answered /other\(n)"), "a call on the same loop is answered while one waits")
        }
        // Answered from another thread, later: the answer, then the request pipelined behind it.
        Thread.detachNewThread { held.first?.respond(HTTPResponse(body: Array("late".utf8))) }
        let text = waiting.readAll()
        let late = text.range(of: "late")
        let after = text.range(of: "answered /after")
        #expect(late != nil && after != nil && late!.upperBound <= after!.lowerBound, "in order: \(text)")
    }

    @Test("hundreds of open connections cost no thread each")
    func connectionsWithoutThreads() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: HTTPLimits(maxConnections: 400), loops: 2) { exchange in
            exchange.respond(HTTPResponse(body: Array("ok".utf8)))
        }
        server.start()
        defer { server.stop() }
        Thread.sleep(forTimeInterval: 0.1)
        let before = EventLoopTests.threads()
        var clients: [RawClient] = []
        for _ in 0..<300 {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            clients.append(client)
        }
        for client in clients { #expect(client.read(until: "ok").hasSuffix("\r\n\r\nok")) }
        #expect(server.openConnections == 300)
        let during = EventLoopTests.threads()
        #expect(during - before < 10, "\(before) threads before 300 connections, \(during) with them open")
    }

    @Test("an event a call sends to a page's stream is on the stream before the call's answer arrives")
    func eventBeforeAnswer() throws {
        let box = StreamBox()
        let opened = DispatchSemaphore(value: 0)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, keepAliveInterval: 600) { exchange in
            if exchange.request.path == "/events" {
                box.stream = exchange.openStream(HTTPResponse(headers: ["Content-Type": "text/event-stream"]))
                opened.signal()
                return
            }
            box.stream?.send(Array("data: \(exchange.request.path)\n\n".utf8))
            exchange.respond(HTTPResponse(body: Array("done \(exchange.request.path)".utf8)))
        }
        server.start()
        defer { server.stop() }
        let events = try RawClient.events(port: server.port, opened: opened)
        let call = try RawClient(port: server.port)
        var streamed = ""
        for n in 0..<50 {
            call.send("GET /call\(n) HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(call.read(until: "done /call\(n)").hasSuffix("done /call\(n)"))
            // Loopback delivers a write at once: what was written before the answer is here.
            streamed += events.readAvailable()
            #expect(streamed.contains("data: /call\(n)\n\n"), "call \(n)'s event had not arrived with its answer")
        }
    }

    @Test("events sent from calls on every loop and from other threads at once arrive whole, each sender's in order")
    func eventsFromLoopsAndThreads() throws {
        let box = StreamBox()
        let opened = DispatchSemaphore(value: 0)
        let event: @Sendable (String, Int) -> String = { sender, n in
            "data: \(sender) \(n) " + String(repeating: "x", count: 100 + (n * 7) % 90) + "\n\n"
        }
        let server = try HTTPServer(host: "127.0.0.1", port: 0, keepAliveInterval: 600, loops: 2) { exchange in
            if exchange.request.path == "/events" {
                box.stream = exchange.openStream(HTTPResponse(headers: ["Content-Type": "text/event-stream"]))
                opened.signal()
                return
            }
            // "/c<client>/<n>": the call sends its event from the loop that serves it.
            let parts = exchange.request.path.split(separator: "/")
            box.stream?.send(Array(event(String(parts[0]), Int(parts[1]) ?? -1).utf8))
            exchange.respond(HTTPResponse(body: Array("ok".utf8)))
        }
        server.start()
        defer { server.stop() }
        let reader = try RawClient.events(port: server.port, opened: opened)
        let port = server.port
        let perClient = 200, perThread = 300
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            if index < 4 {
                guard let client = try? RawClient(port: port) else {
                    Issue.record("no connection")
                    return
                }
                client.send((0..<perClient).map { "GET /c\(index)/\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined())
                _ = client.read(until: "ok", count: perClient)
            } else {
                for n in 0..<perThread { box.stream?.send(Array(event("t\(index)", n).utf8)) }
            }
        }
        var expected = 0
        for c in 0..<4 { for n in 0..<perClient { expected += event("c\(c)", n).utf8.count } }
        for t in 4..<6 { for n in 0..<perThread { expected += event("t\(t)", n).utf8.count } }
        let received = reader.read(atLeast: expected)
        var next: [String: Int] = [:]
        for text in String(decoding: received, as: UTF8.self).components(separatedBy: "\n\n").dropLast() {
            let parts = text.split(separator: " ")
            guard parts.count == 4, let n = Int(parts[2]), text + "\n\n" == event(String(parts[1]), n) else {
                Issue.record("a torn event: \(text.prefix(80))")
                return
            }
            #expect(n == next[String(parts[1]), default: 0], "\(parts[1])'s events out of order")
            next[String(parts[1]), default: 0] = n + 1
        }
        #expect(next == ["c0": perClient, "c1": perClient, "c2": perClient, "c3": perClient, "t4": perThread, "t5": perThread])
    }

    @Test("answers larger than the socket takes reach a slow reader whole while the loop serves others")
    func largeAnswersToSlowReaders() throws {
        let filePath = NSTemporaryDirectory() + "/event-loop-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: filePath) }
        let fileBytes = EventLoopTests.pattern(3 << 20, seed: 7)
        try Data(fileBytes).write(to: URL(fileURLWithPath: filePath))
        let body = EventLoopTests.pattern(5 << 20)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 1) { exchange in
            switch exchange.request.path {
            case "/body": exchange.respond(HTTPResponse(body: body))
            case "/file":
                var response = HTTPResponse()
                response.file = HTTPFileBody(path: filePath, offset: 1000, length: fileBytes.count - 2000)
                exchange.respond(response)
            default: exchange.respond(HTTPResponse(body: Array("small".utf8)))
            }
        }
        server.start()
        defer { server.stop() }
        let slowBody = try RawClient(port: server.port)
        let slowFile = try RawClient(port: server.port)
        slowBody.send("GET /body HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        slowFile.send("GET /file HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        let other = try RawClient(port: server.port)
        other.send("GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(other.readAll().hasSuffix("small"), "served while two answers wait for their readers")
        #expect(EventLoopTests.body(of: slowBody.readAllBytes()) == body)
        #expect(EventLoopTests.body(of: slowFile.readAllBytes()) == Array(fileBytes[1000..<(fileBytes.count - 1000)]))
    }

    @Test("a client that reads none of its answer is closed after the idle timeout")
    func unreadAnswerTimesOut() throws {
        let body = [UInt8](repeating: 120, count: 16 << 20)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: HTTPLimits(idleTimeout: 1), loops: 1) { exchange in
            exchange.respond(HTTPResponse(body: exchange.request.path == "/big" ? body : Array("small".utf8)))
        }
        server.start()
        defer { server.stop() }
        let stalled = try RawClient(port: server.port)
        stalled.send("GET /big HTTP/1.1\r\nHost: h\r\n\r\n")
        let other = try RawClient(port: server.port)
        other.send("GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(other.readAll().hasSuffix("small"))
        let deadline = Date().addingTimeInterval(15)
        while server.openConnections > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(server.openConnections == 0, "the stalled reader still holds its connection")
        _ = stalled
    }

    @Test("pipelined requests whose answers outgrow the gathering bound arrive whole and in order")
    func pipelinedBeyondTheBound() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 1) { exchange in
            let n = Int(exchange.request.path.dropFirst()) ?? -1
            exchange.respond(HTTPResponse(body: Array("<\(n)>".utf8) + EventLoopTests.pattern(4000, seed: n)))
        }
        server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let count = 200
        client.send((0..<count).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\(($0 == count - 1) ? "Connection: close\r\n" : "")\r\n" }.joined())
        var rest = client.readAllBytes()[...]
        for n in 0..<count {
            guard let body = EventLoopTests.nextBody(&rest) else {
                Issue.record("answer \(n) is missing")
                return
            }
            #expect(body == Array("<\(n)>".utf8) + EventLoopTests.pattern(4000, seed: n), "answer \(n)")
        }
        #expect(rest.isEmpty)
    }

    @Test("a stream's backlog reaches a reader that reads slowly, however many times the socket fills")
    func streamBacklogToSlowReader() throws {
        let box = StreamBox()
        let opened = DispatchSemaphore(value: 0)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, keepAliveInterval: 600, loops: 1) { exchange in
            box.stream = exchange.openStream(HTTPResponse(headers: ["Content-Type": "text/event-stream"]))
            opened.signal()
        }
        server.start()
        defer { server.stop() }
        let client = try SmallBufferClient(port: server.port)
        client.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(opened.wait(timeout: .now() + 20) == .success)
        let stream = try #require(box.stream)
        #expect(String(decoding: client.readSlowly(chunk: 1, pauseMicroseconds: 0, until: Array("\r\n\r\n".utf8)), as: UTF8.self)
            .contains("text/event-stream"))
        // 120 events of 8 KB (960 KB, under the queue's bound), from a thread of the test's.
        let event = Array(("data: " + String(repeating: "x", count: 8000) + "\n\n").utf8)
        for _ in 0..<120 { #expect(stream.send(event)) }
        let received = client.readSlowly(chunk: 4096, pauseMicroseconds: 200, limit: 120 * event.count)
        #expect(received == Array([[UInt8]](repeating: event, count: 120).joined()), "the stream stalled (open: \(stream.isOpen))")
    }

    @Test("a client that takes a large answer slowly but steadily is not cut off at the idle timeout")
    func steadyReaderOfLargeBody() throws {
        let body = EventLoopTests.pattern(4 << 20, seed: 3)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: HTTPLimits(idleTimeout: 1), loops: 1) { exchange in
            exchange.respond(HTTPResponse(body: body))
        }
        server.start()
        defer { server.stop() }
        let client = try SmallBufferClient(port: server.port)
        client.send("GET /big HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        // ~2 s to read it all, twice the idle timeout, never a second without a byte.
        #expect(EventLoopTests.body(of: client.readSlowly(chunk: 8192, pauseMicroseconds: 1000)) == body)
    }

    @Test("a client that half-closes after its requests still gets every answer, then the connection closes")
    func halfCloseKeepsAnswers() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 1) { exchange in
            let n = Int(exchange.request.path.dropFirst()) ?? -1
            exchange.respond(HTTPResponse(body: EventLoopTests.pattern(6000, seed: n)))
        }
        server.start()
        defer { server.stop() }
        let client = try SmallBufferClient(port: server.port)
        client.send((0..<10).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined())
        _ = shutdown(client.fd, Int32(SHUT_WR))
        Thread.sleep(forTimeInterval: 0.3)
        var rest = client.readSlowly(chunk: 65536, pauseMicroseconds: 0)[...]
        for n in 0..<10 { #expect(EventLoopTests.nextBody(&rest) == EventLoopTests.pattern(6000, seed: n), "answer \(n)") }
        #expect(rest.isEmpty)
        let deadline = Date().addingTimeInterval(10)
        while server.openConnections > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.openConnections == 0)
    }

    @Test("connections that arrive while the server stops are closed, never left to a loop that has ended")
    func stopDuringBurst() throws {
        var kept = 0
        for _ in 0..<40 {
            let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 4) { $0.respond(HTTPResponse(body: Array("ok".utf8))) }
            server.start()
            let port = server.port
            let connecting = Atomic<Bool>(true)
            let done = DispatchGroup()
            for _ in 0..<2 {
                done.enter()
                Thread.detachNewThread {
                    var fds: [Int32] = []
                    // At most 60 each: a full accept queue drops a connect's SYN, which then
                    // waits a second for its retransmission.
                    while connecting.load(ordering: .relaxed), fds.count < 60, let fd = loopbackSocket(port: port) { fds.append(fd) }
                    for fd in fds { close(fd) }
                    done.leave()
                }
            }
            usleep(20_000)
            server.stop()
            usleep(20_000)
            connecting.store(false, ordering: .relaxed)
            done.wait()
            let deadline = Date().addingTimeInterval(5)
            while server.openConnections > 0 && Date() < deadline { usleep(20_000) }
            if server.openConnections > 0 { kept += 1 }
        }
        #expect(kept == 0, "\(kept) of 40 stopped servers kept connections no loop serves")
    }

    @Test("a stopped server's port can be listened on again at once")
    func stopFreesThePort() throws {
        for _ in 0..<20 {
            let server = try HTTPServer(host: "127.0.0.1", port: 0, loops: 2) { $0.respond(HTTPResponse()) }
            server.start()
            let port = server.port
            server.stop()
            let again = try HTTPServer(host: "127.0.0.1", port: port, loops: 1) { $0.respond(HTTPResponse(body: Array("again".utf8))) }
            again.start()
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            #expect(client.readAll().hasSuffix("again"))
            again.stop()
        }
    }

    // MARK: - Helpers

    /// The number of threads in this process.
    static func threads() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// The body of one whole response (`Content-Length` framed).
    static func body(of bytes: [UInt8]) -> [UInt8]? {
        var rest = bytes[...]
        return nextBody(&rest)
    }

    /// Takes the next response off `rest` and returns its body.
    static func nextBody(_ rest: inout ArraySlice<UInt8>) -> [UInt8]? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
        guard let field = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(field.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return nil }
        let start = end + 4
        guard rest.endIndex - start >= length else { return nil }
        defer { rest = rest[(start + length)...] }
        return Array(rest[start..<(start + length)])
    }
}

/// Exchanges a handler keeps to answer later.
private final class HeldExchanges: @unchecked Sendable {
    // Sendable proof: every access holds `lock`.
    private let lock = NSLock()
    private var held: [HTTPExchange] = []
    private let added = DispatchSemaphore(value: 0)

    func add(_ exchange: HTTPExchange) {
        lock.withLock { held.append(exchange) }
        added.signal()
    }

    func waitForOne() -> Bool { added.wait(timeout: .now() + 20) == .success }
    var first: HTTPExchange? { lock.withLock { held.first } }
}

extension RawClient {
    /// What has arrived and not been read, without waiting.
    func readAvailable() -> String {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Every byte until the server closes (or 30 s pass without one).
    func readAllBytes() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}

/// A loopback client whose receive buffer, and its server-side peer's send buffer, are as small
/// as the system allows: the server's writes fill the socket at once, as a slow reader's do.
final class SmallBufferClient {
    let fd: Int32

    init(port: UInt16) throws {
        var small: Int32 = 4096
        guard let fd = loopbackSocket(port: port, receiveBuffer: small) else { throw POSIXError(.ECONNREFUSED) }
        self.fd = fd
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // The server runs in this process: its end of the connection is the descriptor whose
        // peer is this client's address.
        Thread.sleep(forTimeInterval: 0.1)
        var mine = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &mine) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        for candidate in Int32(3)..<Int32(4096) where candidate != fd {
            var peer = sockaddr_in()
            var peerSize = socklen_t(MemoryLayout<sockaddr_in>.size)
            let found = withUnsafeMutablePointer(to: &peer) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(candidate, $0, &peerSize) } }
            if found == 0 && peer.sin_family == sa_family_t(AF_INET) && peer.sin_port == mine.sin_port && peer.sin_addr.s_addr == mine.sin_addr.s_addr {
                setsockopt(candidate, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
                return
            }
        }
        Issue.record("the server's end of the connection was not found")
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads `chunk` bytes at a time with a pause after each, until the server closes, 5 s pass
    /// without a byte, `limit` bytes are read, or what is read ends with `until`.
    func readSlowly(chunk: Int, pauseMicroseconds: UInt32, limit: Int = .max, until end: [UInt8] = []) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while out.count < limit && (end.isEmpty || !out.reversed().starts(with: end.reversed())) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, limit - out.count), 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
            if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
        }
        return out
    }

    deinit { close(fd) }
}

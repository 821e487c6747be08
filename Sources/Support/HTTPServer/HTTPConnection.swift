#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glibc
import BridgeSystem

/// One accepted connection: reads requests, hands them to the handler in order, writes each
/// answer, and enforces the idle and request timeouts. Runs on its own thread.
struct HTTPConnection {
    /// The body size above which a response's head and body are written apart.
    static let separateBody = 64 << 10

    let fd: Int32
    let limits: HTTPLimits
    let keepAliveInterval: Double
    let handler: HTTPServer.Handler
    let load: HTTPLoad

    func run() {
        let writer = HTTPConnectionWriter(fd: fd)
        var timeout = timeval(tv_sec: 0, tv_usec: 500_000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var parser = HTTPRequestParser(limits: limits)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var lastActivity = Date()
        var requestStarted: Date? = nil
        while true {
            // Serve what is already buffered (pipelined requests) before reading more.
            while let event = parser.next() {
                switch event {
                case .continueExpected:
                    guard writer.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
                case .failure(let error):
                    _ = writer.write(HTTPResponse.text(error.status, error.message).serialized(keepAlive: false))
                    return
                case .request(let request):
                    requestStarted = nil
                    guard serve(request, writer: writer) else { return }
                    lastActivity = Date()
                }
            }
            if parser.isInsideRequest && requestStarted == nil { requestStarted = lastActivity }
            let now = Date()
            // Under pressure a slow or idle connection gets `pressuredTimeout`, not the full
            // timeouts: 64 dripping clients can no longer hold every connection for 30 s.
            let pressured = limits.underPressure(load.open.load(ordering: .relaxed))
            let idle = pressured ? min(limits.idleTimeout, limits.pressuredTimeout) : limits.idleTimeout
            let whole = pressured ? min(limits.requestTimeout, limits.pressuredTimeout) : limits.requestTimeout
            var deadline = lastActivity.addingTimeInterval(idle)
            if let started = requestStarted { deadline = min(deadline, started.addingTimeInterval(whole)) }
            let wait = deadline.timeIntervalSince(now)
            if wait <= 0 {
                if parser.isInsideRequest {
                    let message = requestStarted.map { now.timeIntervalSince($0) >= whole } == true
                        ? "the request did not arrive within \(Int(whole)) s\(pressured ? " (the bridge is busy)" : ""); send it whole, at once"
                        : "no bytes for \(Int(idle)) s inside a request; send it whole, at once"
                    _ = writer.write(HTTPResponse.text(.requestTimeout, message).serialized(keepAlive: false))
                }
                return
            }
            // Wake at least every half second to see whether pressure shortened the deadline:
            // a read that gives up after 0.5 s (SO_RCVTIMEO, set below) when the deadline is
            // further, one system call per read where poll and recv made two.
            if wait < 0.5 {
                guard waitReadable(seconds: wait) else { continue }
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            if n <= 0 { return }
            lastActivity = Date()
            if !parser.isInsideRequest { requestStarted = lastActivity }
            chunk.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// Hands `request` to the handler and writes its answer. Returns whether the connection
    /// stays open for another request.
    private func serve(_ request: HTTPRequest, writer: HTTPConnectionWriter) -> Bool {
        let exchange = HTTPExchange(request: request, connection: writer,
                                    admitsStream: load.streams.load(ordering: .relaxed) < limits.maxStreams, maxStreams: limits.maxStreams)
        handler(exchange)
        switch exchange.waitForAnswer() {
        case .response(let response):
            let keepAlive = request.keepAlive && !response.headers.contains("Connection", token: "close")
            let headOnly = request.method == "HEAD"
            if response.body.count > HTTPConnection.separateBody && !headOnly {
                // A large body is written after its head, not copied into one buffer with it.
                guard writer.write(response.serialized(keepAlive: keepAlive, omitBody: true)),
                      writer.write(response.body) else { return false }
                return keepAlive
            }
            guard writer.write(response.serialized(keepAlive: keepAlive, omitBody: headOnly)) else { return false }
            if let file = response.file, !headOnly {
                // A file that cannot be read to its announced length ends the connection: the
                // client sees a short body, never another response's bytes in its place.
                guard HTTPConnection.send(file, writer: writer) else { return false }
            }
            return keepAlive
        case .stream(let head, let stream):
            // Counted before its head is written: a client that has read the head and opens
            // another stream at once must find this one counted (the cap held only by luck else).
            load.streams.add(1, ordering: .relaxed)
            defer { load.streams.subtract(1, ordering: .relaxed) }
            guard writer.write(head.serialized(keepAlive: false, streaming: true)) else {
                stream.close()
                return false
            }
            stream.markStarted()
            holdStream(stream, writer: writer)
            return false
        }
    }

    /// Writes a file body in 64 KiB reads; `false` when the file ends early or the peer is gone.
    static func send(_ file: HTTPFileBody, writer: HTTPConnectionWriter) -> Bool {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard lseek(fd, off_t(file.offset), SEEK_SET) == off_t(file.offset) else { return false }
        var left = file.length
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, left)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            guard writer.write(Array(buffer[0..<n])) else { return false }
            left -= n
        }
        return true
    }

    /// Keeps a streaming connection until the client leaves or the stream is closed, writing an
    /// SSE comment every `keepAliveInterval` so a vanished client is noticed.
    private func holdStream(_ stream: HTTPEventStream, writer: HTTPConnectionWriter) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        var nextBeat = Date().addingTimeInterval(keepAliveInterval)
        while stream.isOpen {
            let wait = nextBeat.timeIntervalSinceNow
            if wait <= 0 {
                if !stream.send(Array(": keep-alive\n\n".utf8)) { break }
                nextBeat = Date().addingTimeInterval(keepAliveInterval)
                continue
            }
            let (readable, woken) = waitReadable(seconds: min(wait, 1), orWoken: stream.wakeDescriptor)
            if woken || stream.wakeDescriptor < 0 { stream.drainIfWoken() }
            guard readable else { continue }
            // A client of an event stream sends nothing more: bytes or EOF both end it.
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
        stream.close()
    }

    /// Waits until the socket is readable (or closed); `false` on timeout.
    private func waitReadable(seconds: Double) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(1, min(seconds * 1000, 1_000_000)))
        let rc = poll(&pfd, 1, ms)
        return rc > 0
    }

    /// Waits until the socket is readable (or closed) or `wake` is (a stream has bytes to
    /// write); both `false` on timeout.
    private func waitReadable(seconds: Double, orWoken wake: Int32) -> (readable: Bool, woken: Bool) {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ms = Int32(max(1, min(seconds * 1000, 1_000_000)))
        guard poll(&fds, wake >= 0 ? 2 : 1, ms) > 0 else { return (false, false) }
        return (fds[0].revents != 0, wake >= 0 && fds[1].revents != 0)
    }
}

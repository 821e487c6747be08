#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeSocketSet
import BridgeSystem
import Synchronization

/// One thread serving its share of a server's connections with epoll: it reads what the
/// sockets have, hands whole requests to the handler, and writes answers as the sockets take
/// them, never waiting on one client. A turn reads every ready socket, then writes what the turn
/// produced: first the event streams' bytes (each stream in one system call, however many
/// calls sent to it), then the answers.
///
/// Other threads reach a loop only through `post` (an answer given later, a stream's queue to
/// write, a connection to adopt), which wakes it.
final class HTTPEventLoop: @unchecked Sendable {
    // Sendable proof: `set`'s wake-up and `inbox` are safe from any thread; every other field
    // is read and written on the loop's thread only (`run`).

    /// Work other threads hand to the loop.
    enum Job {
        case adopt(Int32)
        case answered(HTTPConnection, HTTPExchange)
        case drain(HTTPConnection)
    }

    /// The server's rules, shared by its loops.
    struct Context: Sendable {
        let limits: HTTPLimits
        let keepAliveInterval: Double
        let handler: HTTPServer.Handler
        let load: HTTPLoad
    }

    /// The most bytes of answers gathered for one connection before it stops reading requests
    /// (a client pipelining many requests waits until it reads their answers).
    static let maxGathered = 256 << 10
    /// A body above this size is written after its head, not copied into one buffer with it.
    static let separateBody = 64 << 10

    let context: Context
    private let set: OpaquePointer
    /// Jobs posted and not yet done, and whether the loop has ended (then none is taken).
    private let inbox = SharedLock<(jobs: [Job], ended: Bool)>(([], false))
    /// The connections given to this loop and not closed yet: for the acceptor to choose the
    /// least busy loop (counted when given, before the loop has adopted them).
    let served = Atomic<Int>(0)
    /// Set by `HTTPServer.stop()`: the loop ends once it serves no connection.
    let stopping = Atomic<Bool>(false)
    /// The listening socket, on the loop that accepts (`-1` on the others).
    private var listener: Int32 = -1
    private var acceptPausedUntil = 0.0
    /// Chooses the loop that takes an accepted connection.
    private var assign: ((Int32) -> Void)?

    private var connections: [HTTPConnection?] = []
    private var streamsToWrite: [HTTPEventStream] = []
    private var connectionsToWrite: [HTTPConnection] = []
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private var now = 0.0
    private var nextSweep = Double.infinity

    init(context: Context) throws(HTTPServerError) {
        var why = [CChar](repeating: 0, count: 256)
        guard let set = bridge_socket_set_new(&why, UInt(why.count)) else {
            throw HTTPServerError(message: String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.set = set
        self.context = context
    }

    /// Makes this loop the one that accepts on `listener`, handing each connection to `assign`.
    func accept(on listener: Int32, assign: @escaping (Int32) -> Void) {
        self.listener = listener
        self.assign = assign
    }

    /// Starts the loop's thread.
    func start() {
        Threads.detach(stackSize: 8 << 20) { [self] in run() }
    }

    deinit {
        // Freed with the last reference, not when the thread ends: a stream a page still holds
        // may wake a loop that has stopped, which is then harmless.
        bridge_socket_set_free(set)
    }

    /// Hands `job` to the loop and wakes it. Safe from any thread. Returns `false` when the
    /// loop has ended (after `stop`): the job is dropped.
    @discardableResult
    func post(_ job: Job) -> Bool {
        let taken = inbox.withLock { inbox -> Bool in
            guard !inbox.ended else { return false }
            inbox.jobs.append(job)
            return true
        }
        if taken { bridge_socket_set_wake(set) }
        return taken
    }

    /// Wakes the loop (to see `stopping`).
    func wake() { bridge_socket_set_wake(set) }

    // MARK: - The loop's thread

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The loop whose thread this is (`nil` on any other thread).
    static var current: HTTPEventLoop? {
        guard let raw = pthread_getspecific(currentKey) else { return nil }
        return Unmanaged<HTTPEventLoop>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Lists `stream` for a write at the end of this turn (its queue holds what the turn sent).
    func writeAtEndOfTurn(_ stream: HTTPEventStream) {
        streamsToWrite.append(stream)
    }

    private func run() {
        pthread_setspecific(HTTPEventLoop.currentKey, Unmanaged.passUnretained(self).toOpaque())
        if listener >= 0 { _ = bridge_socket_set_watch(set, listener, Int32(BRIDGE_SOCKET_READ), 0) }
        var events = [bridge_socket_event](repeating: bridge_socket_event(), count: 64)
        now = HTTPEventLoop.monotonic()
        while true {
            if nextSweep != .infinity { now = HTTPEventLoop.monotonic() }
            let timeout = nextSweep == .infinity ? -1 : Int32(max(0, min((nextSweep - now) * 1000 + 1, 1_000_000)))
            let n = bridge_socket_set_wait(set, &events, Int32(events.count), timeout)
            now = HTTPEventLoop.monotonic()
            for i in 0..<Int(n) {
                let fd = events[i].fd
                if fd == listener {
                    acceptReady()
                } else if Int(fd) < connections.count, let connection = connections[Int(fd)] {
                    ready(connection, events[i].ready)
                }
            }
            for job in inbox.withLock({ inbox -> [Job] in defer { inbox.jobs = [] }; return inbox.jobs }) { perform(job) }
            if now >= nextSweep || stopping.load(ordering: .relaxed) { sweep() }
            endTurn()
            if stopping.load(ordering: .relaxed) {
                if listener >= 0 {
                    _ = bridge_socket_set_watch(set, listener, 0, 1)
                    Glibc.close(listener)
                    listener = -1
                }
                if served.load(ordering: .relaxed) == 0, endIfIdle() { break }
            }
        }
        pthread_setspecific(HTTPEventLoop.currentKey, nil)
        assign = nil  // it holds every loop: the loops can go once their threads have ended
    }

    /// Ends the loop unless a job came in meanwhile: from now on, `post` refuses jobs.
    private func endIfIdle() -> Bool {
        inbox.withLock { inbox -> Bool in
            guard inbox.jobs.isEmpty else { return false }
            inbox.ended = true
            return true
        }
    }

    private static func monotonic() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private func perform(_ job: Job) {
        switch job {
        case .adopt(let fd):
            adopt(fd)
        case .answered(let connection, let exchange):
            guard let answer = exchange.take() else { return }
            guard !connection.closed, case .waiting(let waiting) = connection.phase, waiting === exchange else {
                // The connection is gone: a stream opened for it is closed (its `onClose` runs).
                if case .stream(_, let stream) = answer { stream.close() }
                return
            }
            apply(answer, of: exchange.request, to: connection)
            serve(connection)
        case .drain(let connection):
            // Before its head is out, the stream's queue waits for `markStarted`.
            guard !connection.closed, case .streaming(let stream) = connection.phase, connection.streamStarted else { return }
            drained(connection, stream.writeQueued())
        }
    }

    // MARK: Accepting

    private func acceptReady() {
        guard now >= acceptPausedUntil else { return }
        // A few at a time: connections arriving together spread over the loops.
        for _ in 0..<16 {
            let fd = bridge_socket_accept(listener)
            if fd < 0 {
                if errno == EMFILE || errno == ENFILE {
                    // No descriptor left: accepting waits a moment instead of spinning.
                    acceptPausedUntil = now + 0.05
                    _ = bridge_socket_set_watch(set, listener, 0, 1)
                    nextSweep = min(nextSweep, acceptPausedUntil)
                }
                return
            }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let limit = context.limits.maxConnections
            guard context.load.open.add(1, ordering: .relaxed).newValue <= limit else {
                refuse(fd, "the bridge has \(limit) open connections, its limit; close idle ones (or reuse them with keep-alive) and retry")
                context.load.open.subtract(1, ordering: .relaxed)
                continue
            }
            assign?(fd)
        }
    }

    /// Answers a connection 503 with `message` and closes it.
    private func refuse(_ fd: Int32, _ message: String) {
        _ = HTTPConnectionWriter(fd: fd).writeAvailable(HTTPResponse.text(.serviceUnavailable, message).serialized(keepAlive: false))
        Glibc.close(fd)
    }

    /// Takes `fd` (counted in the server's open connections) as one of this loop's, on its
    /// thread (the acceptor adopts its own share directly, the others through `post`).
    func adopt(_ fd: Int32) {
        let connection = HTTPConnection(fd: fd, loop: self, limits: context.limits, now: now)
        let index = Int(fd)
        if index >= connections.count { connections += [HTTPConnection?](repeating: nil, count: index + 1 - connections.count) }
        connections[index] = connection
        watch(connection)
        nextSweep = min(nextSweep, now + 0.5)
    }

    // MARK: Reading and answering

    private func ready(_ connection: HTTPConnection, _ ready: Int32) {
        if ready & Int32(BRIDGE_SOCKET_WRITE) != 0 || (ready & Int32(BRIDGE_SOCKET_ERROR) != 0 && connection.watching & Int32(BRIDGE_SOCKET_WRITE) != 0) {
            write(connection)
            if connection.closed { return }
        }
        // Read only in the phases that watch for it (reading, a stream).
        guard ready & Int32(BRIDGE_SOCKET_READ | BRIDGE_SOCKET_ERROR) != 0, connection.watching & Int32(BRIDGE_SOCKET_READ) != 0 else { return }
        let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return }
        switch connection.phase {
        case .streaming:
            // A client of an event stream sends nothing more: bytes or EOF both end it.
            close(connection)
        case .reading:
            guard n > 0 else {
                guard n == 0 else { return close(connection) }
                // The client half-closed: what it sent is answered and written, then closed
                // (`printf … | nc -N`, an HTTP/1.0 script).
                connection.peerClosed = true
                return serve(connection)
            }
            connection.lastActivity = now
            if !connection.parser.isInsideRequest { connection.requestStarted = now }
            chunk.withUnsafeBytes { connection.parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            serve(connection)
        case .waiting, .sendingFile, .closing:
            break
        }
    }

    /// Answers the requests the connection has buffered, in order, while its answers are
    /// given at once and gathered output stays under `maxGathered`.
    private func serve(_ connection: HTTPConnection) {
        while case .reading = connection.phase, !connection.closed,
              connection.out.count < HTTPEventLoop.maxGathered, connection.tail.isEmpty,
              let event = connection.parser.next() {
            switch event {
            case .continueExpected:
                connection.out.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
            case .failure(let error):
                HTTPResponse.text(error.status, error.message).write(to: &connection.out, keepAlive: false)
                connection.phase = .closing
            case .request(let request):
                connection.requestStarted = nil
                let load = context.load
                let exchange = HTTPExchange(request: request, connection: connection,
                                            admitsStream: load.streams.load(ordering: .relaxed) < context.limits.maxStreams,
                                            maxStreams: context.limits.maxStreams)
                connection.phase = .waiting(exchange)
                context.handler(exchange)
                if let answer = exchange.answerOrArm() { apply(answer, of: request, to: connection) }
            }
        }
        if connection.closed { return }
        if connection.parser.isInsideRequest && connection.requestStarted == nil { connection.requestStarted = connection.lastActivity }
        if connection.hasOutput { listForWrite(connection) }
        if connection.peerClosed, !connection.hasOutput, case .reading = connection.phase {
            // Everything the client sent before it half-closed is answered and written.
            return close(connection)
        }
        watch(connection)
    }

    /// Puts `answer` to `request` in the connection's output and moves it on.
    private func apply(_ answer: HTTPExchange.Answer, of request: HTTPRequest, to connection: HTTPConnection) {
        connection.lastActivity = now
        switch answer {
        case .response(let response):
            let keepAlive = request.keepAlive && !response.headers.contains(.connection, token: "close")
            let headOnly = request.method == "HEAD"
            if response.body.count > HTTPEventLoop.separateBody && !headOnly {
                response.write(to: &connection.out, keepAlive: keepAlive, omitBody: true)
                connection.tail = response.body
            } else {
                response.write(to: &connection.out, keepAlive: keepAlive, omitBody: headOnly)
            }
            if let file = response.file, !headOnly {
                // A file that cannot be opened ends the connection after its head: the client
                // sees a short body, never another response's bytes in its place.
                guard file.length > 0 else {
                    connection.phase = keepAlive ? .reading : .closing
                    break
                }
                guard let fd = HTTPConnection.open(file) else {
                    connection.phase = .closing
                    break
                }
                connection.phase = .sendingFile(.init(fd: fd, left: file.length, keepAlive: keepAlive))
            } else {
                connection.phase = keepAlive ? .reading : .closing
            }
        case .stream(let head, let stream):
            // Counted before its head is written: a client that has read the head and opens
            // another stream at once must find this one counted.
            context.load.streams.add(1, ordering: .relaxed)
            head.write(to: &connection.out, keepAlive: false, streaming: true)
            connection.phase = .streaming(stream)
            connection.nextBeat = now + context.keepAliveInterval
            nextSweep = min(nextSweep, connection.nextBeat)
        }
        listForWrite(connection)
    }

    // MARK: Writing

    private func listForWrite(_ connection: HTTPConnection) {
        guard !connection.listedForWrite else { return }
        connection.listedForWrite = true
        connectionsToWrite.append(connection)
    }

    /// The turn's writes: the streams' bytes first (a page learns of a call before its answer
    /// arrives), then the answers.
    private func endTurn() {
        while !streamsToWrite.isEmpty || !connectionsToWrite.isEmpty {
            let streams = streamsToWrite
            streamsToWrite.removeAll(keepingCapacity: true)
            for stream in streams { stream.endTurn() }
            let listed = connectionsToWrite
            connectionsToWrite.removeAll(keepingCapacity: true)
            for connection in listed {
                connection.listedForWrite = false
                if !connection.closed { write(connection) }
            }
        }
    }

    /// Writes what the connection has waiting, and moves it on once all is written.
    private func write(_ connection: HTTPConnection) {
        while true {
            guard let written = connection.writeOutput() else { return close(connection) }
            if connection.hasOutput {
                // The clock of a stalled reader starts again with every byte it takes.
                if connection.blockedSince == nil || written > 0 { connection.blockedSince = now }
                nextSweep = min(nextSweep, now + 0.5)
                return watch(connection)
            }
            connection.blockedSince = nil
            switch connection.phase {
            case .sendingFile(var file):
                if file.left == 0 {
                    Glibc.close(file.fd)
                    connection.phase = file.keepAlive ? .reading : .closing
                    continue
                }
                guard connection.readFile(&file) else {
                    Glibc.close(file.fd)
                    connection.phase = .closing
                    return close(connection)
                }
                connection.phase = .sendingFile(file)
            case .closing:
                return close(connection)
            case .streaming(let stream):
                // The head is out: the stream's queue follows it.
                guard connection.streamStarted else {
                    connection.streamStarted = true
                    return drained(connection, stream.markStarted())
                }
                return drained(connection, stream.writeQueued())
            case .reading:
                // Requests held back while answers gathered are answered now.
                return serve(connection)
            case .waiting:
                return watch(connection)
            }
        }
    }

    /// What a write of a stream's queue left: room is awaited, or the stream is over.
    private func drained(_ connection: HTTPConnection, _ outcome: HTTPEventStream.Drained) {
        switch outcome {
        case .closed:
            close(connection)
        case .blocked(let progressed):
            if connection.blockedSince == nil || progressed { connection.blockedSince = now }
            nextSweep = min(nextSweep, now + 0.5)
            watch(connection)
        case .idle:
            connection.blockedSince = nil
            watch(connection)
        }
    }

    /// Watches the socket for what the connection's phase needs.
    private func watch(_ connection: HTTPConnection) {
        guard !connection.closed else { return }
        var wanted: Int32 = 0
        switch connection.phase {
        case .reading:
            if connection.out.count < HTTPEventLoop.maxGathered && connection.tail.isEmpty && !connection.peerClosed {
                wanted |= Int32(BRIDGE_SOCKET_READ)
            }
        case .streaming:
            wanted |= Int32(BRIDGE_SOCKET_READ)
        case .waiting, .sendingFile, .closing:
            break
        }
        if connection.blockedSince != nil { wanted |= Int32(BRIDGE_SOCKET_WRITE) }
        guard wanted != connection.watching else { return }
        _ = bridge_socket_set_watch(set, connection.fd, wanted, connection.watching != 0 ? 1 : 0)
        connection.watching = wanted
    }

    private func close(_ connection: HTTPConnection) {
        guard !connection.closed else { return }
        connection.closed = true
        switch connection.phase {
        case .streaming(let stream):
            // A connection leaves this phase only here: it was counted when it entered it.
            stream.close()
            context.load.streams.subtract(1, ordering: .relaxed)
        case .sendingFile(let file): Glibc.close(file.fd)
        case .reading, .waiting, .closing: break
        }
        if connection.watching != 0 { _ = bridge_socket_set_watch(set, connection.fd, 0, 1) }
        connection.writer.closeDescriptor()
        connections[Int(connection.fd)] = nil
        // The phase held the exchange or stream, which hold the connection: let both go.
        connection.phase = .closing
        served.subtract(1, ordering: .relaxed)
        context.load.open.subtract(1, ordering: .relaxed)
    }

    // MARK: Time

    /// Closes connections past their deadlines, sends streams' keep-alive comments, and sets
    /// when to look again (at the latest in half a second: pressure can shorten a deadline).
    private func sweep() {
        let limits = context.limits
        // Under pressure a slow or idle connection gets `pressuredTimeout`, not the full
        // timeouts: 64 dripping clients can no longer hold every connection for 30 s.
        let pressured = limits.underPressure(context.load.open.load(ordering: .relaxed))
        let idle = pressured ? min(limits.idleTimeout, limits.pressuredTimeout) : limits.idleTimeout
        let whole = pressured ? min(limits.requestTimeout, limits.pressuredTimeout) : limits.requestTimeout
        var next = now + 0.5
        if listener >= 0 && acceptPausedUntil > 0 {
            if now >= acceptPausedUntil {
                acceptPausedUntil = 0
                _ = bridge_socket_set_watch(set, listener, Int32(BRIDGE_SOCKET_READ), 0)
            } else {
                next = min(next, acceptPausedUntil)
            }
        }
        var any = false
        for case let connection? in connections where !connection.closed {
            any = true
            if stopping.load(ordering: .relaxed), case .reading = connection.phase, !connection.parser.isInsideRequest,
               !connection.hasOutput {
                // A stopped server closes connections between requests.
                close(connection)
                continue
            }
            if let since = connection.blockedSince {
                // A client that takes no byte for the idle timeout (an event stream's reader
                // for `sendTimeoutSeconds`) is dropped.
                let patience = connection.streamStarted ? HTTPEventStream.sendTimeoutSeconds : idle
                if now - since >= patience {
                    close(connection)
                    continue
                }
                next = min(next, since + patience)
            }
            switch connection.phase {
            case .reading where !connection.hasOutput:
                var deadline = connection.lastActivity + idle
                if let started = connection.requestStarted { deadline = min(deadline, started + whole) }
                if now >= deadline {
                    if connection.parser.isInsideRequest {
                        let tooLong = connection.requestStarted.map { now - $0 >= whole } == true
                        let message = tooLong
                            ? "the request did not arrive within \(Int(whole)) s\(pressured ? " (the bridge is busy)" : ""); send it whole, at once"
                            : "no bytes for \(Int(idle)) s inside a request; send it whole, at once"
                        HTTPResponse.text(.requestTimeout, message).write(to: &connection.out, keepAlive: false)
                        connection.phase = .closing
                        write(connection)
                    } else {
                        close(connection)
                    }
                    continue
                }
                next = min(next, deadline)
            case .streaming(let stream):
                if now >= connection.nextBeat {
                    connection.nextBeat = now + context.keepAliveInterval
                    guard stream.send(Array(": keep-alive\n\n".utf8)) else {
                        close(connection)
                        continue
                    }
                }
                next = min(next, max(connection.nextBeat, now + 0.01))
            case .reading, .waiting, .sendingFile, .closing:
                break
            }
        }
        nextSweep = any || acceptPausedUntil > 0 ? next : .infinity
    }
}

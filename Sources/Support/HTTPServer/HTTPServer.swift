#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// Why the server could not start listening.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// A small HTTP/1.1 server on one listening socket, served by a few event loops (one per core,
/// at most four; `HTTPEventLoop`): the first accepts and gives each connection (at most
/// `limits.maxConnections`) to the loop with the fewest, which reads its requests with
/// `HTTPRequestParser` and hands each to the handler, one at a time per connection, in order
/// (pipelined requests wait their turn). No thread waits on a client: a connection costs its
/// buffers, not a thread.
///
/// - Important: Every connection is bounded by `limits`: a head or body over the caps is refused
///   with 431/413, a connection silent for `idleTimeout` is closed, a request not complete within
///   `requestTimeout` of its first byte is answered 408 and closed, a client that takes no byte
///   of its answer for `idleTimeout` is closed, and one connection over `maxConnections` is
///   answered 503 and closed. Refusals carry a `text/plain` body that says what to do.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPExchange) -> Void

    /// The address the socket is bound to (`127.0.0.1`, `::1`).
    public let host: String
    /// The bound port (the one the system picked when asked for 0).
    public let port: UInt16
    public let limits: HTTPLimits
    private let listener: Int32
    private let loops: [HTTPEventLoop]
    /// The connections and event streams open now, which every loop reads.
    private let load: HTTPLoad
    private let started = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    /// Binds `host` (an IPv4 or IPv6 literal) and `port` (0: any free port) and starts listening.
    /// - Throws: `HTTPServerError` when the address is not a literal or cannot be bound.
    /// `keepAliveInterval`: how often an event stream gets an SSE comment, so a vanished client
    /// is noticed. `loops`: the event loops (default: one per core, at most four).
    public init(host: String, port: UInt16, limits: HTTPLimits = HTTPLimits(), keepAliveInterval: Double = 15,
                loops: Int? = nil, handler: @escaping Handler) throws(HTTPServerError) {
        self.host = host
        self.limits = limits
        let load = HTTPLoad()
        self.load = load
        let context = HTTPEventLoop.Context(limits: limits, keepAliveInterval: keepAliveInterval, handler: handler, load: load)
        let count = loops ?? min(4, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        var made: [HTTPEventLoop] = []
        for _ in 0..<max(1, count) { made.append(try HTTPEventLoop(context: context)) }
        self.loops = made
        var v4 = in_addr()
        var v6 = in6_addr()
        let fd: Int32
        let boundPort: UInt16
        if inet_pton(AF_INET, host, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            (fd, boundPort) = try HTTPServer.bindSocket(family: AF_INET, address: address, host: host, port: port) {
                UInt16(bigEndian: $0.sin_port)
            }
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            (fd, boundPort) = try HTTPServer.bindSocket(family: AF_INET6, address: address, host: host, port: port) {
                UInt16(bigEndian: $0.sin6_port)
            }
        } else {
            throw HTTPServerError(message: "'\(host)' is not an IP address literal")
        }
        guard listen(fd, 128) == 0 else { throw HTTPServer.bindError(fd, host: host, port: port) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        listener = fd
        self.port = boundPort
    }

    /// A new stream socket of `family` bound to `address` (a `sockaddr_in` or `sockaddr_in6`),
    /// with the port the kernel gave it (`portOf` reads it from the bound address).
    private static func bindSocket<Address>(family: Int32, address: Address, host: String, port: UInt16,
                                            portOf: (Address) -> UInt16) throws(HTTPServerError) -> (Int32, UInt16) {
        // Close-on-exec: `plugin:process|restart` starts the bridge again in place (`execv`).
        let fd = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError(message: "cannot create a socket: \(String(cString: strerror(errno)))") }
        reuseAddress(fd)
        var address = address
        let size = socklen_t(MemoryLayout<Address>.size)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard rc == 0 else { throw bindError(fd, host: host, port: port) }
        var bound = address
        var boundSize = size
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &boundSize) }
        }
        return (fd, portOf(bound))
    }

    private static func reuseAddress(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func bindError(_ fd: Int32, host: String, port: UInt16) -> HTTPServerError {
        let reason = String(cString: strerror(errno))
        close(fd)
        return HTTPServerError(message: "cannot listen on \(host):\(port): \(reason)")
    }

    /// The number of open connections.
    public var openConnections: Int { load.open.load(ordering: .relaxed) }

    /// Starts the loops: the server accepts connections from now on.
    public func start() {
        guard !stopped.load(ordering: .relaxed), !started.exchange(true, ordering: .relaxed) else { return }
        let loops = loops
        let acceptor = loops[0]
        acceptor.accept(on: listener) { fd in
            // The least busy loop takes it, counted at once so a burst spreads.
            let loop = loops.min { $0.served.load(ordering: .relaxed) < $1.served.load(ordering: .relaxed) }!
            loop.served.add(1, ordering: .relaxed)
            if loop !== acceptor {
                if loop.post(.adopt(fd)) { return }
                // That loop has ended (the server is stopping): the acceptor keeps it.
                loop.served.subtract(1, ordering: .relaxed)
                acceptor.served.add(1, ordering: .relaxed)
            }
            acceptor.adopt(fd)
        }
        for loop in loops { loop.start() }
    }

    /// Stops accepting at once (the port is free for another server); connections between
    /// requests are closed, and the others once their exchange or stream ends.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        if !started.load(ordering: .relaxed) {
            close(listener)
            return
        }
        // Listening ends now; the accepting loop closes the descriptor (it may be in accept).
        _ = shutdown(listener, Int32(SHUT_RDWR))
        for loop in loops {
            loop.stopping.store(true, ordering: .relaxed)
            loop.wake()
        }
    }
}

/// What is open on a server: connections, and event streams among them.
final class HTTPLoad: Sendable {
    let open = Atomic<Int>(0)
    let streams = Atomic<Int>(0)
}

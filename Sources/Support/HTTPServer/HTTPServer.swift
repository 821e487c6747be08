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

/// A small HTTP/1.1 server on one listening socket: a thread accepts, a thread per connection
/// (at most `limits.maxConnections`) reads requests with `HTTPRequestParser` and hands each to
/// the handler, one at a time per connection, in order (pipelined requests wait their turn).
///
/// - Important: Every connection is bounded by `limits`: a head or body over the caps is refused
///   with 431/413, a connection silent for `idleTimeout` is closed, a request not complete within
///   `requestTimeout` of its first byte is answered 408 and closed, and one connection over
///   `maxConnections` is answered 503 and closed. Refusals carry a `text/plain` body that says
///   what to do.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPExchange) -> Void

    /// The address the socket is bound to (`127.0.0.1`, `::1`).
    public let host: String
    /// The bound port (the one the system picked when asked for 0).
    public let port: UInt16
    public let limits: HTTPLimits
    private let listener: Int32
    private let handler: Handler
    /// The connections and event streams open now, which every connection reads.
    private let load = HTTPLoad()
    private let stopped = Atomic<Bool>(false)
    /// How often a streaming connection writes an SSE comment, so a vanished client is noticed.
    private let keepAliveInterval: Double

    /// Binds `host` (an IPv4 or IPv6 literal) and `port` (0: any free port) and starts listening.
    /// - Throws: `HTTPServerError` when the address is not a literal or cannot be bound.
    public init(host: String, port: UInt16, limits: HTTPLimits = HTTPLimits(), keepAliveInterval: Double = 15,
                handler: @escaping Handler) throws(HTTPServerError) {
        self.host = host
        self.limits = limits
        self.handler = handler
        self.keepAliveInterval = keepAliveInterval
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

    /// Starts accepting connections on a background thread.
    public func start() {
        Threads.detach { [self] in acceptLoop() }
    }

    /// Stops accepting; open connections finish their current exchange.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        _ = shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                    if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                    continue
                }
                return
            }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if load.open.add(1, ordering: .relaxed).newValue > limits.maxConnections {
                let refusal = HTTPResponse.text(.serviceUnavailable,
                    "the bridge has \(limits.maxConnections) open connections, its limit; close idle ones (or reuse them with keep-alive) and retry")
                _ = HTTPConnectionWriter(fd: fd).write(refusal.serialized(keepAlive: false))
                close(fd)
                load.open.subtract(1, ordering: .relaxed)
                continue
            }
            let started = Threads.tryDetach(stackSize: 1 << 20) { [self] in
                HTTPConnection(fd: fd, limits: limits, keepAliveInterval: keepAliveInterval, handler: handler, load: load).run()
                close(fd)
                load.open.subtract(1, ordering: .relaxed)
            }
            if !started {
                // The system has no thread left for it: refused as over the connection limit is.
                let refusal = HTTPResponse.text(.serviceUnavailable,
                    "the bridge cannot start a thread for this connection (the system refused one); close idle connections and retry")
                _ = HTTPConnectionWriter(fd: fd).write(refusal.serialized(keepAlive: false))
                close(fd)
                load.open.subtract(1, ordering: .relaxed)
            }
        }
    }
}

/// What is open on a server: connections, and event streams among them.
final class HTTPLoad: Sendable {
    let open = Atomic<Int>(0)
    let streams = Atomic<Int>(0)
}

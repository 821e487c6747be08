#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeSystem

/// One accepted connection, served by one event loop: the requests it reads, in order, and
/// what is left to write of their answers. Every field is read and written on its loop's thread.
final class HTTPConnection: @unchecked Sendable {
    // Sendable proof: other threads hold a connection only to post it back to its loop
    // (`HTTPEventLoop.post`) and to reach `writer` and `loop`, which are Sendable and immutable.

    /// Where the connection is between its requests.
    enum Phase {
        /// Reading and answering requests.
        case reading
        /// The handler has a request and has not answered yet: nothing more is read.
        case waiting(HTTPExchange)
        /// Writing a file body as the socket takes it, then reading again or closing.
        case sendingFile(FileBody)
        /// An event stream: the socket is read only to learn that the client left.
        case streaming(HTTPEventStream)
        /// Writing what is left, then closing.
        case closing
    }

    /// A file body being written: its descriptor, the bytes left, and what follows it.
    struct FileBody {
        let fd: Int32
        var left: Int
        let keepAlive: Bool
    }

    let fd: Int32
    let writer: HTTPConnectionWriter
    /// Its loop, held: a stream or an exchange outliving the server can still post to it.
    let loop: HTTPEventLoop
    var parser: HTTPRequestParser
    var phase = Phase.reading
    /// Answers to write, in order, and how much of them is written.
    var out: [UInt8] = []
    var outWritten = 0
    /// A large body written after `out`, not copied into it.
    var tail: [UInt8] = []
    var tailWritten = 0
    /// Since when the socket has taken no byte while some wait (`nil`: it took them all, or it
    /// is taking them): a client that reads, however slowly, is never cut off.
    var blockedSince: Double?
    /// Whether an event stream's head is written (its queue then follows).
    var streamStarted = false
    var lastActivity: Double
    /// When the request being read began (`nil`: none is).
    var requestStarted: Double?
    /// When a stream's next keep-alive comment is due.
    var nextBeat = Double.infinity
    /// What the loop watches the socket for now (`BRIDGE_SOCKET_READ`, `_WRITE`).
    var watching: Int32 = 0
    /// Whether it is listed for the end of the turn's writes.
    var listedForWrite = false
    /// Whether the client has half-closed (no more requests): what it sent is still answered,
    /// then the connection is closed.
    var peerClosed = false
    var closed = false

    init(fd: Int32, loop: HTTPEventLoop, limits: HTTPLimits, now: Double) {
        self.fd = fd
        self.writer = HTTPConnectionWriter(fd: fd)
        self.loop = loop
        self.parser = HTTPRequestParser(limits: limits)
        self.lastActivity = now
    }

    /// Whether answers wait to be written.
    var hasOutput: Bool { outWritten < out.count || tailWritten < tail.count }

    /// Writes what is waiting while the socket takes it. Returns the bytes written, or `nil`
    /// when the peer is gone.
    func writeOutput() -> Int? {
        var written = 0
        while outWritten < out.count {
            guard let n = sendSome(out, from: outWritten) else { return nil }
            if n == 0 { return written }
            outWritten += n
            written += n
        }
        out.removeAll(keepingCapacity: out.capacity <= 64 << 10)
        outWritten = 0
        while tailWritten < tail.count {
            guard let n = sendSome(tail, from: tailWritten) else { return nil }
            if n == 0 { return written }
            tailWritten += n
            written += n
        }
        tail = []
        tailWritten = 0
        return written
    }

    /// One `send` of `bytes` from `offset`: the bytes taken (0: the socket is full), or `nil`.
    private func sendSome(_ bytes: [UInt8], from offset: Int) -> Int? {
        while true {
            let n = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 { return n }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return 0 }
            return nil
        }
    }

    /// Reads the next piece of a file body into `out`. Returns `false` when the file ends
    /// before its announced length: the client then sees a short body, never another
    /// response's bytes in its place.
    func readFile(_ file: inout FileBody) -> Bool {
        let size = min(64 << 10, file.left)
        var n = 0
        out = [UInt8](unsafeUninitializedCapacity: size) { raw, count in
            repeat { n = read(file.fd, raw.baseAddress, size) } while n < 0 && errno == EINTR
            count = max(n, 0)
        }
        outWritten = 0
        guard n > 0 else { return false }
        file.left -= n
        return true
    }

    /// Opens `body` at its offset: the descriptor, or `nil`.
    static func open(_ body: HTTPFileBody) -> Int32? {
        let fd = Glibc.open(body.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard lseek(fd, off_t(body.offset), SEEK_SET) == off_t(body.offset) else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }
}

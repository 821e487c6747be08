#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeSystem

/// Writes to one connection's socket, which never blocks: one writer at a time, so a stream's
/// events and the connection's keep-alive comments never interleave inside a message, and no
/// write reaches the descriptor once the connection's loop has closed it (its number may then
/// be another connection's).
final class HTTPConnectionWriter: Sendable {
    let fd: Int32
    private struct State {
        /// Whether writes may go on (not after a failed one, a shutdown or the close).
        var writable = true
        /// Whether the loop has closed the descriptor.
        var closed = false
    }
    private let state = SharedLock(State())

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes what the socket takes now, without waiting for room in its buffer.
    /// - Returns: the number of bytes written (fewer than `bytes.count` when the buffer is full),
    ///   or `nil` when the peer is gone or the connection was shut down.
    func writeAvailable(_ bytes: [UInt8]) -> Int? {
        state.withLock { state -> Int? in
            guard state.writable else { return nil }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return offset }
                if n <= 0 {
                    state.writable = false
                    return nil
                }
                offset += n
            }
            return offset
        }
    }

    /// Stops both directions, so the connection's loop sees the end and closes it.
    func shutdown() {
        state.withLock { state in
            // Once closed, the descriptor's number may be another connection's.
            guard !state.closed else { return }
            state.writable = false
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    /// Closes the descriptor, on the connection's loop: later writes and shutdowns do nothing.
    func closeDescriptor() {
        state.withLock { state in
            state.writable = false
            state.closed = true
            Glibc.close(fd)
        }
    }
}

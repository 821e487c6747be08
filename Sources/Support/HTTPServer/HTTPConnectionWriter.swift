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
    private let lock = SharedLock<Bool>(true)

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes what the socket takes now, without waiting for room in its buffer.
    /// - Returns: the number of bytes written (fewer than `bytes.count` when the buffer is full),
    ///   or `nil` when the peer is gone or the connection was shut down.
    func writeAvailable(_ bytes: [UInt8]) -> Int? {
        lock.withLock { open -> Int? in
            guard open else { return nil }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return offset }
                if n <= 0 {
                    open = false
                    return nil
                }
                offset += n
            }
            return offset
        }
    }

    /// Stops both directions, so the connection's reader wakes up and closes it.
    func shutdown() {
        lock.withLock { open in
            open = false
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    /// Closes the descriptor, on the connection's loop: later writes fail.
    func closeDescriptor() {
        lock.withLock { open in
            open = false
            Glibc.close(fd)
        }
    }
}

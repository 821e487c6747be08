#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeSystem

/// Writes to one connection's socket; one writer at a time, so a stream's events and the
/// connection's keep-alive comments never interleave inside a message.
final class HTTPConnectionWriter: Sendable {
    let fd: Int32
    private let lock = SharedLock<Bool>(true)

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes every byte; `false` when the peer is gone or the connection was shut down.
    func write(_ bytes: [UInt8]) -> Bool {
        lock.withLock { open -> Bool in
            guard open else { return false }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    open = false
                    return false
                }
                offset += n
            }
            return true
        }
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

    /// Makes a write that cannot proceed for `seconds` fail (`SO_SNDTIMEO`) instead of blocking
    /// for ever on a peer that stopped reading.
    func setSendTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Stops both directions, so the connection's reader wakes up and closes it.
    func shutdown() {
        lock.withLock { open in
            open = false
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        }
    }
}

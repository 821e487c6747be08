import FoundationEssentials
import Glibc
import BridgeSystem

/// Whole-buffer reads and writes on raw file descriptors, retrying `EINTR` and partial transfers.
public enum FileDescriptorIO {
    /// Writes all of `bytes` to `fd`.
    /// - Returns: `false` when the stream is closed or broken (e.g. `EPIPE`).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                } else if !(n < 0 && errno == EINTR) {
                    return false
                }
            }
            return true
        }
    }

    /// The outcome of `readAll`.
    public enum ReadResult: Equatable {
        case bytes([UInt8])
        /// More than `limit` bytes were available; reading stopped there.
        case tooLarge(limit: Int)
        case failed(errno: Int32)
    }

    /// Reads `fd` to its end, refusing more than `limit` bytes without buffering past it.
    public static func readAll(_ fd: Int32, limit: Int) -> ReadResult {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return .bytes(out) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failed(errno: errno)
            }
            guard out.count + n <= limit else { return .tooLarge(limit: limit) }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}

extension FileDescriptorIO {
    /// The outcome of `readFile`.
    public enum FileRead: Equatable {
        case bytes([UInt8])
        /// The file is larger than `limit` bytes; nothing was buffered past it.
        case tooLarge(limit: Int)
        /// Why the file cannot be read, as a person reads it: `No such file or directory`,
        /// `is a directory`, `is not a regular file`.
        case failed(reason: String)
    }

    /// Reads the regular file at `path`, refusing more than `limit` bytes. Directories, devices
    /// (`/dev/zero`) and FIFOs are refused by name, without blocking on them.
    public static func readFile(atPath path: String, limit: Int) -> FileRead {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failed(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failed(reason: "is a directory")
        default: return .failed(reason: "is not a regular file")
        }
        switch readAll(fd, limit: limit) {
        case .bytes(let bytes): return .bytes(bytes)
        case .tooLarge(let limit): return .tooLarge(limit: limit)
        case .failed(let code): return .failed(reason: String(cString: strerror(code)))
        }
    }
}

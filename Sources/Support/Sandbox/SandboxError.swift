#if canImport(Glibc)
import Glibc
#endif

/// Why a sandbox operation failed: the system's `errno`, or a refusal of the sandbox's own (a
/// symbolic link it does not follow, a file larger than it reads at once).
public struct SandboxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The system refused, with this Linux `errno`.
        case system(Int32)
        /// A symbolic link was met: the sandbox follows none, so nothing outside it is reached.
        case link
        /// The file is larger than `Sandbox.maxReadBytes`.
        case tooLarge(Int)
        /// Rust's `io::ErrorKind::InvalidInput` with its message, refused before any system call
        /// (`set_len` past `i64::MAX`: `out of range integral type conversion attempted`).
        case invalidInput(String)
        /// A regular file with more than one name: a hard link, which may be a file outside the
        /// sandbox, so it is neither read nor written.
        case hardLink(Int)
    }

    public let reason: Reason
    /// The device path the operation was on.
    public let path: String

    public init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    static func errno(_ path: String) -> SandboxError { SandboxError(.system(Glibc.errno), path: path) }

    /// The error as Rust's `std::io::Error` displays it on `platform` (`ios`, `macos` number
    /// errors as Darwin does): `No such file or directory (os error 2)`.
    public func display(platform: String) -> String {
        switch reason {
        case .system(let code):
            let darwin = platform == "ios" || platform == "macos"
            return "\(String(cString: strerror(code))) (os error \(darwin ? SandboxError.darwin(code) : code))"
        case .link:
            return "\(path) is a symbolic link: the bridge's sandbox follows none, so no call reaches outside it"
        case .invalidInput(let message):
            return message
        case .hardLink(let links):
            return "\(path) has \(links) names (a hard link, which may be a file outside the sandbox): the bridge's sandbox opens no file with more than one"
        case .tooLarge(let size):
            return "\(path) holds \(size) bytes, more than the bridge reads at once (\(Sandbox.maxReadBytes)); read it in parts with open and read"
        }
    }

    /// Darwin's number for a Linux `errno` (they agree below 35, except the few listed).
    static func darwin(_ linux: Int32) -> Int32 {
        switch linux {
        case ENAMETOOLONG: 63
        case ENOTEMPTY: 66
        case ELOOP: 62
        case ENOSYS: 78
        case EDQUOT: 69
        default: linux
        }
    }

    public var description: String { display(platform: "linux") }
}

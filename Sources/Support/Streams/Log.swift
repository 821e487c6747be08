import FoundationEssentials
import Glibc
import BridgeSystem

/// Diagnostics for humans, on stderr; never on the protocol stream.
public enum Log {
    /// Writes `bridge: <message>` and a newline to stderr in one `write(2)`.
    public static func error(_ message: String) {
        let line = Array("bridge: \(message)\n".utf8)
        line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}

import BridgeJSON
import BridgeProtocol
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// The process's output streams, with stdout kept for protocol and result output only.
///
/// On creation the real stdout is duplicated to a private descriptor and fd 1 is pointed at
/// stderr, so a stray `print` anywhere in the process lands on stderr and cannot corrupt a
/// protocol stream or an `invoke` result.
struct StandardStreams: Sendable {
    /// Where results and protocol messages go: the real stdout.
    let output: Int32

    /// Protects fd 1 as described above; falls back to fd 1 itself if it cannot be duplicated.
    static func protectingStdout() -> StandardStreams {
        let saved = dup(STDOUT_FILENO)
        guard saved >= 0 else { return StandardStreams(output: STDOUT_FILENO) }
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return StandardStreams(output: saved)
    }

    /// Writes `text` to the protocol/result stream; whether it was written whole.
    @discardableResult
    func write(_ text: String) -> Bool {
        FileDescriptorIO.writeAll(output, Array(text.utf8))
    }

    /// Writes `json` and a newline to stdout, handing long byte results to the pipe in parts as
    /// they are serialised (a 64 MB `read_file` never exists as one 250 MB text); whether all of
    /// it was written.
    func write(json: JSON) -> Bool {
        var ok = true
        let fd = output
        var buffer: [UInt8] = []
        json.write(to: &buffer, drain: JSONDrain { part in
            ok = ok && FileDescriptorIO.writeAll(fd, part)
            part.removeAll(keepingCapacity: true)
        })
        buffer.append(0x0A)
        return FileDescriptorIO.writeAll(fd, buffer) && ok
    }

    /// Writes one line to stderr.
    func error(_ text: String) {
        _ = FileDescriptorIO.writeAll(STDERR_FILENO, Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes a warning to stderr as `bridge: warning: <message>`: the one way the CLI reports
    /// one, whether the call, its options or its presentation record raised it.
    func warn(_ warning: CallWarning) {
        error("bridge: warning: \(warning.message)")
    }
}

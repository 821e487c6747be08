import Foundation
import Testing
import TestSupport

/// The built executables, found beside the test bundle in the build products folder.
enum Products {
    static let directory: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        // The test binary may sit inside a bundle folder (`….xctest/…`).
        while dir.path.contains(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir
    }()

    /// The product, `bridge`.
    static var bridge: String { directory.appendingPathComponent("bridge").path }
    /// The generator, `bridge-generate`.
    static var generator: String { directory.appendingPathComponent("bridge-generate").path }
    /// `bridge` with the test-only plugins.
    static var testHost: String { directory.appendingPathComponent("bridge-test-host").path }
}

/// A spawned `bridge` process with pipes on its three streams.
final class BridgeProcess: @unchecked Sendable {
    // Sendable proof: `stdoutBuffer`, `stderrBuffer` and the EOF flags are only touched while
    // `condition` is locked; the rest is set in init and never changed.
    let child: ChildProcess
    private let condition = NSCondition()
    private var stdoutBuffer: [UInt8] = []
    private var stderrBuffer: [UInt8] = []
    private var stdoutEOF = false
    private var stderrEOF = false

    /// The bridge's process id.
    var pid: pid_t { child.pid }

    /// Starts `executable` with `arguments`; with `closeStdout`, its stdout's read end is closed
    /// at once, so every write the process makes to stdout fails with EPIPE.
    init(_ arguments: [String], executable: String = Products.testHost, closeStdout: Bool = false,
         environment: [String: String] = [:]) throws {
        // Writing to a bridge that has exited must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        child = try ChildProcess(executable, arguments, environment: environment)
        if closeStdout {
            child.closeOutput()
            condition.lock()
            stdoutEOF = true
            condition.unlock()
        } else {
            pump(child.stdoutFD, isStdout: true)
        }
        pump(child.stderrFD, isStdout: false)
    }

    private func pump(_ fd: Int32, isStdout: Bool) {
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                condition.lock()
                if n > 0 {
                    if isStdout { stdoutBuffer += chunk[..<n] } else { stderrBuffer += chunk[..<n] }
                } else if isStdout {
                    stdoutEOF = true
                } else {
                    stderrEOF = true
                }
                condition.broadcast()
                condition.unlock()
                if n <= 0 { return }
            }
        }
        thread.start()
    }

    /// Writes `text` to the process's stdin.
    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Writes bytes to the process's stdin.
    func send(_ bytes: [UInt8]) {
        child.write(bytes)
    }

    /// Writes one JSON-RPC message as one NDJSON line.
    func sendLine(_ json: String) { send(json + "\n") }

    /// Closes stdin (EOF for the bridge).
    func closeInput() {
        child.closeInput()
    }

    /// The next NDJSON line on stdout, or nil on timeout or EOF.
    func nextLine(timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let newline = stdoutBuffer.firstIndex(of: 0x0A) {
                let line = String(decoding: stdoutBuffer[..<newline], as: UTF8.self)
                stdoutBuffer.removeSubrange(...newline)
                return line
            }
            if stdoutEOF || !condition.wait(until: deadline) { return nil }
        }
    }

    /// The next `count` bytes on stdout, or nil on timeout or EOF.
    func nextBytes(_ count: Int, timeout: TimeInterval = 10) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while stdoutBuffer.count < count {
            if stdoutEOF || !condition.wait(until: deadline) { return nil }
        }
        let bytes = Array(stdoutBuffer[..<count])
        stdoutBuffer.removeSubrange(..<count)
        return bytes
    }

    /// Everything left on stdout once it reaches EOF.
    func remainingOutput(timeout: TimeInterval = 10) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !stdoutEOF && condition.wait(until: deadline) {}
        defer { stdoutBuffer = [] }
        return String(decoding: stdoutBuffer, as: UTF8.self)
    }

    /// Everything the process wrote to stderr, once stderr reaches EOF (or the timeout).
    func completeStderr(timeout: TimeInterval = 10) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !stderrEOF && condition.wait(until: deadline) {}
        return String(decoding: stderrBuffer, as: UTF8.self)
    }

    /// What the process wrote to stderr so far.
    var stderr: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: stderrBuffer, as: UTF8.self)
    }

    /// Waits for the process to end; returns its exit status, or nil on timeout (the process
    /// is then killed) or when a signal ended it.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        if child.wait(until: Date().addingTimeInterval(timeout)) == nil {
            child.send(signal: SIGTERM)
            _ = child.wait()
            return nil
        }
        return child.exitStatus
    }
}

/// The outcome of a one-shot run.
struct RunResult {
    let status: Int32?
    let stdout: String
    let stderr: String
}

/// Runs `executable` with `arguments` and optional stdin to completion.
func runBridge(_ arguments: [String], stdin: String? = nil, executable: String = Products.testHost,
               environment: [String: String] = [:], timeout: TimeInterval = 20) throws -> RunResult {
    let p = try BridgeProcess(arguments, executable: executable, environment: environment)
    if let stdin { p.send(stdin) }
    p.closeInput()
    let out = p.remainingOutput(timeout: timeout)
    let status = p.waitForExit(timeout: timeout)
    return RunResult(status: status, stdout: out, stderr: p.completeStderr())
}

/// A capability file granting `permissions` to every window and webview, local and remote
/// (https), written to a fresh temporary folder; returns its path.
func openCapabilities(_ permissions: [String] = ["bridge-test:default", "bridge-test-other:default", "frak-share:default"]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-caps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let list = permissions.map { "\"\($0)\"" }.joined(separator: ", ")
    let file = dir.appendingPathComponent("open.json")
    try #"{"identifier": "open", "windows": ["*"], "webviews": ["*"], "remote": {"urls": ["https://*"]}, "permissions": [\#(list)]}"#
        .write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

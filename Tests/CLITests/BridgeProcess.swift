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
    /// `bridge` with the test-only plugins.
    static var testHost: String { directory.appendingPathComponent("bridge-test-host").path }
}

/// A spawned `bridge` process with pipes on its three streams.
final class BridgeProcess: @unchecked Sendable {
    // Sendable proof: `stdoutBuffer`, `stderrBuffer` and `stdoutEOF` are only touched while
    // `condition` is locked; the rest is set in init and never changed.
    let process = Process()
    private let stdinPipe = Pipe()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let condition = NSCondition()
    private var stdoutBuffer: [UInt8] = []
    private var stderrBuffer: [UInt8] = []
    private var stdoutEOF = false
    private var stderrEOF = false

    /// Starts `executable` with `arguments`; with `closeStdout`, its stdout's read end is closed
    /// at once, so every write the process makes to stdout fails with EPIPE.
    init(_ arguments: [String], executable: String = Products.testHost, closeStdout: Bool = false) throws {
        // Writing to a bridge that has exited must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try SerialSpawn.run(process)
        if closeStdout {
            try stdoutPipe.fileHandleForReading.close()
            condition.lock()
            stdoutEOF = true
            condition.unlock()
        } else {
            pump(stdoutPipe.fileHandleForReading, isStdout: true)
        }
        pump(stderrPipe.fileHandleForReading, isStdout: false)
    }

    private func pump(_ handle: FileHandle, isStdout: Bool) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if isStdout {
                    if data.isEmpty { stdoutEOF = true } else { stdoutBuffer.append(contentsOf: data) }
                } else {
                    if data.isEmpty { stderrEOF = true } else { stderrBuffer.append(contentsOf: data) }
                }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
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
        try? stdinPipe.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Writes one JSON-RPC message as one NDJSON line.
    func sendLine(_ json: String) { send(json + "\n") }

    /// Closes stdin (EOF for the bridge).
    func closeInput() {
        try? stdinPipe.fileHandleForWriting.close()
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
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : nil
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
               timeout: TimeInterval = 20) throws -> RunResult {
    let p = try BridgeProcess(arguments, executable: executable)
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

import Foundation
import Glibc

/// A child process started with `posix_spawn`, with pipes on its three streams.
///
/// Foundation's `Process.run` crashed the test runner (SIGSEGV inside `Process.run`, even with
/// starts serialised by `SerialSpawn`) when suites spawned many bridges from several threads at
/// once; the spawned tests use this instead. Every descriptor of the parent other than the three
/// pipes is closed in the child, so one test's pipes never leak into another test's child.
public final class ChildProcess: @unchecked Sendable {
    // Sendable proof: the exit status lives in `exit` (locked); `stdinFD` and `stdoutClosed` are
    // only touched under `inputLock`; the rest is set in init and never changed.
    public let pid: pid_t
    /// The write end of the child's stdin (-1 once closed).
    private var stdinFD: Int32
    /// The read ends of the child's stdout and stderr.
    public let stdoutFD: Int32
    public let stderrFD: Int32
    private let exit = ExitStatus()
    private let inputLock = NSLock()
    private var stdoutClosed = false

    /// Starts `executable` with `arguments` and the test runner's environment plus `environment`;
    /// without `captureStderr` the child writes to the runner's stderr (and `stderrFD` is -1).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                captureStderr: Bool = true) throws {
        // Writing to a child that has exited must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        let (child, input, output, errors) = try SerialSpawn.locked {
            try ChildProcess.spawn(executable, arguments, environment, captureStderr: captureStderr)
        }
        pid = child
        stdinFD = input
        stdoutFD = output
        stderrFD = errors
        // The waiter holds only the status box, so dropping the ChildProcess closes the child's
        // stdin (deinit) even while the child runs.
        let exit = self.exit
        Thread {
            var raw: Int32 = 0
            while waitpid(child, &raw, 0) < 0 && errno == EINTR {}
            exit.set(raw)
        }.start()
    }

    /// Runs `executable` to its end with `input` on its stdin (its stderr is the runner's); its
    /// exit status (nil when a signal ended it) and everything it wrote to stdout.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) throws
        -> (status: Int32?, output: [UInt8]) {
        let child = try ChildProcess(executable, arguments, captureStderr: false)
        Thread {
            child.write(input)
            child.closeInput()
        }.start()
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.stdoutFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += chunk[..<n]
        }
        _ = child.wait()
        return (child.exitStatus, output)
    }

    /// Makes the pipes and starts the child: its pid and the parent's ends (stdin's write end,
    /// stdout's and stderr's read ends), all close-on-exec.
    private static func spawn(_ executable: String, _ arguments: [String], _ environment: [String: String],
                              captureStderr: Bool) throws -> (pid_t, Int32, Int32, Int32) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else { throw POSIXError(.EMFILE) }
        for fd in input + output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        if captureStderr { posix_spawn_file_actions_adddup2(&actions, errors[1], 2) }
        _ = closeFrom?(&actions, 3)
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // As a shell starts a program: default signal dispositions (the runner ignores SIGPIPE)
        // and nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(input[0])
        close(output[1])
        close(errors[1])
        if !captureStderr { close(errors[0]) }
        guard rc == 0 else {
            [input[1], output[0]].forEach { close($0) }
            if captureStderr { close(errors[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT)
        }
        return (child, input[1], output[0], captureStderr ? errors[0] : -1)
    }

    deinit {
        closeInput()
        if !stdoutClosed { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
    }

    /// Closes the read end of the child's stdout, so its writes there fail with EPIPE.
    public func closeOutput() {
        inputLock.lock()
        defer { inputLock.unlock() }
        if !stdoutClosed {
            close(stdoutFD)
            stdoutClosed = true
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not import; nil where the C library lacks it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Writes all of `bytes` to the child's stdin; false when it is closed or the child is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        inputLock.lock()
        defer { inputLock.unlock() }
        var offset = 0
        while offset < bytes.count {
            guard stdinFD >= 0 else { return false }
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(stdinFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Closes the child's stdin (EOF for it).
    public func closeInput() {
        inputLock.lock()
        defer { inputLock.unlock() }
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { exit.wait(until: .distantPast) == nil }

    /// Waits until the child ends or `deadline`; its raw wait status, or nil at the deadline.
    public func wait(until deadline: Date = .distantFuture) -> Int32? { exit.wait(until: deadline) }

    /// The exit status, or nil while running or when a signal ended it.
    public var exitStatus: Int32? {
        guard let raw = wait(until: .distantPast) else { return nil }
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : nil
    }

    /// The signal that ended the child, or nil.
    public var terminatingSignal: Int32? {
        guard let raw = wait(until: .distantPast) else { return nil }
        let signal = raw & 0x7f
        return signal != 0 && signal != 0x7f ? signal : nil
    }

    /// Sends `signal` to the child while it runs.
    public func send(signal: Int32) {
        if isRunning { kill(pid, signal) }
    }
}

/// The raw wait status of a child, set once by its waiter thread.
private final class ExitStatus: @unchecked Sendable {
    // Sendable proof: `status` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var status: Int32?

    func set(_ raw: Int32) {
        condition.lock()
        status = raw
        condition.broadcast()
        condition.unlock()
    }

    func wait(until deadline: Date) -> Int32? {
        condition.lock()
        defer { condition.unlock() }
        // NSCondition.wait(until:) traps on .distantFuture (its timespec overflows): wait() then.
        while status == nil {
            if deadline == .distantFuture {
                condition.wait()
            } else if deadline <= Date() || !condition.wait(until: deadline) {
                break
            }
        }
        return status
    }
}

import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// plugin-process's `restart()` under `bridge serve`. Tauri's `AppHandle::restart` starts the
/// app's binary again with its arguments and exits (tauri `crates/tauri/src/process.rs`
/// `restart`); the bridge starts itself again in place (`execv`), keeping its stdin and stdout,
/// so the test's pipe and the pages see the same bridge come back: on the same `--http` address
/// (the port it had bound, for `--http 0`), with the same sandbox (the temporary folder it made
/// when no `--sandbox` was given: a device's files outlive a restart), a new invoke key, and a
/// fresh app state (resources, listeners, what nothing saved). Input the old session had read
/// but not yet answered is gone with it, as a restarting app's pending calls are.
enum Relaunch {
    /// Set for the process started again: its session begins with `bridge/restarted`, the
    /// moment from which its peer's input is read again.
    static let restartedVariable = "BRIDGE_RESTARTED"

    /// Whether this process is a restart (the variable is then cleared, for its children).
    static func isRestart() -> Bool {
        guard getenv(restartedVariable) != nil else { return false }
        unsetenv(restartedVariable)
        return true
    }

    /// Replaces the process; returns only when that failed (said on stderr).
    static func exec(port: UInt16?, sandbox: String?, streams: StandardStreams) {
        let arguments = self.arguments(CommandLine.arguments, port: port, sandbox: sandbox)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        // The protocol stream goes back to fd 1 (`protectingStdout` had moved it), for the new
        // process to find its stdout where the peer reads.
        if streams.output != STDOUT_FILENO { dup2(streams.output, STDOUT_FILENO) }
        closeOnExec()
        setenv(restartedVariable, "1", 1)
        execv("/proc/self/exe", &argv)
        streams.error("bridge: plugin:process|restart: starting again failed (\(String(cString: strerror(errno)))); the session ended")
    }

    /// Marks every descriptor but stdin, stdout and stderr close-on-exec: nothing of the first
    /// run outlives it. A socket the new process inherited would keep the pages' idle
    /// keep-alive connections open with no one reading them (a page waiting to reload would
    /// wait forever), and the listening socket would hold the port the new run binds.
    static func closeOnExec() {
        guard let dir = opendir("/proc/self/fd") else { return }
        defer { closedir(dir) }
        let own = dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > STDERR_FILENO, fd != own else { continue }
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
    }

    /// The command line to start again with: `--http`'s port the one bound, and the sandbox
    /// named when the first run made it.
    static func arguments(_ original: [String], port: UInt16?, sandbox: String?) -> [String] {
        var out: [String] = []
        var i = 0
        var namesSandbox = false
        func withPort(_ value: String) -> String {
            guard let port else { return value }
            guard let colon = value.lastIndex(of: ":") else { return String(port) }
            return value[..<colon] + ":" + String(port)
        }
        while i < original.count {
            let a = original[i]
            if a == "--sandbox" || a.hasPrefix("--sandbox=") { namesSandbox = true }
            if a == "--http", i + 1 < original.count {
                out += [a, withPort(original[i + 1])]
                i += 2
                continue
            }
            if a.hasPrefix("--http=") {
                out.append("--http=" + withPort(String(a.dropFirst("--http=".count))))
            } else {
                out.append(a)
            }
            i += 1
        }
        if !namesSandbox, let sandbox { out += ["--sandbox", sandbox] }
        return out
    }
}

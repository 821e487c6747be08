import BridgeBrowser
import BridgeMatching
import BridgeDevice
import BridgeShareNatives
import FoundationEssentials
import Glibc
import BridgeSystem

/// `bridge dev [options] -- <command…>`: the team's dev server run as the Tauri CLI runs
/// `beforeDevCommand`, its pages served through browser mode with the script injected.
struct DevCommand {
    static let help = """
    Usage: bridge dev [options] -- <command> [<argument>…]

    Runs the front end's dev server as 'tauri dev' runs beforeDevCommand (sh -c, in the --app
    project's folder or the current one) with the Tauri CLI's variables for --platform:
    TAURI_ENV_PLATFORM, TAURI_ENV_ARCH, TAURI_ENV_FAMILY, TAURI_ENV_TARGET_TRIPLE,
    TAURI_ENV_PLATFORM_VERSION and TAURI_ENV_DEBUG=true. Browser mode then serves the dev
    server's pages, /__bridge/tauri.js injected first in each HTML page's <head>: open the
    URL it prints (no vite.config edit). Ends with the command's exit status, or on SIGINT,
    SIGTERM or SIGHUP, which stop the command too.

    Options: those of 'bridge serve' (its stdio is off), and
      --dev-url URL           the dev server [the --app project's build.devUrl]
      --http [HOST:]PORT      where the bridge listens [0: a free port]
      -h, --help              show this help

    Exit status: the command's; 2 usage error (no command after --, no dev server URL).
    """

    /// The command line after `--`, for `sh -c`.
    let command: String
    let folder: String
    let target: String
    let environment: [String: String]

    /// Splits `arguments` at `--`: the options (with `--http 0` and `--no-stdio` unless given)
    /// and the command.
    static func split(_ arguments: [String]) throws(UsageError) -> (options: [String], command: [String]) {
        guard let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count else {
            if arguments.contains("--help") || arguments.contains("-h") { return (arguments, []) }
            throw UsageError("missing the dev server's command: bridge dev [options] -- <command>, e.g. bridge dev --dev-url http://localhost:5173 -- npm run dev",
                             subcommand: "dev")
        }
        var options = Array(arguments[..<dash])
        if !options.contains(where: { $0 == "--http" || $0.hasPrefix("--http=") }) { options += ["--http", "0"] }
        options.append("--no-stdio")
        return (options, Array(arguments[(dash + 1)...]))
    }

    init(command: [String], args: ArgumentList, app: AppOptions, platform: Platform) throws(UsageError) {
        guard let target = try args.nonEmpty("dev-url") ?? app.config?.devURL else {
            throw UsageError("bridge dev needs the dev server's URL: --dev-url URL, or an --app project whose build.devUrl names it", subcommand: "dev")
        }
        guard target.hasPrefix("http://") else {
            throw UsageError("--dev-url \(target): the dev server is proxied over http://, on this machine", subcommand: "dev")
        }
        self.target = target
        self.command = command.map(DevCommand.quoted).joined(separator: " ")
        // The Tauri CLI runs the hook in the folder above src-tauri (the project's).
        folder = app.config.map { URL(fileURLWithPath: $0.root).deletingLastPathComponent().path } ?? FileManager.default.currentDirectoryPath
        environment = DevCommand.tauriEnvironment(platform)
    }

    /// `crates/tauri-cli` `helpers` / `interface/rust.rs`: the hook's variables, from the
    /// target triple of the platform (a phone: its arm64 device target).
    static func tauriEnvironment(_ platform: Platform) -> [String: String] {
        let host = hostArch
        let (triple, name): (String, String) = switch platform {
        case .ios: ("aarch64-apple-ios", "ios")
        case .android: ("aarch64-linux-android", "android")
        case .macos: ("aarch64-apple-darwin", "darwin")
        case .windows: ("\(host)-pc-windows-msvc", "windows")
        case .linux: ("\(host)-unknown-linux-gnu", "linux")
        }
        return ["TAURI_ENV_PLATFORM": name, "TAURI_ENV_ARCH": String(triple.prefix { $0 != "-" }),
                "TAURI_ENV_FAMILY": platform == .windows ? "windows" : "unix", "TAURI_ENV_TARGET_TRIPLE": triple,
                "TAURI_ENV_PLATFORM_VERSION": hostVersion, "TAURI_ENV_DEBUG": "true"]
    }

    static var hostArch: String {
        var u = utsname()
        uname(&u)
        let machine = withUnsafeBytes(of: &u.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return machine == "arm64" ? "aarch64" : machine
    }

    /// `os_info::get().version()` of the machine building: the distribution's VERSION_ID on Linux.
    static var hostVersion: String {
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        for line in release.split(separator: "\n") where line.hasPrefix("VERSION_ID=") {
            return line.dropFirst("VERSION_ID=".count).trimming("\"")
        }
        return ProcessInfo.processInfo.operatingSystemVersionString
    }

    static func quoted(_ s: String) -> String {
        if !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0) }) { return s }
        return "'" + s.replacing(literal: "'", with: "'\\''") + "'"
    }

    /// The proxy to the dev server, through the download engine (no redirect followed).
    var proxy: DevProxy {
        DevProxy(target: target) { method, url, headers, body in
            await HTTPPassthrough.fetch(method: method, url: url, headers: headers, body: body, connectTimeoutMs: 10_000, maxRedirections: 0)
                .map { DevProxy.Answer(status: $0.status, headers: $0.headers, body: $0.body) }
                .mapError { DevProxy.Failure($0.message) }
        }
    }

    /// Starts the command with the signals a shell gives it (the bridge blocks its own and
    /// ignores SIGPIPE; a child must not inherit either), its stdout on the bridge's stderr.
    func start() throws(UsageError) -> DevChild {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group, so stopping it stops what its shell started too.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        // Not the terminal: a process group of its own reading it would be stopped (SIGTTIN).
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let env = ProcessInfo.processInfo.environment.merging(environment) { _, tauri in tauri }.map { "\($0.key)=\($0.value)" }
        // The hook runs in the project's folder, as the Tauri CLI's `cwd`.
        let line: [String] = ["/bin/sh", "-c", "cd \(DevCommand.quoted(folder)) && \(command)"]
        let argv: [UnsafeMutablePointer<CChar>?] = line.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw UsageError("cannot run the dev server's command (\(command)): \(String(decoding: Array(UnsafeBufferPointer(start: strerror(status), count: strlen(strerror(status)))).map { UInt8(bitPattern: $0) }, as: UTF8.self))", subcommand: "dev", pointsToHelp: false)
        }
        return DevChild(pid: pid)
    }
}

extension DevCommand {
    /// Waits, as `tauri dev` does, until the dev server accepts a connection; `false` when the
    /// command ended first.
    func waitForServer(_ child: DevChild, streams: StandardStreams, signals: SignalWatch) -> Bool {
        // The host as the resolver takes it: an IDN in punycode (WHATWG), as URL.host gave it
        // while the binary linked Foundation.
        guard let url = URL(string: target), let parsed = try? WHATWGURL.parse(target), !parsed.host.isEmpty else { return true }
        let host = parsed.host
        let port = UInt16(url.port ?? 80)
        var said = Date.distantPast
        while !child.hasEnded && signals.status == 0 {
            if DevCommand.accepts(host: host, port: port) { return true }
            if Date().timeIntervalSince(said) > 10 {
                streams.error("bridge: dev: waiting for your frontend dev server to start on \(target)…")
                said = Date()
            }
            usleep(100_000)
        }
        return false
    }

    static func accepts(host: String, port: UInt16) -> Bool {
        var hints = addrinfo(ai_flags: 0, ai_family: AF_UNSPEC, ai_socktype: Int32(SOCK_STREAM.rawValue), ai_protocol: 0,
                             ai_addrlen: 0, ai_addr: nil, ai_canonname: nil, ai_next: nil)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(found) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let a = entry {
            let fd = socket(a.pointee.ai_family, a.pointee.ai_socktype, a.pointee.ai_protocol)
            if fd >= 0 {
                let ok = connect(fd, a.pointee.ai_addr, a.pointee.ai_addrlen) == 0
                close(fd)
                if ok { return true }
            }
            entry = a.pointee.ai_next
        }
        return false
    }
}

/// The dev server's process.
final class DevChild: Sendable {
    let pid: pid_t
    init(pid: pid_t) { self.pid = pid }

    /// Whether it has ended (not reaped: `wait` still gives its status).
    var hasEnded: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits for it to end: its exit status (128 + the signal that killed it).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Stops it as the Tauri CLI does when `tauri dev` ends: SIGTERM to the shell and every
    /// process of its group.
    func stop() {
        Glibc.kill(-pid, SIGTERM)
        Glibc.kill(-pid, SIGCONT)
    }

    /// What `stop` could not stop.
    func kill() {
        Glibc.kill(-pid, SIGKILL)
    }
}

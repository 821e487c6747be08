/// The `Host` check against DNS rebinding: a request must name the listening address
/// (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`) or Tauri's IPC host `ipc.localhost` (with or
/// without the port: what `convertFileSrc(cmd, 'ipc')` yields on windows and android; a `.localhost`
/// name cannot be rebound to another machine), the platform's page host `tauri.localhost:PORT`
/// (Android's and Windows' `http://tauri.localhost`) and the asset host `asset.localhost:PORT`.
struct HostCheck: Sendable {
    let allowed: Set<String>

    /// - Parameter host: the address listened on (`--http 127.0.0.2:PORT` answers to its own name too).
    init(port: UInt16, host: String = "127.0.0.1") {
        var names: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "ipc.localhost", "ipc.localhost:\(port)",
                                     "tauri.localhost:\(port)", "asset.localhost:\(port)"]
        names.insert(host.contains(":") ? "[\(host.lowercased())]:\(port)" : "\(host.lowercased()):\(port)")
        allowed = names
    }

    /// `nil` when `host` is acceptable, else the refusal message.
    func refusal(_ host: String?) -> String? {
        guard let host else { return "a request needs a Host header naming the bridge" }
        if allowed.contains(host.lowercased()) { return nil }
        let names = allowed.sorted().joined(separator: ", ")
        return "Host \(host) is not the bridge (DNS rebinding protection): use one of \(names)"
    }
}

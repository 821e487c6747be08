import BridgeCorePlugins
import BridgeKit
import BridgeOfficialPlugins
import BridgeShareNatives

/// The upstream code each simulated behaviour follows, in one place (`bridge --version` prints
/// it). A model is faithful to the commit named here; a change upstream after it is a task.
public enum UpstreamPins {
    public struct Pin: Sendable {
        public let name: String
        public let repository: String
        public let commit: String
        public let what: String
    }

    public static let all: [Pin] = [
        Pin(name: "frak-share", repository: "frak-id/wallet", commit: FrakShareVersion.head.commit,
            what: "apps/wallet/src-tauri/plugins/tauri-plugin-frak-share (\(FrakShareVersion.head.summary)); --plugin-version frak-share@\(FrakShareVersion.seed.short) for the seeds'"),

        Pin(name: "tauri", repository: "tauri-apps/tauri", commit: TauriPin.commit,
            what: "\(TauriPin.version): the IPC, the core plugins, argument binding; core permissions from crates/tauri/build.rs @ \(TauriPin.permissionsCommit.prefix(8))"),
        Pin(name: "@tauri-apps/api", repository: "tauri-apps/tauri", commit: TauriPin.commit,
            what: "2.0.3's global bundle: window.__TAURI__'s names and IPC calls (packages/api)"),
        Pin(name: "plugins-workspace", repository: "tauri-apps/plugins-workspace", commit: PluginsWorkspacePin.commit,
            what: "the official plugins simulated (\(OfficialPlugins.names.filter { $0 != "opener" }.joined(separator: ", "))): src/, ios/, android/, permissions/ of \(PluginsWorkspacePin.date)"),
        Pin(name: "opener", repository: "tauri-apps/plugins-workspace", commit: OpenerPin.commit,
            what: "plugins/opener as first released (after the snapshot above): \(OpenerPin.files)"),
    ]

    /// `bridge --version`'s lines after the first.
    public static var lines: [String] {
        all.map { "\($0.name)@\($0.commit.prefix(8))  \($0.repository): \($0.what)" }
    }
}

import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol

/// `plugin:process|…` (`@tauri-apps/plugin-process`), as plugins-workspace@77149dc4 has it
/// (process 2.0.1): `src/commands.rs` binds `exit(code: i32)`, which calls `AppHandle::exit(code)`,
/// and `restart()`, which calls `AppHandle::restart()`; `permissions/default.toml` grants both.
/// Neither answers the page: the app is gone (or gone and started again). The plugin is plain
/// Rust, so an app builds it for iOS and Android too, where `exit` ends the app as on desktop.
///
/// The bridge asks the transport running the app (`AppLifecycle`): `bridge serve` sends
/// `bridge/exit` or `bridge/restart`, answers the calls still running `-32800` (this one
/// included, so a JSON-RPC peer is never left waiting) and ends with the code, or starts itself
/// again; the pages are told; `bridge invoke` exits with the code.
public enum ProcessPlugin {
    static let defaultDescription = """
    This permission set configures which
    process feeatures are by default exposed.

    #### Granted Permissions

    This enables to quit via `allow-exit` and restart via `allow-restart`
    the application.

    """

    public static func plugin(lifecycle: AppLifecycle = .process) -> KitPlugin {
        KitPlugin(name: "process", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: ["exit", "restart"],
                       defaultSet: (description: defaultDescription, permissions: ["allow-exit", "allow-restart"]), commands: [
            KitCommand("exit", [("code", .integer("i32"))], starting: { (i) throws(ResponseError) -> CallStep in
                let code = Int32(truncatingIfNeeded: i.arguments["code"]?.numberValue?.intValue ?? 0)
                return ends(.exit(code), i, lifecycle, record: officialRecord("process", i.context, "AppHandle::exit", ["code": .integer(Int(code))]))
            }),
            KitCommand("restart", starting: { (i) throws(ResponseError) -> CallStep in
                ends(.restart, i, lifecycle, record: officialRecord("process", i.context, "AppHandle::restart"))
            }),
        ])
    }

    /// The app ends: the call waits until the session that ends answers it. Where nothing runs
    /// the app (a replay, a test without a transport), the call answers `null` with the record.
    private static func ends(_ ending: AppLifecycle.Ending, _ i: Invocation, _ lifecycle: AppLifecycle, record: JSONObject) -> CallStep {
        .waiting {
            guard lifecycle.end(ending, context: i.context) else {
                return CommandOutput(result: .null, presentation: .object(record))
            }
            while true { try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000) }
        }
    }
}

extension ProcessPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin(lifecycle: s.lifecycle) }
}

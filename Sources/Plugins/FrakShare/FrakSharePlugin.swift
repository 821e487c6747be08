import BridgeCall
import BridgeKit
import BridgeShareNatives

/// The frak-share plugin: `plugin:frak-share|share_text`, declared through the kit, its one
/// command forwarded to the platform backends (frak-id/wallet's
/// `apps/wallet/src-tauri/plugins/tauri-plugin-frak-share` at the version `--plugin-version`
/// picks). Its permissions are `permissions/frak-share/`, compiled in by `bridge-generate`.
public enum FrakSharePlugin {
    /// Its `build.rs` `COMMANDS`.
    public static let commandNames = ["share_text"]

    public static func plugin(backends: FrakShareBackends = .frakShare(ios: IOSBackend(), android: AndroidBackend())) -> KitPlugin {
        KitPlugin(name: "frak-share", origin: .product(source: "frak-id/wallet@\(FrakShareVersion.head.commit.prefix(8))"),
                  commandNames: commandNames, permissionFiles: embeddedPermissionFiles, setsReachOtherPlugins: setsReachOtherPlugins,
                  scopeProblem: ShareScope.problem, commands: [ShareTextCommand.command(backends)])
    }
}

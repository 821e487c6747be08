import BridgeCall
import BridgeKit
import BridgeShareNatives

/// The `share` plugin: `plugin:share|share` and `plugin:share|can_share` — images, files, a
/// link and a text with a rich preview (seeds 002 and 003), declared through the kit and
/// forwarded to the platform backends. Its permissions are `permissions/share/`, compiled in by
/// `bridge-generate`.
public enum SharePlugin {
    /// Its `build.rs` `COMMANDS`.
    public static let commandNames = ["can_share", "share"]

    /// - Parameter files: where files may come from, and the caps (`--files-root`).
    public static func plugin(backends: ShareBackends = .share(ios: IOSBackend(), android: AndroidBackend()),
                              files: ShareFileRules = ShareFileRules()) -> KitPlugin {
        KitPlugin(name: "share", origin: .product(source: "the bridge's share plugin, seeds 002 and 003"), commandNames: commandNames,
                  permissionFiles: embeddedPermissionFiles, setsReachOtherPlugins: setsReachOtherPlugins,
                  commands: commands(backends, ShareFileResolver(rules: files)))
    }

    private static func commands(_ backends: ShareBackends, _ files: ShareFileResolver) -> [KitCommand] {
        [CanShareCommand.command(backends, files), ShareCommand.command(backends, files)]
    }
}

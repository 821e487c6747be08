import BridgeCall
import BridgeKit
import BridgeShareNatives
import Glibc

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

extension SharePlugin {
    /// Its command-line options.
    public static let options = [
        PluginOption("files-root", help: """
              --files-root DIR        share: a folder files may be shared from (repeatable)
                                      [the working directory]
            """),
    ]

    /// Where files may be shared from (`--files-root`, each an existing folder), with the caps.
    public static func fileRules(_ given: PluginOptionValues) throws(PluginOptionError) -> ShareFileRules {
        let roots = given.values("files-root")
        if let empty = roots.first(where: \.isEmpty) {
            throw PluginOptionError("option '--files-root' needs a folder, got '\(empty)'")
        }
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                throw PluginOptionError("option '--files-root' \(root): \(String(cString: strerror(errno))); name an existing folder")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw PluginOptionError("option '--files-root' \(root) is not a folder")
            }
        }
        return ShareFileRules(roots: roots.isEmpty ? nil : roots)
    }
}

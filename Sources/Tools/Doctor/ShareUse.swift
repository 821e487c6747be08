import BridgeACL
import FoundationEssentials
import Glibc
import BridgeSystem

/// What the app does with shares, read from its own files, so the doctor checks only what
/// applies: an app that only sends (the frak wallet) needs no share intent filter and no share
/// extension.
///
/// - sends: its capabilities grant a sharing plugin's permissions (`frak-share:`, `share:`):
///   the FileProvider its thumbnails and files go through is checked.
/// - receives: its capabilities grant `share-extension:` permissions, its manifest already has
///   a `SEND`/`SEND_MULTIPLE` intent filter, or `gen/apple` has a share extension: the intent
///   filters, the share extension and its App Group are checked.
///
/// A project whose capabilities cannot be read is taken to do both (everything is checked).
struct ShareUse: Equatable {
    var sends: Bool
    var receives: Bool
    /// Why, one line for the report.
    var reason: String

    init(sends: Bool, receives: Bool, reason: String) {
        self.sends = sends
        self.receives = receives
        self.reason = reason
    }

    static let sendingPlugins: Set<String> = ["frak-share", "share"]
    static let receivingPlugins: Set<String> = ["share-extension"]

    /// Reads `project`'s capabilities (`src-tauri/capabilities`, `.json` and `.toml` as Tauri
    /// reads them) and what its native folders already declare.
    init(_ project: TauriProject, manifestDeclaresReceiving: Bool, hasShareExtension: Bool) {
        let folder = Paths.appending(project.root, "capabilities")
        guard let granted = ShareUse.grantedPlugins(folder) else {
            sends = true
            receives = true
            reason = "no readable capabilities folder (\(folder)): every check applies"
            return
        }
        let sending = granted.intersection(ShareUse.sendingPlugins).sorted()
        let receiving = granted.intersection(ShareUse.receivingPlugins).sorted()
        sends = !sending.isEmpty
        receives = !receiving.isEmpty || manifestDeclaresReceiving || hasShareExtension
        var why: [String] = []
        why.append(sending.isEmpty ? "its capabilities grant no frak-share or share permission (it sends no share)"
                   : "it sends shares (its capabilities grant \(sending.map { "\($0):" }.joined(separator: ", ")))")
        if !receiving.isEmpty {
            why.append("it receives shares (its capabilities grant share-extension:)")
        } else if manifestDeclaresReceiving || hasShareExtension {
            why.append("it receives shares (\(manifestDeclaresReceiving ? "its manifest has a SEND intent filter" : "gen/apple has a share extension"))")
        } else {
            why.append("it receives none (no share-extension: permission, no SEND intent filter, no share extension)")
        }
        reason = why.joined(separator: "; ")
    }

    /// The plugin prefixes the capability files of `folder` grant; `nil` when there is no
    /// such folder or a file cannot be read.
    static func grantedPlugins(_ folder: String) -> Set<String>? {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else { return nil }
        var out = Set<String>()
        do {
            for file in try CapabilitySource.capabilityFiles(in: folder) {
                guard let data = FileManager.default.contents(atPath: file) else { return nil }
                for capability in try Capability.decodeFile(String(decoding: data, as: UTF8.self), path: file) {
                    for entry in capability.permissions {
                        if let prefix = entry.identifier.prefix { out.insert(prefix) }
                    }
                }
            }
        } catch {
            return nil
        }
        return out
    }
}

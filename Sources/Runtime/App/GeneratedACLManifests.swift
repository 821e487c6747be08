import BridgeACL
import BridgeCall
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// `src-tauri/gen/schemas/acl-manifests.json`: what Tauri's build (`tauri-build`'s
/// `acl::save_acl_manifests`, crates/tauri-build/src/acl.rs) writes of every plugin the app links,
/// its permissions (`commands.allow` / `deny`, scopes), sets and default set, keyed by plugin. An
/// in-house plugin whose folder `--plugin-dir` does not name is read from there, so its calls
/// meet the ACL as Tauri's runtime checks them (a command it does not list is `… not allowed.
/// Command not found`) instead of going unchecked.
public enum GeneratedACLManifests {
    /// The manifest file of the app at `root` (a Tauri project or its `src-tauri`).
    static func file(_ root: String) -> String? {
        for relative in ["gen/schemas/acl-manifests.json", "src-tauri/gen/schemas/acl-manifests.json"] {
            let path = Paths.appending(root, relative)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Each plugin of the app's manifests but `skipping` (the plugins served already, Tauri's
    /// core ones), as a plugin folder whose one permission file is its manifest entry.
    public static func folders(appRoot root: String, skipping: Set<String>) -> [PluginFolder] {
        guard let path = file(root), let data = FileManager.default.contents(atPath: path), data.count <= 16 * 1024 * 1024,
              let json = try? JSONParser.parse(Array(data), duplicateKeys: .keepLast), let plugins = json.objectValue else { return [] }
        var out: [PluginFolder] = []
        // Tauri's own entries are `core` and `core:<plugin>` (no plugin name holds a colon).
        for member in plugins where member.key != "core" && !skipping.contains(member.key) && CommandName.isValidPlugin(member.key) {
            guard let folder = folder(member.key, member.value, path: path) else { continue }
            out.append(folder)
        }
        return out.sorted { $0.name < $1.name }
    }

    /// One manifest entry as a Tauri permission file (`[default]`, `[[set]]`, `[[permission]]`, in
    /// JSON) and the commands its permissions name.
    static func folder(_ name: String, _ manifest: JSON, path: String) -> PluginFolder? {
        var file: JSONObject = [:]
        var commands: Set<String> = []
        // A permission a plugin's build named after a camelCase command (`allow-registerListener`)
        // is no identifier a capability can name (tauri-utils `acl/identifier.rs`): it is left
        // out, and so are references to it; its command is still the plugin's.
        // A reference to what the manifest does not declare is left out as well (Tauri resolves
        // sets only when a capability names them; the bridge checks every set at start-up).
        let declared = Set(((manifest["permissions"]?.objectValue ?? JSONObject()).map(\.key)
                            + (manifest["permission_sets"]?.objectValue ?? JSONObject()).map(\.key)).filter(isIdentifier))
        func kept(_ list: JSON?) -> JSON {
            .array((list?.arrayValue ?? []).filter { ref in ref.stringValue.map { $0.contains(":") || declared.contains($0) } ?? true })
        }
        if let defaultSet = manifest["default_permission"], defaultSet["permissions"] != nil {
            var entry: JSONObject = ["permissions": kept(defaultSet["permissions"])]
            if let description = defaultSet["description"] { entry["description"] = description }
            file["default"] = .object(entry)
        }
        var permissions: [JSON] = []
        for member in (manifest["permissions"]?.objectValue ?? JSONObject()).sorted(by: { $0.key < $1.key }) {
            let permission = member.value
            for list in ["allow", "deny"] {
                for command in permission["commands"]?[list]?.arrayValue ?? [] { if let c = command.stringValue { commands.insert(c) } }
            }
            guard isIdentifier(member.key) else { continue }
            var entry: JSONObject = ["identifier": .string(member.key)]
            for key in ["description", "commands", "scope", "platforms"] { if let value = permission[key], value != JSON.null { entry[key] = value } }
            permissions.append(.object(entry))
        }
        if !permissions.isEmpty { file["permission"] = .array(permissions) }
        var sets: [JSON] = []
        for member in (manifest["permission_sets"]?.objectValue ?? JSONObject()).sorted(by: { $0.key < $1.key }) {
            guard isIdentifier(member.key) else { continue }
            var entry: JSONObject = ["identifier": .string(member.key), "permissions": kept(member.value["permissions"])]
            entry["description"] = member.value["description"] ?? .string(member.key)
            sets.append(.object(entry))
        }
        if !sets.isEmpty { file["set"] = .array(sets) }
        guard !file.isEmpty else { return nil }
        let text = JSON.object(file).serialized()
        return PluginFolder(name: name, folder: path + "#" + name, commands: commands.sorted(),
                            permissionFiles: [PermissionFile(path: "acl-manifests.json#\(name).json", text: text)], signatures: [:], problems: [])
    }

    /// A permission's own identifier by tauri-utils' rule (`Identifier`), with no plugin prefix.
    static func isIdentifier(_ text: String) -> Bool {
        guard let identifier = try? Identifier(text) else { return false }
        return identifier.prefix == nil
    }
}

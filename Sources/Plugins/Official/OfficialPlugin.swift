import BridgeCorePlugins
import BridgeACL
import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// One of tauri-apps/plugins-workspace's plugins, simulated from its declaration: the
/// `COMMANDS` of its `build.rs` (whose per-command permissions Tauri's build generates, as
/// `CommandPermissions` does here), its `permissions/default.toml`, and one `CoreCommand` per
/// command, bound by the Rust signature of its `src/commands.rs` and answered as its native
/// code answers on the call's platform.
public struct OfficialPlugin: Plugin {
    public let name: String
    /// `build.rs`'s `COMMANDS`, in its order.
    public let commandNames: [String]
    /// `permissions/default.toml`'s description and members; `nil` when the plugin has none.
    public let defaultSet: (description: String, permissions: [String])?
    let declared: [CoreCommand]
    /// Commands that wait (a scan for a code): registered as they are, not bound by a signature.
    let raw: [Command]
    public let sessionMethods: [SessionMethod]

    init(name: String, commandNames: [String], defaultSet: (description: String, permissions: [String])?,
         sessionMethods: [SessionMethod] = [], commands: [CoreCommand], raw: [Command] = []) {
        precondition(Set(commands.map(\.name) + raw.map(\.name)) == Set(commandNames) && commands.count + raw.count == commandNames.count,
                     "\(name): every COMMANDS entry is declared, once")
        self.name = name
        self.commandNames = commandNames
        self.defaultSet = defaultSet
        self.sessionMethods = sessionMethods
        declared = commands
        self.raw = raw
    }

    public var commands: [Command] {
        let summary = "\(name) (plugins-workspace@\(PluginsWorkspacePin.commit.prefix(8)))"
        return declared.map { $0.command(plugin: name, summary: summary) } + raw
    }

    public var generatedPermissions: GeneratedPermissions? { GeneratedPermissions(commands: commandNames, defaultSet: defaultSet) }

    /// The files Tauri's build writes under `permissions/`, with the plugin's `default.toml`,
    /// compiled to JSON here so start-up parses no TOML.
    public var permissionFiles: [PermissionFile] {
        var files = commandNames.map { command in
            let slug = CommandPermissions.slug(command)
            let compiled: JSON = ["permission": [
                ["identifier": .string("allow-\(slug)"), "description": .string("Enables the \(command) command without any pre-configured scope."),
                 "commands": ["allow": [.string(command)]]],
                ["identifier": .string("deny-\(slug)"), "description": .string("Denies the \(command) command without any pre-configured scope."),
                 "commands": ["deny": [.string(command)]]],
            ]]
            return PermissionFile(path: CommandPermissions.path(command: command), text: CommandPermissions.text(command: command),
                                  compiled: compiled.serialized())
        }
        if let set = defaultSet {
            let members = set.permissions.map { "\"\($0)\"" }.joined(separator: ", ")
            // A TOML multi-line string drops the newline after its opening quotes, none other.
            let text = "[default]\ndescription = \"\"\"\n\(set.description)\"\"\"\npermissions = [\(members)]\n"
            let compiled: JSON = ["default": ["description": .string(set.description), "permissions": .array(set.permissions.map(JSON.string))]]
            files.append(PermissionFile(path: "default.toml", text: text, compiled: compiled.serialized()))
        }
        return files
    }
}

/// The plugins-workspace commit the official plugins follow: the snapshot beside Tauri 2.0.6
/// (`TauriPin`), read whole, so each plugin's Rust, Swift, Kotlin and permissions agree.
public enum PluginsWorkspacePin {
    public static let commit = "77149dc4320d26b413e4a6bbe82c654367c51b32"
    public static let date = "2024-10-22"
}

/// What a native side rejects with reaches the front end as `ErrorResponse`'s display (the
/// message alone when there is no code: tauri `plugin/mobile.rs`), through the plugin's
/// `Error` serialised as that string.
extension ResponseError {
    static func native(_ message: String, layer: String, reason: String? = nil) -> ResponseError {
        var details: JSONObject = ["layer": .string(layer)]
        if let reason { details["reason"] = .string(reason) }
        return .rejected(message, details: details)
    }
}

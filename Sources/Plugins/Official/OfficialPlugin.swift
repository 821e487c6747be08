import BridgeACL
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol

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
    /// The permissions and sets its files declare beyond the generated ones (fs's scopes).
    let declaredPermissions: [GeneratedPermissions.Declared]
    let declaredSets: [GeneratedPermissions.DeclaredSet]
    /// Why a granted scope entry is malformed, for a plugin whose commands read their scope.
    let scopeCheck: (@Sendable (JSON) -> String?)?
    /// The plugins-workspace commit it follows.
    public let pin: String

    init(name: String, pin: String = PluginsWorkspacePin.commit, commandNames: [String], defaultSet: (description: String, permissions: [String])?,
         sessionMethods: [SessionMethod] = [], declaredPermissions: [GeneratedPermissions.Declared] = [],
         declaredSets: [GeneratedPermissions.DeclaredSet] = [], scopeProblem: (@Sendable (JSON) -> String?)? = nil,
         commands: [CoreCommand], raw: [Command] = []) {
        self.pin = pin
        self.declaredPermissions = declaredPermissions
        self.declaredSets = declaredSets
        self.scopeCheck = scopeProblem
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
        let summary = "\(name) (plugins-workspace@\(pin.prefix(8)))"
        return declared.map { $0.command(plugin: name, summary: summary) } + raw
    }

    public var generatedPermissions: GeneratedPermissions? {
        GeneratedPermissions(commands: commandNames, defaultSet: defaultSet, permissions: declaredPermissions, sets: declaredSets)
    }

    public func scopeProblem(_ entry: JSON) -> String? { scopeCheck?(entry) }

    /// The files Tauri's build writes under `permissions/`, with the plugin's `default.toml`: what
    /// `generatedPermissions` builds as values (a test checks they agree).
    public var permissionFiles: [PermissionFile] {
        var files = commandNames.map { PermissionFile(path: CommandPermissions.path(command: $0), text: CommandPermissions.text(command: $0)) }
        if let set = defaultSet {
            let members = set.permissions.map { "\"\($0)\"" }.joined(separator: ", ")
            // A TOML multi-line string drops the newline after its opening quotes, none other.
            files.append(PermissionFile(path: "default.toml", text: "[default]\ndescription = \"\"\"\n\(set.description)\"\"\"\npermissions = [\(members)]\n"))
        }
        if !declaredPermissions.isEmpty || !declaredSets.isEmpty {
            files.append(PermissionFile(path: "declared.toml", text: OfficialPlugin.toml(declaredPermissions, declaredSets)))
        }
        return files
    }
}

extension OfficialPlugin {
    /// The declared permissions and sets as one TOML file, for `permissionFiles`.
    static func toml(_ permissions: [GeneratedPermissions.Declared], _ sets: [GeneratedPermissions.DeclaredSet]) -> String {
        func q(_ s: String) -> String { JSON.string(s).serialized() }
        func list(_ a: [String]) -> String { "[" + a.map(q).joined(separator: ", ") + "]" }
        var out = ""
        for p in permissions {
            out += "[[permission]]\nidentifier = \(q(p.identifier))\ndescription = \(q(p.description))\n"
            if !p.allow.isEmpty || !p.deny.isEmpty {
                out += "commands.allow = \(list(p.allow))\ncommands.deny = \(list(p.deny))\n"
            }
            func members(_ entry: JSON) -> String {
                (entry.objectValue ?? JSONObject()).map { "\($0.key) = \($0.value.serialized())\n" }.joined()
            }
            for entry in p.scopeAllow ?? [] { out += "[[permission.scope.allow]]\n" + members(entry) }
            for entry in p.scopeDeny ?? [] { out += "[[permission.scope.deny]]\n" + members(entry) }
            out += "\n"
        }
        for s in sets { out += "[[set]]\nidentifier = \(q(s.identifier))\ndescription = \(q(s.description))\npermissions = \(list(s.permissions))\n\n" }
        return out
    }
}

/// The opener plugin, released after `PluginsWorkspacePin` (plugins-workspace#2019, 2024-11-19):
/// `src/commands.rs` at `commit`, the other files at the commits `files` names.
public enum OpenerPin {
    public static let commit = "7f2124d354b8cbe049ccb1924f6e07acb9bc1b53"
    public static let files = "src/commands.rs @ 7f2124d3, src/scope.rs @ 768e3ecb, src/error.rs @ 068a24b0, ios/Sources/OpenerPlugin.swift @ 354f537d, android/src/main/java/OpenerPlugin.kt @ b0ae5c20, reveal_item_in_dir.rs @ b789abd0"
}

/// The plugins-workspace commit the official plugins follow: the snapshot beside Tauri 2.0.6
/// (`TauriPin`), read whole, so each plugin's Rust, Swift, Kotlin and permissions agree.
public enum PluginsWorkspacePin {
    public static let commit = "77149dc4320d26b413e4a6bbe82c654367c51b32"
    public static let date = "2024-10-22"
}

extension ResponseError {
    /// A rejection of a command with Rust code: the native side's `ErrorResponse` reaches the
    /// front end as its display (the message alone when there is no code: tauri
    /// `plugin/mobile.rs`), through the plugin's `Error` serialised as that string.
    static func native(_ message: String, layer: String, reason: String? = nil) -> ResponseError {
        var details: JSONObject = ["layer": .string(layer)]
        if let reason { details["reason"] = .string(reason) }
        return .rejected(message, details: details)
    }

    /// A rejection of a native-only command (no Rust code): `invoke()` receives the native
    /// side's object `{message, code?}` (`data.rejection`); shown with `record` when the call had
    /// presented something.
    static func nativeObject(_ message: String, code: String? = nil, layer: String, reason: String? = nil, record: JSON? = nil) -> ResponseError {
        var rejection: JSONObject = ["message": .string(message)]
        if let code { rejection["code"] = .string(code) }
        var details: JSONObject = ["layer": .string(layer), "rejection": .object(rejection)]
        if let reason { details["reason"] = .string(reason) }
        let error = ResponseError.rejected(message, details: details)
        guard let record else { return error }
        return CallObserver.rejecting(error, presented: { record })
    }

    /// A command no handler answers: Tauri's `Command <name> not found` (tauri `webview/mod.rs`).
    static func commandNotFound(_ command: String, reason: String) -> ResponseError {
        .rejected("Command \(command) not found", details: ["layer": "command", "reason": .string(reason)])
    }
}

/// Plugins that are `#![cfg(mobile)]`: a desktop build registers none, so a call the ACL lets
/// through finds no handler.
enum MobileOnly {
    static func require(_ command: String, _ context: CallContext) throws(ResponseError) {
        guard context.platform.isDesktop else { return }
        throw .commandNotFound(command, reason: "the plugin is #![cfg(mobile)]: a desktop build on \(context.platform.rawValue) cannot register it, so no call reaches it")
    }
}

/// The record of what an official plugin's native side shows or does: the plugin, the platform,
/// the native method, and what the call adds.
func officialRecord(_ plugin: String, _ context: CallContext, _ method: String, _ fields: JSONObject = [:]) -> JSONObject {
    var record: JSONObject = ["plugin": .string(plugin), "platform": .string(context.platform.rawValue), "nativeMethod": .string(method)]
    for member in fields { record[member.key] = member.value }
    return record
}

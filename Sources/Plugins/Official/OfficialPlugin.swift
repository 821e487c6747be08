import BridgeACL
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol

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

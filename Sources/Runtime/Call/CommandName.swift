import BridgeBinding

/// The full name of a plugin command, `plugin:<plugin>|<command>`.
///
/// Plugin names are lowercase ASCII letters, digits and `-`; command names are snake_case
/// (lowercase ASCII letters, digits and `_`, starting with a letter).
public struct CommandName: Sendable, Hashable, CustomStringConvertible {
    public let plugin: String
    public let command: String
    /// The method name a native backend receives: the lowerCamelCase command (`share_text` → `shareText`).
    public var nativeMethod: String { CaseConversion.lowerCamelCase(command) }
    /// `plugin:<plugin>|<command>`, computed once.
    public let description: String

    /// A name from its parts.
    /// - Returns: `nil` when either part breaks the naming rules.
    public init?(plugin: String, command: String) {
        guard CommandName.isValidPlugin(plugin), CommandName.isValidCommand(command) else { return nil }
        self.plugin = plugin
        self.command = command
        self.description = "plugin:\(plugin)|\(command)"
    }

    /// A command name as a call sent it, for the ACL, which Tauri keys by the name as sent:
    /// `registerListener` (what `@tauri-apps/api` 2.0 sends) is not `register_listener`. The
    /// plugin must be valid; the command is ASCII letters, digits and `_`, starting with a
    /// lowercase letter; `nil` otherwise.
    public init?(asSent plugin: String, command: String) {
        guard CommandName.isValidPlugin(plugin), let first = command.utf8.first, first >= 0x61 && first <= 0x7A,
              command.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
        else { return nil }
        self.plugin = plugin
        self.command = command
        self.description = "plugin:\(plugin)|\(command)"
    }

    /// A plugin command exactly as a call sent it, whatever its spelling (`plugin:|x`,
    /// `plugin:OS|hostname`, `plugin:path|isAbsolute`): what Tauri's ACL is asked about before
    /// any command is looked up (`resolve_access` on the name as sent), so that the ACL refuses
    /// it as it refuses every name no permission lists. Never registered.
    public init(unvalidatedPlugin plugin: String, command: String) {
        self.plugin = plugin
        self.command = command
        self.description = "plugin:\(plugin)|\(command)"
    }

    /// An app's own command (`greet`): no plugin, invoked by its bare name, as
    /// `tauri::generate_handler!` registers it. `nil` for a name that is not a Rust identifier.
    public init?(app command: String) {
        guard let first = command.utf8.first, (first >= 0x61 && first <= 0x7A) || (first >= 0x41 && first <= 0x5A) || first == 0x5F,
              command.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
        else { return nil }
        plugin = ""
        self.command = command
        description = command
    }

    /// Whether this is an app's own command (no plugin): invoked by its bare name, not as
    /// `plugin:|x` (a plugin call with an empty plugin name, which Tauri refuses as `.x`).
    public var isAppCommand: Bool { plugin.isEmpty && !description.hasPrefix("plugin:") }

    /// Parses `plugin:<plugin>|<command>` without validating the parts (routing reports unknown
    /// names with Tauri's messages, whatever their spelling).
    /// - Returns: the two parts, or `nil` when `method` is not of the `plugin:…|…` form.
    public static func split(method: String) -> (plugin: String, command: String)? {
        // An ASCII name (every name a registry holds) is split byte by byte: as Characters,
        // this cost a served call 6k instructions.
        let utf8 = method.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.starts(with: "plugin:".utf8) else { return nil }
            let rest = utf8.index(utf8.startIndex, offsetBy: 7)
            guard let bar = utf8[rest...].firstIndex(of: UInt8(ascii: "|")) else { return nil }
            return (String(decoding: utf8[rest..<bar], as: UTF8.self), String(decoding: utf8[utf8.index(after: bar)...], as: UTF8.self))
        }
        guard method.hasPrefix("plugin:") else { return nil }
        let rest = method.dropFirst("plugin:".count)
        guard let bar = rest.firstIndex(of: "|") else { return nil }
        return (String(rest[..<bar]), String(rest[rest.index(after: bar)...]))
    }



    /// Whether `name` is a valid plugin name.
    public static func isValidPlugin(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            !bytes.isEmpty && bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        }
    }

    /// Whether `name` is a valid snake_case command name.
    public static func isValidCommand(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, first >= 0x61 && first <= 0x7A else { return false }
            for c in bytes where !((c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F) { return false }
            return true
        }
    }
}

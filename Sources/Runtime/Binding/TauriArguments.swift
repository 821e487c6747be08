import BridgeJSON
import BridgeProtocol

/// Tauri's binding of a command's arguments (tauri-apps/tauri `crates/tauri/src/ipc/command.rs`
/// @ a8105ecc: `CommandItem`'s deserializer reads `payload[key]`; a missing key is
/// `command {cmd} missing required key {key}`, an `Option` reads a missing or null key as `None`;
/// any serde error becomes `Error::InvalidArgs`: ``invalid args `{key}` for command `{cmd}`: {error}``),
/// with serde_json's wording of type errors (`invalid type: integer `1`, expected a string`).
public enum TauriArguments {
    /// The first argument of `arguments` that `payload` cannot bind, as Tauri rejects the call
    /// (`-32602`, the message Tauri's `invoke()` rejects with), or `nil` when every one binds.
    public static func refusal(_ payload: JSON, arguments: [RustArgument], command: String) -> ResponseError? {
        for argument in arguments {
            let value: JSON?
            switch payload {
            case .object(let o): value = o[argument.key]
            default: value = nil
            }
            if let problem = problem(value, type: argument.type, command: command, key: argument.key) {
                return invalid(argument.key, command: command, problem)
            }
        }
        return nil
    }

    /// Tauri's refusal of the argument `key` of `command`, in its words: `invalid args `<key>` for
    /// command `<command>`: <problem>` (`-32602`, naming the field).
    public static func invalid(_ key: String, command: String, _ problem: String) -> ResponseError {
        .invalidParams("invalid args `\(key)` for command `\(command)`: \(problem)",
                       details: ["command": .string(command), "field": .string(key), "layer": "command"])
    }

    /// serde's complaint about `value` as `type`, or `nil`.
    public static func problem(_ value: JSON?, type: RustType, command: String, key: String) -> String? {
        guard let value else {
            if case .option = type { return nil }
            return "command \(command) missing required key \(key)"
        }
        return mismatch(value, type)
    }

    public static func mismatch(_ value: JSON, _ type: RustType) -> String? {
        func invalid(_ expected: String) -> String { "invalid type: \(ArgumentBinder.describe(value)), expected \(expected)" }
        switch type {
        case .option(let inner):
            return value.isNull ? nil : mismatch(value, inner)
        case .any:
            return nil
        case .string:
            return value.stringValue == nil ? invalid("a string") : nil
        case .borrowedString:
            return value.stringValue == nil ? invalid("a borrowed string") : nil
        case .stringVisitor(let expecting):
            return value.stringValue == nil ? invalid(expecting) : nil
        case .path:
            return value.stringValue == nil ? invalid("path string") : nil
        case .char:
            guard let s = value.stringValue else { return invalid("a character") }
            return s.count == 1 ? nil : "invalid value: string \(JSON.string(s).serialized()), expected a character"
        case .bool:
            return value.boolValue == nil ? invalid("a boolean") : nil
        case .integer(let name):
            if case .failure(let refusal) = RustInteger.read(value, as: name) { return refusal.message }
            return nil
        case .float(let name):
            return value.numberValue == nil ? invalid(name) : nil
        case .sequence(let element):
            guard let items = value.arrayValue else { return invalid("a sequence") }
            for item in items { if let p = mismatch(item, element) { return p } }
            return nil
        case .map:
            guard case .object = value else { return invalid("a map") }
            return nil
        case .channel:
            guard ChannelArgument.id(value) != nil else {
                return "invalid channel value `\(value.serialized())`, expected a string in the `__CHANNEL__:ID` format"
            }
            return nil
        }
    }
}

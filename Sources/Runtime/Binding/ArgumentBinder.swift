import BridgeJSON
import BridgeMatching
import BridgeProtocol

/// Layer 1 argument binding, as Tauri's `#[tauri::command]` does it, for a command declared by
/// its contract: each parameter is bound as its Rust type (`Parameter.rustType`) by serde's
/// rules, the ones a command declared by its Rust signature is bound by (`TauriArguments`).
///
/// - Each declared parameter is read from its JSON key (`KeyStyle`), in declaration order; an
///   optional one reads `null` as absent; of duplicate keys the last wins (serde_json: the parser
///   keeps it with `JSONParser.DuplicateKeys.keepLast` and lists the keys in `duplicateKeyPaths`).
/// - A wrong type is `-32602` in Tauri's wording:
///   ``invalid args `url` for command `share_text`: invalid type: integer `1`, expected a string``.
/// - A missing required parameter: ``invalid args `url` for command `share_text`: command
///   share_text missing required key url`` (Tauri's `Error::InvalidArgs` wraps the
///   deserializer's error, `crates/tauri/src/ipc/command.rs`); `null` for one is serde's
///   `invalid type: null, expected …`.
/// - What Tauri accepts silently is a warning: a key that is no parameter (Tauri drops it; with
///   a did-you-mean when it is the other case form of a parameter, `image_url` → `imageUrl`, or a
///   near miss), a duplicate key, and a value that fails one of the parameter's `checks`.
public enum ArgumentBinder {
    /// The bound values and the warnings binding found.
    public struct Binding: Sendable {
        public let arguments: BoundArguments
        public let warnings: [CallWarning]
        /// Warnings past `CallWarning.maxPerCall` that were counted, not written.
        public var unlisted: Int = 0
    }

    /// Binds `arguments` to `parameters` for the command named `command` (its snake_case name).
    public static func bind(_ arguments: JSONObject, parameters: [Parameter], keyStyle: KeyStyle,
                            command: String, fullName: String) throws(ResponseError) -> Binding {
        try bind(arguments, signature: Signature(parameters, keyStyle: keyStyle), command: command, fullName: fullName)
    }

    /// Binds `arguments` to a command's precomputed signature.
    public static func bind(_ arguments: JSONObject, signature: Signature,
                            command: String, fullName: String) throws(ResponseError) -> Binding {
        let parameters = signature.parameters
        let keys = signature.keys
        var warnings: [CallWarning] = []
        // Past `CallWarning.maxPerCall`, keys are only counted: a body of a million unknown keys
        // costs a count, not a million messages.
        var unlisted = 0
        // The byte counts first: a cheap test that rules out most keys before `==`.
        for member in arguments where !keys.contains(where: { $0.utf8.count == member.key.utf8.count && $0 == member.key }) {
            if warnings.count < CallWarning.maxPerCall { warnings.append(unknownKey(member.key, keys: keys, command: command)) } else { unlisted += 1 }
        }
        for path in arguments.duplicateKeyPaths {
            guard warnings.count < CallWarning.maxPerCall else { unlisted += 1; continue }
            warnings.append(CallWarning(
                code: CallWarning.duplicateKey,
                message: "invalid args `\(CallWarning.quoted(path))` for command `\(command)`: the key appears more than once; Tauri keeps the last value",
                field: CallWarning.quoted(path)))
        }

        var values: [BoundArguments.Value] = []
        values.reserveCapacity(parameters.count)
        // By index, reading the precomputed kinds and flags: no copy of each `Parameter`.
        for index in parameters.indices {
            let key = keys[index]
            let value = arguments[key]
            if let problem = TauriArguments.problem(value, type: signature.types[index], command: command, key: key) {
                var details: JSONObject = ["command": .string(fullName), "layer": "command", "field": .string(key)]
                if value != nil { details["expected"] = .string(signature.kinds[index].rawValue) }
                throw ResponseError.invalidParams("invalid args `\(key)` for command `\(command)`: \(problem)", details: details)
            }
            guard let value, !value.isNull else { continue }
            if signature.checked[index], case .string(let text) = value {
                for check in parameters[index].checks {
                    if let warning = check.warning(text, key: key, command: command) { warnings.append(warning) }
                }
            }
            values.append(BoundArguments.Value(name: parameters[index].name, payloadKey: signature.payloadKeys[index], value: value))
        }
        return Binding(arguments: BoundArguments(values: values), warnings: warnings, unlisted: unlisted)
    }

    /// Whether a number is written as an integer (no fraction, no exponent) and fits an `Int`, as
    /// serde reads it. Scans bytes: `String.contains("…")` resolves to Foundation's locale-aware
    /// search wherever a module imports Foundation.
    private static func isInteger(_ n: JSONNumber) -> Bool {
        n.intValue != nil && !n.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The found value as serde describes it in `invalid type: …`.
    public static func describe(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean `\(b)`"
        case .number(let n):
            if isInteger(n) {
                return "integer `\(n.text)`"
            }
            return "floating point `\(n.text)`"
        case .string(let s): return "string \(JSON.string(s).serialized())"
        case .array, .bytes: return "sequence"
        case .object: return "map"
        }
    }

    private static func unknownKey(_ key: String, keys: [String], command: String) -> CallWarning {
        var message = "invalid args `\(CallWarning.quoted(key))` for command `\(command)`: unknown key, which Tauri ignores (the value never reaches the device)"
        if key.count <= CallWarning.maxQuotedKey, let suggestion = DidYouMean.suggest(for: key, among: keys) {
            message += "; did you mean `\(suggestion)`?"
        } else if keys.isEmpty {
            message += "; the command takes no arguments"
        } else {
            message += "; expected one of \(keys.map { "`\($0)`" }.joined(separator: ", "))"
        }
        return CallWarning(code: "unknown_key", message: message, field: CallWarning.quoted(key))
    }
}

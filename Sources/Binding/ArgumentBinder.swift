import BridgeJSON
import BridgeMatching
import BridgeProtocol

/// Layer 1 argument binding, as Tauri's `#[tauri::command]` does it, made strict.
///
/// - Each declared parameter is read from its JSON key (`KeyStyle`); `null` equals absent.
/// - A wrong type is `-32602` in Tauri's wording:
///   ``invalid args `url` for command `share_text`: invalid type: integer `1`, expected a string``.
/// - A missing required parameter: `command share_text missing required key url`.
/// - A key that is no parameter is refused (Tauri silently drops it), with a did-you-mean when
///   it is the other case form of a parameter (`image_url` → `imageUrl`) or a near miss.
public enum ArgumentBinder {
    /// Binds `arguments` to `parameters` for the command named `command` (its snake_case name).
    public static func bind(_ arguments: JSONObject, parameters: [Parameter], keyStyle: KeyStyle,
                            command: String, fullName: String) throws(ResponseError) -> BoundArguments {
        try bind(arguments, signature: Signature(parameters, keyStyle: keyStyle), command: command, fullName: fullName)
    }

    /// Binds `arguments` to a command's precomputed signature.
    public static func bind(_ arguments: JSONObject, signature: Signature,
                            command: String, fullName: String) throws(ResponseError) -> BoundArguments {
        let parameters = signature.parameters
        let keys = signature.keys
        for member in arguments where !keys.contains(member.key) {
            throw unknownKey(member.key, keys: keys, parameters: parameters, command: command, fullName: fullName)
        }
        var values: [BoundArguments.Value] = []
        values.reserveCapacity(parameters.count)
        for (index, (parameter, key)) in zip(parameters, keys).enumerated() {
            let value = arguments[key]
            guard let value, !value.isNull else {
                if parameter.required {
                    throw ResponseError.invalidParams("command \(command) missing required key \(key)", details: [
                        "command": .string(fullName), "layer": "command", "field": .string(key),
                    ])
                }
                continue
            }
            guard accepts(parameter.kind, value) else {
                throw ResponseError.invalidParams(
                    "invalid args `\(key)` for command `\(command)`: invalid type: \(describe(value)), expected \(parameter.kind.expectation)",
                    details: ["command": .string(fullName), "layer": "command", "field": .string(key),
                              "expected": .string(parameter.kind.rawValue)])
            }
            values.append(BoundArguments.Value(name: parameter.name, payloadKey: signature.payloadKeys[index], value: value))
        }
        return BoundArguments(values: values)
    }

    private static func accepts(_ kind: Parameter.Kind, _ value: JSON) -> Bool {
        switch (kind, value) {
        case (.any, _), (.string, .string), (.boolean, .bool), (.number, .number), (.object, .object), (.array, .array):
            return true
        case (.integer, .number(let n)):
            return n.intValue != nil && !n.text.contains(".") && !n.text.contains("e") && !n.text.contains("E")
        default:
            return false
        }
    }

    /// The found value as serde describes it in `invalid type: …`.
    public static func describe(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean `\(b)`"
        case .number(let n):
            if n.intValue != nil && !n.text.contains(".") && !n.text.contains("e") && !n.text.contains("E") {
                return "integer `\(n.text)`"
            }
            return "floating point `\(n.text)`"
        case .string(let s): return "string \(JSON.string(s).serialized())"
        case .array: return "sequence"
        case .object: return "map"
        }
    }

    private static func unknownKey(_ key: String, keys: [String], parameters: [Parameter],
                                   command: String, fullName: String) -> ResponseError {
        let suggestion = DidYouMean.suggest(for: key, among: keys)
        var message = "invalid args `\(key)` for command `\(command)`: unknown key"
        if let suggestion {
            message += "; did you mean `\(suggestion)`?"
        } else {
            message += ", expected one of \(keys.map { "`\($0)`" }.joined(separator: ", "))"
        }
        var details: JSONObject = ["command": .string(fullName), "layer": "command", "field": .string(key)]
        if let suggestion { details["suggestion"] = .string(suggestion) }
        return .invalidParams(message, details: details)
    }
}

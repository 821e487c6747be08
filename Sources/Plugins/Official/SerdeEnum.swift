import BridgeApp
import BridgeBinding
import BridgeJSON
import BridgeProtocol

/// A unit-variant enum argument (`#[serde(rename_all = "camelCase")] enum Style { Light, … }`)
/// read as serde reads it, with serde's words for what it refuses.
enum SerdeEnum {
    /// The variant at `key`, or `fallback` when the key is absent and the Rust side defaults it.
    /// - Throws: `-32602` `invalid args `<key>` for command `<command>`: …` as Tauri words it.
    static func variant(_ payload: JSONObject, key: String, command: String, type: String, variants: [String],
                        fallback: String? = nil) throws(ResponseError) -> String {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid(key, command: command, problem) }
        guard let value = payload[key], !value.isNull else {
            if let fallback { return fallback }
            throw refuse(payload[key] == nil ? "command \(command) missing required key \(key)" : "invalid type: null, expected enum \(type)")
        }
        guard case .string(let name) = value else { throw refuse("invalid type: \(describe(value)), expected enum \(type)") }
        guard variants.contains(name) else { throw refuse("unknown variant `\(name)`, expected \(expected(variants))") }
        return name
    }

    /// serde's list of what it expected: `` `a` ``, `` `a` or `b` ``, `` one of `a`, `b`, `c` ``.
    static func expected(_ variants: [String]) -> String {
        let quoted = variants.map { "`\($0)`" }
        switch quoted.count {
        case 1: return quoted[0]
        case 2: return "\(quoted[0]) or \(quoted[1])"
        default: return "one of " + quoted.joined(separator: ", ")
        }
    }

    static func describe(_ value: JSON) -> String { ArgumentBinder.describe(value) }
}

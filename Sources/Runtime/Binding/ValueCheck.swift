import BridgeJSON
import BridgeProtocol

/// A rule on a string argument that Tauri and the plugin do not enforce but the device depends
/// on (a link iOS can parse, a thumbnail it can fetch). A failing value is a warning by default
/// and a refusal under `--strict`.
///
/// The rule is written once, here: `problem` decides, and `pattern` is the same rule as an
/// ECMA-262 regular expression for the command's JSON Schema (the contract of a correct call).
/// The test suite checks that both agree on a corpus of values.
public struct ValueCheck: Sendable {
    /// The warning code (`unparsable_url`, `unfetchable_url`, …).
    public let code: String
    /// The values that pass, `""` included, anchored; written into the args schema.
    public let pattern: String
    /// Why a non-empty value fails, completing "`<key>` "<value>" …", or `nil` when it passes.
    public let problem: @Sendable (String) -> String?

    public init(code: String, pattern: String, problem: @escaping @Sendable (String) -> String?) {
        self.code = code
        self.pattern = pattern
        self.problem = problem
    }

    /// The warning for `value` under `key`, or `nil` when it passes (empty strings always pass:
    /// the plugins read them as absent).
    public func warning(_ value: String, key: String, command: String) -> CallWarning? {
        guard !value.isEmpty, let problem = problem(value) else { return nil }
        return CallWarning(code: code, message: "`\(key)` \(JSON.string(value).serialized()) for command `\(command)`: \(problem)",
                           field: key)
    }
}

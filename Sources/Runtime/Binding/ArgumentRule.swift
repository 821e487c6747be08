import BridgeJSON
import BridgeProtocol

/// A check of a command's own code on its bound arguments (the body of the Rust command, or
/// the native handler's first lines), declared so the schema and the docs state it too.
public enum ArgumentRule: Sendable, Equatable {
    /// At least one of these parameters (snake_case names) is a non-empty string or array;
    /// else the command refuses with `message` (frak-share: `Missing 'url' or 'text' parameter`).
    case oneNonEmpty([String], message: String)
    /// The parameter, when given, is a non-empty array (share: `files`); else `message`.
    case nonEmptyWhenPresent(String, message: String)

    /// The refusal for `arguments`, or `nil` when the rule holds.
    public func refusal(_ arguments: BoundArguments) -> String? {
        switch self {
        case .oneNonEmpty(let names, let message):
            let present = names.contains { name in
                switch arguments[name] {
                case .string(let s)?: !s.isEmpty
                case .array(let a)?: !a.isEmpty
                default: false
                }
            }
            return present ? nil : message
        case .nonEmptyWhenPresent(let name, let message):
            if case .array(let a)? = arguments[name], a.isEmpty { return message }
            return nil
        }
    }
}

import BridgeJSON
import BridgeProtocol

/// A check of a command's own code on its bound arguments (the body of the Rust command, or
/// the native handler's first lines), declared so the schema and the docs state it too.
public enum ArgumentRule: Sendable, Equatable {
    /// At least one of these parameters (snake_case names) is a non-empty string; else the
    /// command refuses with `message` (frak-share: `Missing 'url' or 'text' parameter`).
    case oneNonEmpty([String], message: String)

    /// The refusal for `arguments`, or `nil` when the rule holds.
    public func refusal(_ arguments: BoundArguments) -> String? {
        switch self {
        case .oneNonEmpty(let names, let message):
            let present = names.contains { !(arguments.string($0) ?? "").isEmpty }
            return present ? nil : message
        }
    }
}

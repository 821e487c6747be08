/// A parameter a command declares, by its snake_case name, as a Rust `#[tauri::command]` does:
/// its shape, whether it is required, what it means, and the checks that warn about values
/// the device would silently get wrong.
public struct Parameter: Sendable {
    /// The JSON types the schemas tell apart.
    public enum Kind: String, Sendable {
        case string, boolean, integer, number, object, array, any
    }

    /// The snake_case name, as the Rust command declares it.
    public let name: String
    public let shape: Shape
    /// Whether the call must provide it (non-null, as a Rust type that is no `Option`);
    /// optional parameters treat `null` as absent.
    public let required: Bool
    /// One sentence for the schema, the TypeScript declaration and `bridge schema`.
    public let doc: String
    /// Checks on a non-empty string value; each failure is a warning (a refusal under `--strict`).
    public let checks: [ValueCheck]

    public init(_ name: String, _ shape: Shape, required: Bool = false, doc: String = "", checks: [ValueCheck] = []) {
        self.name = name
        self.shape = shape
        self.required = required
        self.doc = doc
        self.checks = checks
    }

    /// The JSON type the schemas write.
    public var kind: Kind { shape.kind }

    /// The Rust type the parameter is bound as (serde's rules, `TauriArguments`): its shape's,
    /// an `Option` unless required.
    public var rustType: RustType { required ? shape.rustType : .option(shape.rustType) }
}

/// How a command's JSON keys relate to its parameter names.
public enum KeyStyle: Sendable, Equatable {
    /// `image_url` is sent as `imageUrl`: Tauri's default for `#[tauri::command]`.
    case camelCase
    /// `image_url` is sent as `image_url`: `rename_all = "snake_case"`, and every native-only
    /// command (Tauri forwards its keys unchanged).
    case snakeCase

    /// The JSON key for a parameter name.
    public func key(for parameter: String) -> String {
        switch self {
        case .camelCase: return CaseConversion.lowerCamelCase(parameter)
        case .snakeCase: return parameter
        }
    }
}

/// A command's declared parameters with their JSON keys, computed once at registration.
public struct Signature: Sendable {
    public let parameters: [Parameter]
    public let keyStyle: KeyStyle
    /// The JSON key of each parameter, in declaration order.
    public let keys: [String]
    /// The camelCase payload key of each parameter (what backends read).
    public let payloadKeys: [String]
    /// The JSON type the schemas write, per parameter (`Parameter.kind`, computed once).
    public let kinds: [Parameter.Kind]
    /// The Rust type each parameter is bound as (`Parameter.rustType`, computed once).
    public let types: [RustType]
    /// Whether each parameter is required.
    public let required: [Bool]
    /// Whether each parameter has value checks.
    public let checked: [Bool]

    public init(_ parameters: [Parameter], keyStyle: KeyStyle = .camelCase) {
        self.parameters = parameters
        self.keyStyle = keyStyle
        keys = parameters.map { keyStyle.key(for: $0.name) }
        payloadKeys = parameters.map { CaseConversion.lowerCamelCase($0.name) }
        kinds = parameters.map(\.kind)
        types = parameters.map(\.rustType)
        required = parameters.map(\.required)
        checked = parameters.map { !$0.checks.isEmpty }
    }
}

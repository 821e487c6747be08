import BridgeJSON
import BridgeProtocol

/// One call of a command: its name, its arguments and where it comes from.
public struct Invocation: Sendable {
    public let name: CommandName
    /// The `params` object, as sent (the reserved `__bridge` key removed).
    public let arguments: JSONObject
    public let context: CallContext

    public init(name: CommandName, arguments: JSONObject, context: CallContext) {
        self.name = name
        self.arguments = arguments
        self.context = context
    }
}

/// A parameter a command declares, by its snake_case name.
public struct Parameter: Sendable, Equatable {
    /// The JSON types a parameter accepts.
    public enum Kind: String, Sendable {
        case string, boolean, integer, number, object, array, any
    }

    /// The snake_case name, as the Rust command declares it.
    public let name: String
    public let kind: Kind
    /// Whether the call must provide it (non-null).
    public let required: Bool

    public init(_ name: String, _ kind: Kind, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.required = required
    }
}

/// A plugin command: its name, the parameters it declares and its handler.
///
/// The handler runs concurrently with other calls. It reports failures by throwing a
/// `ResponseError`; any other error becomes `-32603` at the router, and `CancellationError`
/// becomes `-32800`.
public struct Command: Sendable {
    public typealias Handler = @Sendable (Invocation) async throws -> JSON

    /// The snake_case command name, without its plugin.
    public let name: String
    public let parameters: [Parameter]
    /// One sentence for listings and help.
    public let summary: String
    public let handler: Handler

    public init(_ name: String, summary: String, parameters: [Parameter] = [], handler: @escaping Handler) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.handler = handler
    }
}

/// A plugin: a name and the commands it registers.
public protocol Plugin: Sendable {
    /// The plugin name, e.g. `frak-share`.
    var name: String { get }
    /// The commands the plugin serves.
    var commands: [Command] { get }
}

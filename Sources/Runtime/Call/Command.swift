import BridgeBinding
import BridgeJSON
import BridgeProtocol

/// One call of a command: its name, its arguments and where it comes from.
public struct Invocation: Sendable {
    public let name: CommandName
    /// The `params` object, as sent (the reserved `__bridge` key removed).
    public let arguments: JSONObject
    /// The arguments bound to the command's declared parameters (empty for unbound commands).
    public let bound: BoundArguments
    public let context: CallContext
    /// What the ACL granted: the scopes the command may read.
    public let grant: CallGrant
    /// The command's layer: whether a command layer bound the arguments.
    public let layer: CommandDeclaration.Layer
    /// The request's headers and raw body (`params.__tauri`), when it has them.
    public let request: TauriRequest?

    /// What the native side receives: the camelCase payload of the bound values for a command
    /// with a command layer (serde's re-serialisation), the arguments as sent for a native-only one.
    public var nativePayload: JSON {
        layer == .nativeOnly ? .object(arguments) : .object(bound.camelCasePayload)
    }

    public init(name: CommandName, arguments: JSONObject, bound: BoundArguments = BoundArguments(), context: CallContext,
                grant: CallGrant = CallGrant(), layer: CommandDeclaration.Layer = .command, request: TauriRequest? = nil) {
        self.name = name
        self.request = request
        self.layer = layer
        self.arguments = arguments
        self.bound = bound
        self.context = context
        self.grant = grant
    }
}

/// What a command returns: its result, and the platform record of what a phone would have
/// been handed (`--inspect`, `bridge/presentation`), when there is one.
///
/// The record is built on demand: a backend hands over how to build it, and only a caller that
/// shows it (`--inspect`, a session with `inspect`) pays for it.
public struct CommandOutput: Sendable, Equatable {
    public let result: JSON
    private let record: JSONRecord?

    /// An output with a record already built (or none).
    public init(result: JSON, presentation: JSON? = nil) {
        self.result = result
        record = presentation.map { presentation in JSONRecord { presentation } }
    }

    /// An output whose record is built only when asked for.
    public init(result: JSON, presentation: @escaping @Sendable () -> JSON) {
        self.result = result
        record = JSONRecord(presentation)
    }

    /// An output whose record is made only when asked for, by `record` (which may write it
    /// straight to bytes: a page's event stream then gets it without a tree).
    public init(result: JSON, record: JSONRecord) {
        self.result = result
        self.record = record
    }

    /// The platform record, or `nil` when the command has none.
    public var presentation: JSON? { record?.json }

    /// What makes the platform record, unmade: for a transport that makes it only when
    /// someone will read it (a page with its event stream open).
    public var presentationRecord: JSONRecord? { record }

    public static func == (a: CommandOutput, b: CommandOutput) -> Bool {
        a.result == b.result && a.presentation == b.presentation
    }
}

/// Where a call stands once its command's checks ran: answered, or waiting — with everything
/// it checked and built kept in the closure — for what takes time (a download, a sheet that
/// stays up, a person's click). The waiting part never checks again.
public enum CallStep: Sendable {
    case done(CommandOutput)
    case waiting(@Sendable () async throws -> CommandOutput)
    /// Waiting without a task on one thing that reports on a thread of its own (a download's
    /// end or its deadline), then the next step (see `CallResumption`).
    case resuming(CallResumption)

    /// The output, once what waits (if anything) is done.
    public func output() async throws -> CommandOutput {
        switch self {
        case .done(let output): return output
        case .waiting(let rest): return try await rest()
        case .resuming(let resumption): return try await resumption.awaited()().output()
        }
    }
}

/// A plugin command: its declaration and how it starts a call.
///
/// The declaration (see `CommandDeclaration`) gives layer 1 binding, the command's own checks
/// and its warnings for free; a command made without parameters (`parameters: nil`) receives
/// its arguments unbound. A call starts on the caller's thread (`start`): it checks once, then
/// answers or hands back the part that waits, which runs concurrently with other calls. Failures
/// are thrown as `ResponseError`s; any other error becomes `-32603` at the router, and
/// `CancellationError` becomes `-32800`.
public struct Command: Sendable {
    public typealias Handler = @Sendable (Invocation) async throws -> CommandOutput
    /// A call's start: the command's checks, then its answer or what waits (see `CallStep`).
    public typealias Start = @Sendable (Invocation) throws -> CallStep
    /// What a command that reads ACL scopes says about a call's scope: warnings, since Tauri
    /// hands the scope to the command and the real plugin decides (`--strict` refuses them).
    public typealias ScopeCheck = @Sendable (Invocation) -> [CallWarning]

    /// How the router binds a call's arguments, before the command starts: one binder, serde's
    /// rules (`ArgumentBinder`, `TauriArguments`), whichever way the command was declared.
    public enum Binding: Sendable {
        /// To the declaration's parameters (a product plugin's contract): their Rust types, the
        /// value checks' warnings, unknown and duplicate keys warned.
        case declared
        /// To the Rust signature (a kit command): refused as Tauri refuses; a key only a later
        /// version reads is ignored, as the version modelled ignores it, and said.
        case rust([RustArgument])
        /// Not at all: the payload reaches the command as sent (`tauri::ipc::Request`, a
        /// handler or a fixture).
        case unbound
    }

    public let declaration: CommandDeclaration
    public let binding: Binding
    /// Whether the arguments are bound to the declared parameters.
    public var binds: Bool { if case .declared = binding { true } else { false } }
    /// Starts a call: runs on the caller's thread, once per call.
    public let start: Start
    /// The command's reading of its scope; `nil` for a command that reads none (a scope granted
    /// to it is then a warning: Tauri would ignore it).
    public let scopeCheck: ScopeCheck?

    /// A declared command that starts each call with `start`.
    public init(_ declaration: CommandDeclaration, scope: ScopeCheck? = nil, starting start: @escaping Start) {
        self.declaration = declaration
        self.binding = .declared
        self.scopeCheck = scope
        self.start = start
    }

    /// A declared command whose every call waits in `handler`.
    public init(_ declaration: CommandDeclaration, scope: ScopeCheck? = nil, reporting handler: @escaping Handler) {
        self.init(declaration, scope: scope, starting: Command.waiting(handler))
    }

    /// A command that binds its own arguments (Tauri's core plugins, the app's commands): the
    /// router passes them unbound; `start` as for a declared command.
    public init(unbound declaration: CommandDeclaration, scope: ScopeCheck? = nil, starting start: @escaping Start) {
        self.declaration = declaration
        self.binding = .unbound
        self.scopeCheck = scope
        self.start = start
    }

    /// A command declared by its Rust signature: the router binds `arguments` as Tauri does
    /// before `start` runs.
    public init(rust arguments: [RustArgument], declaration: CommandDeclaration, scope: ScopeCheck? = nil, starting start: @escaping Start) {
        self.declaration = declaration
        self.binding = .rust(arguments)
        self.scopeCheck = scope
        self.start = start
    }

    /// A command that binds its own arguments, whose every call waits in `handler`.
    public init(unbound declaration: CommandDeclaration, scope: ScopeCheck? = nil, reporting handler: @escaping Handler) {
        self.init(unbound: declaration, scope: scope, starting: Command.waiting(handler))
    }

    /// A command whose handler returns a result and, optionally, a presentation record.
    public init(_ name: String, summary: String, parameters: [Parameter]? = nil, keyStyle: KeyStyle = .camelCase,
                reporting handler: @escaping Handler) {
        self.declaration = CommandDeclaration(name, summary: summary, parameters: parameters ?? [], keyStyle: keyStyle)
        self.binding = parameters != nil ? .declared : .unbound
        self.scopeCheck = nil
        self.start = Command.waiting(handler)
    }

    /// A command whose handler returns only a result.
    public init(_ name: String, summary: String, parameters: [Parameter]? = nil, keyStyle: KeyStyle = .camelCase,
                handler: @escaping @Sendable (Invocation) async throws -> JSON) {
        self.init(name, summary: summary, parameters: parameters, keyStyle: keyStyle) { invocation in
            CommandOutput(result: try await handler(invocation))
        }
    }

    /// The start of a command whose every call waits in `handler`.
    private static func waiting(_ handler: @escaping Handler) -> Start {
        { invocation in .waiting { try await handler(invocation) } }
    }

    /// The snake_case command name, without its plugin.
    public var name: String { declaration.name }
    /// One sentence for listings and help.
    public var summary: String { declaration.summary }
}

/// A plugin: a name, the commands it registers, and its Tauri permission files.
public protocol Plugin: Sendable {
    /// The plugin name, e.g. `frak-share`.
    var name: String { get }
    /// The commands the plugin serves.
    var commands: [Command] { get }
    /// Their names, in `commands`' order or another: what the registry knows of a plugin until
    /// one of its commands is called (a plugin that can list them without building its
    /// commands pays for those at its first call, not at every start).
    var commandNames: [String] { get }
    /// The plugin's `permissions/` folder, compiled in: its TOML or JSON permission files.
    var permissionFiles: [PermissionFile] { get }
    /// Why a scope entry granted to this plugin is malformed, or `nil`; checked at start-up.
    func scopeProblem(_ entry: JSON) -> String?
    /// Whether this is one of Tauri's core plugins (`app`, `path`, `window`, …): served like any
    /// other, but left out of the command lists usage errors print.
    var isCore: Bool { get }
    /// The session methods the plugin adds beside its commands (`bridge/openUrl`): what a test
    /// harness asks of the simulated device, answered by the session, never reachable from a page.
    var sessionMethods: [SessionMethod] { get }
    /// When `permissionFiles` are exactly what Tauri's build generates from a command list (plus
    /// a default set): that list and set, so the ACL builds the manifest as values instead of
    /// parsing the files at every start; `nil` otherwise.
    var generatedPermissions: GeneratedPermissions? { get }
    /// Whether its name and command names are checked when the binary is built (a plugin
    /// compiled in: `OneKitTests` checks every one), so a start does not check them again; a
    /// plugin read at run time (`--plugin-dir`) is checked at registration.
    var namesCheckedAtBuild: Bool { get }
    /// Whether one of its permission sets (the default one included) names another plugin's
    /// permission (`core:default` names `core:app:default`), when known at build time: the ACL
    /// then neither builds nor parses the sets to find out at each start. `nil`: unknown, the
    /// ACL reads the sets.
    var setsReachOtherPlugins: Bool? { get }
}

/// A plugin's generated permissions, by what generates them: Tauri's build (an `allow-` and
/// a `deny-` per command, the default set), and the permissions and sets its files declare
/// beyond those (fs's base-directory scopes), as values.
public struct GeneratedPermissions: Sendable {
    public let commands: [String]
    public let defaultSet: (description: String, permissions: [String])?
    /// `Plugin.setsReachOtherPlugins`, when its declaration says it.
    public let setsReachOtherPlugins: Bool?
    private let declared: @Sendable () -> [Permission]
    private let declaredSets: @Sendable () -> [PermissionSet]
    /// The declared permissions, made when read (fs declares hundreds, with their scopes): the
    /// commands, the default set and the sets are enough to know what a capability reaches.
    public var permissions: [Permission] { declared() }
    public var sets: [PermissionSet] { declaredSets() }

    public init(commands: [String], defaultSet: (description: String, permissions: [String])?,
                permissions: @autoclosure @escaping @Sendable () -> [Permission] = [],
                sets: @autoclosure @escaping @Sendable () -> [PermissionSet] = [], setsReachOtherPlugins: Bool? = nil) {
        self.commands = commands
        self.defaultSet = defaultSet
        self.setsReachOtherPlugins = setsReachOtherPlugins
        declared = permissions
        declaredSets = sets
    }
}

/// A method a session answers for a plugin (`bridge/<name>`), with the session's context.
public struct SessionMethod: Sendable {
    public let name: String
    public let run: @Sendable (JSON?, CallContext) -> Result<JSON, ResponseError>
    /// The longest name a session method may have: the session tells them from commands by length.
    public static let maxNameLength = 24

    public init(_ name: String, run: @escaping @Sendable (JSON?, CallContext) -> Result<JSON, ResponseError>) {
        precondition(name.hasPrefix("bridge/") && name.utf8.count <= SessionMethod.maxNameLength,
                     "a session method is named bridge/<name>, at most \(SessionMethod.maxNameLength) bytes: \(name)")
        self.name = name
        self.run = run
    }
}

extension Plugin {
    public var commandNames: [String] { commands.map(\.name) }
    public var sessionMethods: [SessionMethod] { [] }
    public var generatedPermissions: GeneratedPermissions? { nil }
    public var setsReachOtherPlugins: Bool? { nil }
    public var namesCheckedAtBuild: Bool { false }
    public var isCore: Bool { false }
    /// The files `swift run bridge-generate` compiled in (`EmbeddedPermissions`), found at run
    /// time: a plugin's code never names its generated source, so it builds before the first run.
    public var permissionFiles: [PermissionFile] { (Self.self as? any EmbeddedPermissions.Type)?.embeddedPermissionFiles ?? [] }
    public func scopeProblem(_ entry: JSON) -> String? { nil }
}

/// A type whose `permissions/<name>/` files `swift run bridge-generate` compiled in: the generated
/// source declares the conformance, and `Plugin.permissionFiles` finds it.
public protocol EmbeddedPermissions {
    static var embeddedPermissionFiles: [PermissionFile] { get }
}

/// One permission file of a plugin, by its path under `permissions/<plugin>/`.
public struct PermissionFile: Sendable, Equatable {
    public let path: String
    public let text: String
    /// The file's content as compact JSON, converted when the file was compiled in
    /// (`swift run bridge-generate`), so that start-up reads JSON instead of parsing TOML;
    /// `nil` reads `text`. The checks of the file run on either form.
    public let compiled: String?

    public init(path: String, text: String, compiled: String? = nil) {
        self.path = path
        self.text = text
        self.compiled = compiled
    }
}

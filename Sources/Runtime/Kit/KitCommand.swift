import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol

/// What the core plugins answer about the app: from `--app`'s configuration, else defaults.
public struct AppInfo: Sendable {
    public var identifier: String
    public var name: String
    public var version: String
    /// What `getTauriVersion()` answers: the `tauri` crate of the app's `Cargo.lock`, else the pin.
    public var tauriVersion: String
    public var windows: [AppConfig.Window]

    public init(identifier: String = "com.example.app", name: String = "app", version: String = "0.1.0",
                tauriVersion: String = TauriPin.version, windows: [AppConfig.Window] = [AppConfig.Window()]) {
        self.identifier = identifier
        self.name = name
        self.version = version
        self.tauriVersion = tauriVersion
        self.windows = windows
    }

    /// The app of an `--app` configuration.
    public init(_ config: AppConfig) {
        self.init(identifier: config.identifier, name: config.name, version: config.version ?? "0.1.0",
                  tauriVersion: CargoLock.tauriVersion(root: config.root) ?? TauriPin.version, windows: config.startupWindows)
    }
}

/// The upstream Tauri the core plugins follow.
public enum TauriPin {
    /// tauri-apps/tauri: the plugin code (`crates/tauri/src/{app,path,window,webview}/plugin.rs`)
    /// read at a8105ecc (2.0.6, 2024-10-24), with the commands and permissions added since read
    /// from `crates/tauri/build.rs` @ 02cd31f2 (`identifier`, `fetch_data_store_identifiers`, …).
    public static let commit = "a8105eccb2122f003b4a36bbfb747998f53c5f10"
    public static let permissionsCommit = "02cd31f286fe1d951d573977d82c3806c56937d8"
    /// The crate version at `commit`.
    public static let version = "2.0.6"
}

/// One command of a plugin, the kit's one kind: declared by its Rust signature (its arguments,
/// under their Rust names, camelCased as the IPC does) or by its contract (`CommandDeclaration`,
/// a product plugin's), and its answer from the bound payload and the call's context — a
/// result, and the record of what the device would show or do, if anything. Either way the
/// router binds the call by serde's rules before the command starts (`Command.Binding`).
public struct KitCommand: Sendable {
    public let name: String
    /// The command as the plugin `name`d registers it, with the origin's summary for listings.
    private let registered: @Sendable (_ plugin: String, _ summary: String?) -> Command

    public init(_ name: String, _ arguments: [(String, RustType)] = [],
                _ run: @escaping @Sendable (JSONObject, CallContext) throws(ResponseError) -> JSON) {
        self.init(name, arguments, invocation: { (invocation) throws(ResponseError) in
            CommandOutput(result: try run(invocation.arguments, invocation.context))
        })
    }

    /// A command whose answer comes with a record (`CommandOutput.presentation`).
    public init(_ name: String, _ arguments: [(String, RustType)] = [], recording run: @escaping @Sendable (JSONObject, CallContext) throws(ResponseError) -> CommandOutput) {
        self.init(name, arguments, invocation: { (invocation) throws(ResponseError) in try run(invocation.arguments, invocation.context) })
    }

    /// A command that reads the whole call: its grant's scopes (`readsScope`) or its request's
    /// headers and body (`takesRequest`, which then binds no named arguments).
    public init(_ name: String, _ arguments: [(String, RustType)] = [], readsScope: Bool = false, takesRequest: Bool = false,
                invocation run: @escaping @Sendable (Invocation) throws(ResponseError) -> CommandOutput) {
        self.init(name, arguments, readsScope: readsScope, takesRequest: takesRequest, starting: { (invocation) throws(ResponseError) in .done(try run(invocation)) })
    }

    /// A command that reads the whole call (as above) and decides per call whether it answers
    /// at once or waits (a file that is a FIFO: its reader waits for a writer).
    public init(_ name: String, _ arguments: [(String, RustType)] = [], readsScope: Bool = false, takesRequest: Bool = false,
                starting start: @escaping @Sendable (Invocation) throws(ResponseError) -> CallStep) {
        self.init(name, arguments.map { RustArgument(name: $0.0, key: KitCommand.key($0.0), type: $0.1) },
                  readsScope: readsScope, takesRequest: takesRequest, start: start)
    }

    /// A command that may wait for a person (a prompt they click): bound as the others, its
    /// answer on the call's task.
    public init(_ name: String, _ arguments: [(String, RustType)] = [],
                waiting run: @escaping @Sendable (Invocation) async throws(ResponseError) -> CommandOutput) {
        self.init(name, arguments.map { RustArgument(name: $0.0, key: KitCommand.key($0.0), type: $0.1) }, waiting: run)
    }

    /// The same, its arguments already read (a `--plugin-dir` command's Rust signature); with
    /// `summary` for listings, and `takesRequest` for a command whose payload reaches what
    /// answers it as sent (a handler, a fixture).
    public init(_ name: String, _ arguments: [RustArgument], summary: String? = nil, takesRequest: Bool = false,
                waiting run: @escaping @Sendable (Invocation) async throws(ResponseError) -> CommandOutput) {
        self.init(name, arguments, summary: summary, takesRequest: takesRequest, start: { invocation in .waiting { try await run(invocation) } })
    }

    /// A command declared by its contract (`CommandDeclaration`: parameters with their shapes,
    /// docs and value checks, its rules and result), whose JSON Schemas are
    /// `Schemas/commands/<plugin>/` and whose native method the generated protocol names: the
    /// router binds its arguments to the declared parameters, then `start` runs (the product
    /// plugins' commands: frak-share, share, share-extension). `scope` reads its grant's scope.
    public init(declared declaration: CommandDeclaration, scope: Command.ScopeCheck? = nil, starting start: @escaping Command.Start) {
        name = declaration.name
        let command = Command(declaration, scope: scope, starting: start)
        registered = { _, _ in command }
    }

    /// The same, every call of which waits in `handler`.
    public init(declared declaration: CommandDeclaration, scope: Command.ScopeCheck? = nil, reporting handler: @escaping Command.Handler) {
        self.init(declared: declaration, scope: scope, starting: { invocation in .waiting { try await handler(invocation) } })
    }

    /// A command declared by its Rust signature: the router binds it (`Command.Binding.rust`:
    /// serde's rules, `TauriArguments`), then `start` runs on the caller's thread. `readsScope`: a scope granted to it is its to check, not
    /// a `scope_ignored` warning; `takesRequest`: it takes `tauri::ipc::Request` (a raw body,
    /// headers) and binds no named arguments.
    private init(_ name: String, _ arguments: [RustArgument], summary: String? = nil, readsScope: Bool = false, takesRequest: Bool = false,
                 start: @escaping @Sendable (Invocation) throws(ResponseError) -> CallStep) {
        self.name = name
        let own = summary
        registered = { plugin, summary in
            let declaration = CommandDeclaration(name, summary: own ?? summary ?? "Tauri's core \(plugin) plugin: \(name)", parameters: [], layer: .nativeOnly)
            var scope: Command.ScopeCheck?
            if readsScope { scope = { (_: Invocation) -> [CallWarning] in [] } }
            if takesRequest { return Command(unbound: declaration, scope: scope) { invocation in try start(invocation) } }
            return Command(rust: arguments, declaration: declaration, scope: scope) { invocation in try start(invocation) }
        }
    }

    /// The IPC key of a Rust argument: camelCase, computed only for a name that needs it.
    static func key(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: "_")) ? CaseConversion.lowerCamelCase(name) : name
    }

    /// The registered command: Tauri's binding, then the answer on the caller's thread, or
    /// what waits (bound once); a declared command as declared.
    public func command(plugin: String, summary: String? = nil) -> Command { registered(plugin, summary) }
}

/// The `tauri` package version in a `Cargo.lock` beside the app's `Cargo.toml`.
enum CargoLock {
    static func tauriVersion(root: String) -> String? {
        guard let text = try? String(contentsOfFile: root + "/Cargo.lock", encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n").makeIterator()
        while let line = lines.next() {
            guard line == "name = \"tauri\"", let next = lines.next(), next.hasPrefix("version = \"") else { continue }
            return String(next.dropFirst("version = \"".count).dropLast())
        }
        return nil
    }
}

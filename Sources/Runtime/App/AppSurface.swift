import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeRouter
import BridgeSystem

/// The part of a front end's surface the bridge does not simulate: the app's own commands
/// (read from its Rust sources, bound as Tauri binds them) and the plugins it does not host.
/// Each call is answered, in this order, by a client's handler (`bridge/handle`: the Node
/// client's `bridge.handle(cmd, fn)`), by a fixture (`--fixtures FILE`), or rejected with a
/// message that names the command and both ways to answer it — and recorded in `Unanswered`.
public final class AppSurface: CommandFallback {
    /// The plugins the bridge neither hosts nor has permission files for that the capabilities in
    /// force name (`frak-webauthn:default`): their calls are answered, unchecked (a warning). A
    /// plugin nothing names is refused by the ACL as Tauri refuses it, unless a fixture or a
    /// client's handler answers its command — an explicit choice to let it through.
    public typealias ForeignPolicy = Set<String>

    public let commands: AppCommands
    public let fixtures: Fixtures?
    private let granted: SharedLock<ForeignPolicy>
    private let appACL = SharedLock(false)
    /// Whether the app's own commands pass the ACL: set when the app has an ACL manifest
    /// (`CallAuthority.checksAppCommands`), as Tauri checks them then; else they run anywhere.
    public var checksAppCommands: Bool {
        get { appACL.withLock { $0 } }
        set { appACL.withLock { $0 = newValue } }
    }
    /// The plugins the capabilities grant that the bridge has no permission files for.
    public var foreign: ForeignPolicy {
        get { granted.withLock { $0 } }
        set { granted.withLock { $0 = newValue } }
    }
    public let clients: ClientHandlers
    public let ledger: Unanswered
    /// `--auto-answer`: a value of its declared type for an app command nothing else answers.
    public let autoAnswers: AutoAnswers?
    private let applies = SharedLock<(@Sendable (String, CallContext) -> Bool)?>(nil)
    /// Whether a capability in force for a call's context names an unhosted plugin (its platforms,
    /// windows and origin): a call no such capability reaches is refused as Tauri refuses it;
    /// `nil`: every call of a `foreign` plugin is let through (a test's surface).
    public var foreignApplies: (@Sendable (String, CallContext) -> Bool)? {
        get { applies.withLock { $0 } }
        set { applies.withLock { $0 = newValue } }
    }

    public init(commands: AppCommands = AppCommands(commands: [:]), fixtures: Fixtures? = nil, foreign: ForeignPolicy = [],
                clients: ClientHandlers = ClientHandlers(), ledger: Unanswered = Unanswered(), autoAnswers: AutoAnswers? = nil) {
        self.commands = commands
        self.autoAnswers = autoAnswers
        self.fixtures = fixtures
        self.granted = SharedLock(foreign)
        self.clients = clients
        self.ledger = ledger
    }

    public func resolve(_ method: String, registry: CommandRegistry) -> FallbackEntry? {
        if let (plugin, command) = CommandName.split(method: method) {
            guard !registry.hasPlugin(plugin), let name = CommandName(asSent: plugin, command: command) else { return nil }
            let unchecked = CallWarning(
                code: "acl_unchecked",
                message: "\(plugin).\(command): the bridge has no permission files for plugin \(plugin), so the capabilities' grant of it was not checked as Tauri checks it; give --plugin-dir <the plugin's folder> to check it")
            let prefix = "plugin:\(plugin)|"
            let answered = fixtures?.commands.contains { $0.hasPrefix(prefix) } == true || clients.handler(for: method) != nil
            // Named by nothing: the router's ACL refuses it, as Tauri does.
            guard foreign.contains(plugin) || answered else { return nil }
            return FallbackEntry(entry: entry(name, kind: "plugin \(plugin), not simulated"), skipsACL: true, unchecked: unchecked)
        }
        guard commands.has(method) || fixtures?.has(method) == true || clients.handler(for: method) != nil,
              let name = CommandName(app: method) else { return nil }
        // App commands pass the ACL once the app has an ACL manifest (build.rs's
        // `AppManifest::commands`, src-tauri/permissions/); by default Tauri allows them everywhere.
        return FallbackEntry(entry: entry(name, kind: "app command"), skipsACL: !checksAppCommands)
    }

    /// Kept for the summary; announced (`bridge/unhandled`) when it names a plugin the bridge
    /// does not host — a typo of a hosted command or an unknown bare name already gets a
    /// not-found answer with a did-you-mean.
    public func missed(_ method: String, params: JSON?, context: CallContext, error: ResponseError, registry: CommandRegistry) {
        if let (plugin, _) = CommandName.split(method: method) {
            ledger.record(method, params: params, kind: "plugin \(plugin)", error: error, announce: !registry.hasPlugin(plugin),
                          client: context.client)
        } else {
            ledger.record(method, params: params, kind: "unknown command", error: error, announce: false)
        }
    }

    /// The command that answers `name`'s calls through the handlers and fixtures.
    private func entry(_ name: CommandName, kind: String) -> CommandRegistry.Entry {
        let method = name.description
        let rust = name.isAppCommand ? commands.commands[name.command] : nil
        let command = Command(name.command, summary: "\(kind): answered by a handler or a fixture") { [self] invocation in
            let payload = JSON.object(invocation.arguments)
            // A plugin the capabilities name is refused where none of them applies (an updater
            // granted on desktop only, called on iOS), fixture or not: Tauri refuses it there.
            if !name.isAppCommand, foreign.contains(name.plugin), let applies = foreignApplies, !applies(name.plugin, invocation.context) {
                throw AppSurface.notGranted(name, context: invocation.context)
            }
            if let rust, let refusal = TauriArguments.refusal(payload, arguments: rust.arguments, command: name.command) {
                throw refusal
            }
            return try await answer(method, kind: kind, payload: payload, context: invocation.context)
        }
        return CommandRegistry.Entry(name: name, command: command)
    }

    /// The answer of a call the bridge does not simulate: a client's handler, else a fixture,
    /// else the rejection that names it (recorded as unanswered).
    public func answer(_ method: String, kind: String, payload: JSON, context: CallContext) async throws(ResponseError) -> JSON {
        if let handler = clients.handler(for: method) {
            return try await handler.ask(method, payload: payload, context: context).get()
        }
        if let answer = fixtures?.answer(method, payload: payload) {
            switch answer {
            case .success(let value): return value
            case .failure(let error): throw AppSurface.rejection(error.value, command: method, source: "fixture")
            }
        }
        var unresolved: [String] = []
        switch autoAnswers?.answer(method) {
        case .value(let value)?:
            let warning = AutoAnswers.warning(method, seed: autoAnswers?.seed ?? 1)
            // Asked for on the command line, so reported, never refused under --strict.
            CallObserver.current?.warned([warning])
            ledger.recordAuto(method, params: payload, kind: kind, result: value, message: warning.message, client: context.client)
            return value
        case .unresolved(let types)?: unresolved = types
        case nil: break
        }
        let error = AppSurface.unanswered(method, kind: kind, fixtures: fixtures, unresolved: unresolved)
        ledger.record(method, params: payload, kind: kind, error: error, client: context.client)
        throw error
    }

    /// The refusal of a call to an unhosted plugin that no capability for its platform, window
    /// and origin names (Tauri resolves no permission of it there).
    static func notGranted(_ name: CommandName, context: CallContext) -> ResponseError {
        .notAllowed("\(name.plugin).\(name.command) not allowed. Plugin not found",
                    details: ["command": .string(name.description), "layer": "acl", "reason": .string(
                        "no capability in force on \(context.platform.rawValue) for window \"\(context.window)\" names plugin \(name.plugin) (a capability's platforms, windows or remote URLs exclude this call), so Tauri grants it nothing here")])
    }

    /// A rejection with `value` as what `invoke()` rejects with (a Rust `Err` as it serialises):
    /// the message is the value's text, `data.rejection` the value itself.
    public static func rejection(_ value: JSON, command: String, source: String) -> ResponseError {
        .rejected(value.stringValue ?? value.serialized(),
                  details: ["command": .string(command), "rejection": value, "answeredBy": .string(source)])
    }

    /// The answer to a call nothing answers: the command, and how to answer it.
    /// - Parameter unresolved: the types of its result `--auto-answer` could not resolve.
    static func unanswered(_ method: String, kind: String, fixtures: Fixtures?, unresolved: [String] = []) -> ResponseError {
        let fixture = Unanswered.fixture(method).serialized()
        let file = fixtures.map { "add \(fixture) to \($0.file)" } ?? "start the bridge with --fixtures FILE holding \(fixture)"
        var matched = fixtures?.has(method) == true ? " (the fixtures name it, but none of its answers matches these arguments)" : ""
        if !unresolved.isEmpty {
            matched += " (--auto-answer does not guess it: its result names \(unresolved.joined(separator: ", ")), not declared in the app's sources)"
        }
        var details: JSONObject = ["command": .string(method), "unhandled": true, "fixture": Unanswered.fixture(method)]
        if !unresolved.isEmpty { details["unresolved"] = .array(unresolved.map(JSON.string)) }
        return .notFound("\(method) (\(kind)) has no answer\(matched): \(file), or answer it from Node with bridge.handle('\(method)', args => …)",
                         details: details)
    }
}


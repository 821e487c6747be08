import BridgeCall
import BridgeBinding
import BridgeJSON
import BridgeProtocol
import BridgeSimulation

/// Takes a method name and its params to a command's result: resolution, the argument checks
/// common to every command, and the one boundary where handler errors become wire errors.
public struct Router: Sendable {
    public let registry: CommandRegistry
    /// The ACL; `nil` lets every registered command run (tests of the runtime alone).
    public let authority: (any CallAuthority)?
    /// What answers the calls no registered command does (the app's own commands, plugins the
    /// bridge does not host), and hears of the calls nothing answers; `nil`: Tauri's not-found.
    public let fallback: (any CommandFallback)?
    /// Where every call and its answer is written (`--record FILE`); `nil`: nowhere.
    public let recorder: (any CallRecording)?
    /// Every plugin's `register_listener` / `remove_listener`; `nil`: none are answered.
    let listeners: ListenerCommands?

    public init(registry: CommandRegistry, authority: (any CallAuthority)? = nil, fallback: (any CommandFallback)? = nil,
                recorder: (any CallRecording)? = nil, listeners: (any PluginListening)? = nil) {
        self.registry = registry
        self.authority = authority
        self.fallback = fallback
        self.recorder = recorder
        self.listeners = listeners.map(ListenerCommands.init)
    }

    /// A call ready to run: the command, its bound invocation, and what the device would
    /// silently get wrong (reported beside the answer; refused already under `--strict`).
    public struct Call: Sendable {
        public let entry: CommandRegistry.Entry
        public let invocation: Invocation
        public let warnings: [CallWarning]
    }

    /// Resolves `method` and checks `params`.
    ///
    /// An unknown plugin command (or, when the app has an ACL manifest, an unknown app command)
    /// meets the ACL first, as in Tauri: no capability allows it, so
    /// the answer is the ACL's refusal (`frak-share.share_txt not allowed. Command not found`,
    /// `… Plugin not found`), as `-32601` with a `data.suggestion` when a name is close.
    public func prepare(method: String, params: JSON?, context: CallContext) -> Result<Call, ResponseError> {
        let prepared = route(method: method, params: params, context: context)
        if let recorder, case .failure(let error) = prepared {
            recorder.record(method, params: params, context: context, outcome: .failure(error), warnings: [])
        }
        return prepared
    }

    private func route(method: String, params: JSON?, context: CallContext) -> Result<Call, ResponseError> {
        if let listeners, let entry = listeners.entry(for: method, registry: registry) {
            return prepare(entry: entry, params: params, context: context, checksACL: true, unchecked: nil)
        }
        if let entry = registry.entry(for: method) { return prepare(entry: entry, params: params, context: context, checksACL: true, unchecked: nil) }
        if let fallback, let found = fallback.resolve(method, registry: registry) {
            let prepared = prepare(entry: found.entry, params: params, context: context, checksACL: !found.skipsACL,
                                   unchecked: found.unchecked)
            if case .failure(let error) = prepared { fallback.missed(method, params: params, context: context, error: error, registry: registry) }
            return prepared
        }
        var missing: ResponseError
        switch registry.resolve(method: method) {
        case .success(let entry): return prepare(entry: entry, params: params, context: context, checksACL: true, unchecked: nil)
        case .failure(let error):
            // tauri 2.0.6 `crates/tauri/src/webview/mod.rs` `on_message`: the ACL resolves the
            // command as sent before any plugin or command is looked up, so a name no permission
            // lists (`plugin:|x`, `plugin:OS|hostname`, `plugin:path|isAbsolute`) is the ACL's
            // refusal (`Command plugin:OS|hostname not allowed by ACL` in a release build).
            if let authority, let (plugin, command) = CommandName.split(method: method),
               case .failure(let refusal) = authority.authorize(CommandName(unvalidatedPlugin: plugin, command: command), context: context) {
                var details: JSONObject = ["command": .string(method)]
                if let suggestion = registry.suggestion(for: method) { details["suggestion"] = .string(suggestion.description) }
                missing = .notFound(refusal.message, details: details)
            } else if let authority, authority.checksAppCommands, !method.contains("|"), let name = CommandName(app: method),
                      case .failure(let refusal) = authority.authorize(name, context: context) {
                // An app with an ACL manifest checks every app command first, as Tauri does: an
                // unknown one is refused as `not_a_command not allowed. Command not found`.
                var details: JSONObject = ["command": .string(method)]
                if let suggestion = registry.suggestion(for: method) { details["suggestion"] = .string(suggestion.description) }
                missing = .notFound(refusal.message, details: details)
            } else {
                missing = error
            }
            // Nothing silently old: a command only a later version has says which.
            if let change = UpstreamChanges.adding(command: method) { missing = missing.newer(change) }
        }
        fallback?.missed(method, params: params, context: context, error: missing, registry: registry)
        return .failure(missing)
    }

    /// Checks the ACL, then `params`, for an already resolved command, in Tauri's order: the
    /// ACL, then binding (types in declaration order). Positional or scalar `params` carry no
    /// keys, so every parameter reads as absent, as in Tauri (a warning). Under `context.strict`
    /// the first warning is the refusal.
    public func prepare(entry: CommandRegistry.Entry, params: JSON?, context: CallContext) -> Result<Call, ResponseError> {
        let prepared = prepare(entry: entry, params: params, context: context, checksACL: true, unchecked: nil)
        if let recorder, case .failure(let error) = prepared {
            recorder.record(entry.fullName, params: params, context: context, outcome: .failure(error), warnings: [])
        }
        return prepared
    }

    /// Hands a finished call to the recorder.
    private func recorded(_ call: Call, _ outcome: Result<CommandOutput, ResponseError>) -> Result<CommandOutput, ResponseError> {
        Router.recorded(call, outcome, by: recorder)
    }

    private static func recorded(_ call: Call, _ outcome: Result<CommandOutput, ResponseError>,
                                 by recorder: (any CallRecording)?) -> Result<CommandOutput, ResponseError> {
        recorder?.record(call.entry.fullName, params: .object(call.invocation.arguments), context: call.invocation.context,
                         outcome: outcome.map(\.result), warnings: call.warnings)
        return outcome
    }

    /// `prepare(entry:…)`, for a fallback's entry: `checksACL` false skips the ACL (an app command
    /// no app manifest lists, a plugin whose permission files the bridge lacks) and `unchecked`
    /// says so beside the answer.
    func prepare(entry: CommandRegistry.Entry, params: JSON?, context: CallContext, checksACL: Bool,
                 unchecked: CallWarning?) -> Result<Call, ResponseError> {
        var grant = CallGrant()
        if checksACL, let authority {
            switch authority.authorize(entry.name, context: context) {
            case .success(let g): grant = g
            case .failure(let refusal):
                // A plugin command no permission names is none the plugin declares (Tauri's build
                // writes permissions for every command of its COMMANDS; the base class's listener
                // commands are not among them): `… Command not found`, not found, as a command
                // nobody registered. An app command stays refused: the app has it, its manifest
                // does not grant it.
                if !entry.name.isAppCommand, refusal.data["reason"] == "not_granted",
                   refusal.data["permissions"]?.arrayValue?.isEmpty == true {
                    return .failure(.notFound(refusal.message, details: refusal.data))
                }
                return .failure(refusal)
            }
        }
        var warnings: [CallWarning] = unchecked.map { [$0] } ?? []
        var arguments: JSONObject
        switch params {
        case nil, .null?: arguments = JSONObject()
        case .object(let o)?: arguments = o
        case let other?:
            arguments = JSONObject()
            warnings.append(CallWarning(
                code: "positional_params",
                message: "invalid args for command `\(entry.name.command)`: params are \(other.typeName == "array" ? "positional (an array)" : "a \(other.typeName)"), so Tauri finds no keys and reads every argument as absent; pass an object of named arguments"))
        }
        // The request's headers and raw body travel apart from the named arguments.
        var request: TauriRequest?
        if let reserved = arguments[TauriRequest.key] {
            do {
                request = try TauriRequest.parse(reserved, command: entry.fullName)
            } catch {
                return .failure(error)
            }
            arguments[TauriRequest.key] = nil
            // tauri `ipc/command.rs`: a named argument cannot be read from a bytes payload.
            if request?.body != nil, let key = Router.firstKey(entry.command) {
                let command = entry.name.command
                return .failure(.invalidParams(
                    "invalid args `\(key)` for command `\(command)`: command \(command) expected a value for key \(key) but the IPC call used a bytes payload",
                    details: ["command": .string(entry.fullName), "field": .string(key)]))
            }
        }
        // What the call reserves for its simulated user (`__bridge`) is the simulation's to read.
        var callContext = context
        do {
            let simulation = try context.simulation.applying(reservedIn: &arguments, command: entry.name.command)
            // Set only when the call changes it: setting copies the context's settings.
            if simulation != context.simulation { callContext.simulation = simulation }
        } catch {
            return .failure(error.adding(["command": .string(entry.fullName)]))
        }
        var bound = BoundArguments()
        var unlisted = 0
        // One binder, serde's rules, however the command was declared.
        switch entry.command.binding {
        case .declared:
            // The declaration's signature in place, not a copy.
            do {
                let binding = try ArgumentBinder.bind(arguments, signature: entry.command.declaration.signature,
                                                      command: entry.name.command, fullName: entry.fullName)
                bound = binding.arguments
                if !binding.warnings.isEmpty { warnings += binding.warnings }
                unlisted = binding.unlisted
            } catch {
                return .failure(warnings.isEmpty ? error : error.adding(["warnings": .array(warnings.map(\.json))]))
            }
        case .rust(let signature):
            if let refusal = TauriArguments.refusal(.object(arguments), arguments: signature, command: entry.name.command) {
                return .failure(warnings.isEmpty ? refusal : refusal.adding(["warnings": .array(warnings.map(\.json))]))
            }
            // Nothing silently old: an argument only a later version reads is ignored here, as
            // this version ignores it, and the warning names the version that reads it.
            for member in arguments where !signature.contains(where: { $0.key == member.key }) {
                if let change = UpstreamChanges.adding(argument: member.key, of: entry.fullName) {
                    let command = entry.name.command
                    warnings.append(CallWarning(code: "newer_version", message:
                        "invalid args `\(member.key)` for command `\(command)`: read from \(change.component) \(change.since) on (\(change.summary)); the \(change.component) modelled ignores it: pin \(change.component)@\(change.since) or later with --plugin-version or the app's Cargo.lock",
                        field: member.key))
                }
            }
        case .unbound:
            break
        }
        let invocation = Invocation(name: entry.name, arguments: arguments, bound: bound, context: callContext, grant: grant,
                                    layer: entry.command.declaration.layer, request: request)
        if let scopeCheck = entry.command.scopeCheck {
            let found = scopeCheck(invocation)
            if !found.isEmpty { warnings += found }
        } else if !grant.allAllow.isEmpty || !grant.allDeny.isEmpty {
            warnings.append(CallWarning(
                code: "scope_ignored",
                message: "\(entry.name.plugin).\(entry.name.command): the capability grants a scope, but the command reads none, so Tauri ignores it"))
        }
        if warnings.count > CallWarning.maxPerCall || unlisted > 0 { warnings = CallWarning.bounded(warnings, more: unlisted) }
        if context.strict, let first = warnings.first {
            return .failure(.strict(first, details: ["command": .string(entry.fullName), "layer": "command"]))
        }
        return .success(Call(entry: entry, invocation: invocation, warnings: warnings))
    }

    /// A started call: answered on the caller's thread, or the part that waits.
    public enum Started: Sendable {
        case done(Result<CommandOutput, ResponseError>)
        /// Runs what the call waits for; its checks ran already and do not run again.
        case waiting(@Sendable () async -> Result<CommandOutput, ResponseError>)
        /// Waits without a task (`CallStep.resuming`).
        case resuming(Resumed)
    }

    /// A started call that waits without a task (`CallResumption`): its outcome comes to the
    /// caller on the thread where its wait ended, recorded, its observer bound while its next
    /// step was worked out. If that step waits again, a task runs it from there.
    public struct Resumed: Sendable {
        let starting: @Sendable (CallCancellation, _ answer: @escaping @Sendable (Result<CommandOutput, ResponseError>) -> Void) -> Void

        /// Starts the wait; `answer` gets the call's outcome once, from any thread (this one when
        /// it ends at once). The result stops the call (then answered as its command answers a
        /// stop: `cancelled`, `-32800`).
        public func begin(answering answer: @escaping @Sendable (Result<CommandOutput, ResponseError>) -> Void) -> CallCancellation {
            let cancellation = CallCancellation()
            starting(cancellation, answer)
            return cancellation
        }

        /// The outcome awaited by a task: cancelling the task stops the call.
        public func awaited() async -> Result<CommandOutput, ResponseError> {
            let cancellation = CallCancellation()
            return await withTaskCancellationHandler {
                await withUnsafeContinuation { continuation in
                    starting(cancellation) { continuation.resume(returning: $0) }
                }
            } onCancel: {
                cancellation.cancel()
            }
        }
    }

    /// A call driven down the one road: refused before any command ran, answered on the
    /// caller's thread, or the part that waits (its observer bound again around it).
    public enum Driven: Sendable {
        /// Resolution, the ACL or binding said no (recorded already).
        case refused(ResponseError)
        case done(Call, Result<CommandOutput, ResponseError>)
        case waiting(Call, @Sendable () async -> Result<CommandOutput, ResponseError>)
        /// Waits without a task; `Resumed.awaited()` for a caller that awaits it anyway.
        case resuming(Call, Resumed)
    }

    /// The one road every call takes, whatever carried it (`invoke`, `replay`, `serve`, a page):
    /// resolve, the ACL and binding (`prepare`), then on this thread the command's own checks and
    /// its start, each once, with `observer` hearing its warnings and presentations; only what
    /// waits is left to await. `willStart` sees the prepared call before it starts (to print
    /// the warnings known before it runs). Transports turn bytes into this call and its outcome
    /// into bytes; none of them calls the steps itself.
    public func drive(method: String, params: JSON?, context: CallContext, observer: CallObserver? = nil,
                      willStart: ((Call) -> Void)? = nil) -> Driven {
        drive(prepare(method: method, params: params, context: context), observer: observer, willStart: willStart)
    }

    /// `drive` for a call prepared already (`prepare(entry:…)`, an entry the caller resolved).
    public func drive(_ prepared: Result<Call, ResponseError>, observer: CallObserver? = nil,
                      willStart: ((Call) -> Void)? = nil) -> Driven {
        let call: Call
        switch prepared {
        case .failure(let error): return .refused(error)
        case .success(let ready): call = ready
        }
        willStart?(call)
        let started = observer.map { observer in CallObserver.$current.withValue(observer) { start(call, observer: observer) } }
            ?? start(call, observer: nil)
        switch started {
        case .done(let outcome): return .done(call, outcome)
        case .waiting(let rest):
            guard let observer else { return .waiting(call, rest) }
            return .waiting(call, { await CallObserver.$current.withValue(observer) { await rest() } })
        case .resuming(let resumed): return .resuming(call, resumed)
        }
    }

    /// Starts a prepared call on this thread: the command's own checks
    /// (`CommandDeclaration.rules`), as its code would, then its start, each once. Every failure
    /// comes back as a `ResponseError`; every outcome is recorded once, when known. Only
    /// `drive` calls it: the one road. `observer` is bound again where a call that waits without
    /// a task resumes (on another thread).
    func start(_ call: Call, observer: CallObserver?) -> Started {
        if let refusal = Router.ruleRefusal(call) { return .done(recorded(call, .failure(refusal))) }
        let step: CallStep
        do {
            step = try call.entry.command.start(call.invocation)
        } catch {
            return .done(recorded(call, .failure(Router.responseError(error, call: call))))
        }
        switch step {
        case .done(let output): return .done(recorded(call, .success(output)))
        case .waiting(let rest):
            return .waiting { [self] in
                do {
                    return recorded(call, .success(try await rest()))
                } catch {
                    return recorded(call, .failure(Router.responseError(error, call: call)))
                }
            }
        case .resuming(let resumption):
            // The recorder alone goes along, not the router (a copy of each of its parts).
            let recorder = recorder
            return .resuming(Resumed { cancellation, answer in
                resumption.start(tracking: cancellation) { next in
                    Router.resume(call, next, observer: observer, recorder: recorder, cancellation: cancellation, answer: answer)
                }
            })
        }
    }

    /// The next step of a call whose wait ended, worked out on the thread where it ended, with
    /// the call's observer bound; one that waits again gets a task (stage 1 of `cancellation`).
    private static func resume(_ call: Call, _ next: @escaping CallResumption.Next, observer: CallObserver?, recorder: (any CallRecording)?,
                               cancellation: CallCancellation, answer: @escaping @Sendable (Result<CommandOutput, ResponseError>) -> Void) {
        let step = observer.map { observer in CallObserver.$current.withValue(observer) { Result(catching: next) } }
            ?? Result(catching: next)
        switch step {
        case .failure(let error): answer(recorded(call, .failure(Router.responseError(error, call: call)), by: recorder))
        case .success(.done(let output)): answer(recorded(call, .success(output), by: recorder))
        case .success(let rest):
            let task = Task {
                let outcome: Result<CommandOutput, ResponseError>
                do {
                    if let observer {
                        outcome = .success(try await CallObserver.$current.withValue(observer) { try await rest.output() })
                    } else {
                        outcome = .success(try await rest.output())
                    }
                } catch {
                    outcome = .failure(Router.responseError(error, call: call))
                }
                answer(recorded(call, outcome, by: recorder))
            }
            cancellation.track(stage: 1) { task.cancel() }
        }
    }

    /// Drives a prepared call and waits for its outcome.
    public func run(_ call: Call) async -> Result<CommandOutput, ResponseError> {
        switch drive(.success(call)) {
        case .refused(let error): return .failure(error)
        case .done(_, let outcome): return outcome
        case .waiting(_, let rest): return await rest()
        case .resuming(_, let resumed): return await resumed.awaited()
        }
    }

    /// The key of a command's first named argument: a bytes payload cannot bind it.
    static func firstKey(_ command: Command) -> String? {
        switch command.binding {
        case .declared: command.declaration.signature.keys.first
        case .rust(let arguments): arguments.first?.key
        case .unbound: nil
        }
    }

    /// The first of the command's own checks that refuses the bound arguments, as `-32602`.
    @inline(never)
    static func ruleRefusal(_ call: Call) -> ResponseError? {
        guard call.entry.command.binds else { return nil }
        for rule in call.entry.command.declaration.rules {
            if let message = rule.refusal(call.invocation.bound) {
                return .invalidParams(message, details: ["command": .string(call.entry.fullName), "layer": "command"])
            }
        }
        return nil
    }

    /// What a handler's error is on the wire: its own `ResponseError`, `-32800` for
    /// cancellation, `-32603` for anything else.
    @inline(never)
    static func responseError(_ error: any Error, call: Call) -> ResponseError {
        if let error = error as? ResponseError { return error }
        if error is CancellationError { return .cancelled }
        return .internalError("Internal error in \(call.entry.name): \(error)")
            .adding(["command": .string(call.entry.fullName)])
    }
}

extension ResponseError {
    /// This refusal of a command that `change` adds, saying from which version it exists
    /// (`data.newerVersion`) and how to model it.
    func newer(_ change: UpstreamChange) -> ResponseError {
        let command = data["command"]?.stringValue ?? "this command"
        return adding([
            "newerVersion": .string("\(change.component) \(change.since)"),
            "reason": .string("\(command) exists from \(change.component) \(change.since) (\(change.reference)); the session models an older "
                + "\(change.component): pin a newer one with --tauri-version or --plugin-version, or in the app's Cargo.lock"),
        ])
    }
}

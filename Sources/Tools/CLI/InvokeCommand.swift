import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeRouter
import BridgeStreams
import Dispatch
import FoundationEssentials
import Glibc
import BridgeSystem
import Synchronization

/// `bridge invoke <command> [<args-json> | -] [options]`: one call, from a shell.
struct InvokeCommand {
    static let help = """
    Usage: bridge invoke <command> [<args-json> | -] [options]

    Runs one plugin command and prints its result as one JSON document.

    <command>    plugin:<plugin>|<command>, <plugin>|<command>, or a bare <command>
                 that exactly one plugin has (e.g. share_text)
    <args-json>  the arguments as a JSON object, e.g. '{"text":"Hello"}' [{}]
    -            read the arguments from stdin

    Options:
    \(ContextOptions.help)
    \(BackendOptions.help)
    \(ACLOptions.help)
    \(AppOptions.help)
      --inspect               print {"result": …, "presentation": …, "warnings"?: […]}: the
                              result and the platform record of what the phone would have
                              been handed; a call that fails after presenting (a dismissed
                              share) prints its error with the record in data.presentation
      --preview FILE          also write the sheet the record describes, as one HTML
                              document (see 'bridge render --help')
    \(MessageLimitOption.help("the largest arguments document accepted"))
      -h, --help              show this help

    Warnings (what Tauri accepts but the device would get wrong) go to stderr as
    'bridge: warning: …'; --strict refuses them instead.

    Exit status: 0 success (the result on stdout); 1 the command failed (the JSON-RPC
    error object on stdout, one line on stderr); 2 usage error (a message on stderr).
    """

    enum ArgumentsSource: Equatable {
        case none
        case literal(String)
        case stdin
    }

    let command: String
    let arguments: ArgumentsSource
    let context: CallContext
    let maxMessageBytes: Int
    /// `--inspect`: print `{"result", "presentation"}` instead of the bare result.
    let inspect: Bool
    /// `--preview FILE`: where to write the rendering of the presentation record.
    let preview: String?
    /// The options as given, for the warnings about those the command's plugin does not read.
    private let options: ArgumentList
    /// The `--app` project's own commands, when one is given: a bare name is then a command
    /// `invoke()` may send, so one nothing has is Tauri's not-found answer, not a usage error.
    private let appCommands: [String]?

    /// Reads and checks the command line.
    init(_ args: ArgumentList, app: AppOptions) throws(UsageError) {
        guard let command = args.positionals.first else {
            throw UsageError("missing <command>: name the command to run, e.g. 'bridge invoke share_text'", subcommand: "invoke")
        }
        guard args.positionals.count <= 2 else {
            throw UsageError("too many arguments: expected <command> and one <args-json>, got \(args.positionals.count) arguments (quote the JSON)", subcommand: "invoke")
        }
        self.command = command
        switch args.positionals.dropFirst().first {
        case nil: arguments = .none
        case "-": arguments = .stdin
        case let text?: arguments = .literal(text)
        }
        var context = try ContextOptions.context(from: args, defaultWindow: app.defaultWindow)
        context.screen = Screen()
        self.context = context
        maxMessageBytes = try MessageLimitOption.value(args)
        inspect = args.flag("inspect")
        preview = try args.nonEmpty("preview")
        // Refused before the call runs, so a call is never reported done while its preview is lost.
        if let preview { try RenderCommand.checkWritable(preview, option: "--preview", subcommand: "invoke") }
        options = args
        appCommands = app.config == nil ? nil : app.commands.commands.keys.sorted()
    }

    static let flagNames: Set<String> = ContextOptions.flagNames.union(["inspect"]).union(BackendOptions.flagNames).union(ACLOptions.flagNames)
        .union(AppOptions.answerFlags)

    static let optionNames = ContextOptions.names.union(BackendOptions.names).union(ACLOptions.names).union(AppOptions.names)
        .union(MessageLimitOption.names).union(["preview"])

    /// Runs the call and writes its outcome; returns the exit status.
    func run(router: Router, streams: StandardStreams) throws(UsageError) -> Int32 {
        // A name no plugin has may be one the fallback answers (an app command, a plugin the
        // bridge does not host); the registry's usage error stands otherwise.
        let entry: CommandRegistry.Entry
        var viaFallback = false
        do {
            entry = try CommandLookup.entry(command, in: router.registry, subcommand: "invoke")
        } catch {
            if let found = router.fallback?.resolve(command, registry: router.registry) {
                entry = found.entry
                viaFallback = true
            } else if command.contains("|") {
                // A plugin command spelled as Tauri spells it is a call: the answer is Tauri's
                // (the ACL's `… not allowed. Command not found`), exit 1; the usage hint on stderr.
                return unknownPluginCommand(router: router, streams: streams, usage: error)
            } else if let appCommands, case .failure(.unknownCommand) = router.registry.resolve(cliName: command) {
                // With --app a bare name is what `invoke('not_a_command')` sends: Tauri's answer.
                return unknownAppCommand(router: router, appCommands: appCommands, streams: streams, usage: error)
            } else {
                throw error
            }
        }
        let params = try readParams()
        ContextOptions.ignored(options, platform: context.platform, plugin: entry.name.plugin).forEach(streams.warn)
        // plugin-process ends the app: a one-shot call reports it and exits with the app's code
        // (a restart has nothing to start again: 0). The call itself never answers, as in Tauri.
        let name = entry.name.description
        AppLifecycle.process.onEnd { ending, _ in
            switch ending {
            case .exit(let code):
                streams.error("bridge: \(name): the app exited with code \(code)")
                Glibc.exit(code)
            case .restart:
                streams.error("bridge: \(name): the app restarted (a one-shot invoke has no app to start again; bridge serve starts itself again)")
                Glibc.exit(0)
            }
        }
        let outcome: Result<CommandOutput, ResponseError>
        var warnings: [CallWarning] = []
        // Hears what waits for the result to reach stdout whole (a share inbox's leases).
        var receipts: InvokeObserver? = nil
        // What a call that failed had presented (a dismissed share): its record is still shown.
        let presentedBeforeFailing = Mutex<(@Sendable () -> JSON)?>(nil)
        let prepared = viaFallback ? router.prepare(method: command, params: params, context: context)
            : router.prepare(entry: entry, params: params, context: context)
        // Warnings learnt while the call runs are printed at once: a call that never settles
        // (a present UIKit refused) still says why.
        let live = Mutex<[CallWarning]>([])
        let observer = InvokeObserver(waitsOnNobody: {
            streams.error("bridge: the call is pending and will never settle (no simulated user will act on the sheet), "
                          + "as the app's promise would be; Ctrl-C ends it")
        }, presented: { record in
            presentedBeforeFailing.withLock { $0 = record }
        }) { more in
            live.withLock { $0 += more }
            more.forEach(streams.warn)
        }
        // The call starts on this thread (its checks, once); only what waits gets a task.
        switch router.drive(prepared, observer: observer, willStart: { $0.warnings.forEach(streams.warn) }) {
        case .refused(let error): outcome = .failure(error)
        case .done(let call, let now):
            receipts = observer
            outcome = now
            warnings = call.warnings + live.withLock { $0 }
        case .waiting(let call, let rest):
            receipts = observer
            outcome = InvokeCommand.wait { await rest() }
            warnings = call.warnings + live.withLock { $0 }
        case .resuming(let call, let resumed):
            receipts = observer
            outcome = InvokeCommand.wait { await resumed.awaited() }
            warnings = call.warnings + live.withLock { $0 }
        }
        switch outcome {
        case .success(let output):
            // The record made once (a written one is parsed back each time it is asked for).
            let presentation = output.presentation
            var document = output.result
            if inspect {
                var object: JSONObject = ["result": output.result, "presentation": presentation ?? .null]
                if !warnings.isEmpty { object["warnings"] = .array(warnings.map(\.json)) }
                document = .object(object)
            }
            if streams.write(json: document) {
                receipts?.answerWritten()
            }
            if !inspect {
                PresentationWarnings.warnings(presentation).forEach(streams.warn)
            }
            try writePreview(presentation, streams: streams,
                             missing: "\(entry.name.command) on \(context.platform.rawValue) presents nothing")
            return 0
        case .failure(let error):
            let presentation = presentedBeforeFailing.withLock { $0 }?()
            // --inspect keeps stdout the error object and adds what was presented to its data.
            let document = inspect && presentation != nil ? error.adding(["presentation": presentation ?? .null]) : error
            streams.write(document.json.serialized() + "\n")
            let oneLine = error.message.split(whereSeparator: \.isNewline).joined(separator: " ")
            streams.error("bridge: \(entry.name.command) failed: \(oneLine) (\(error.code.rawValue) \(error.code.kind))")
            try writePreview(presentation, streams: streams, missing: "the call failed before presenting anything")
            return 1
        }
    }

    /// The answer to a `plugin:<p>|<c>` (or `<p>|<c>`) no plugin has: the error object Tauri's
    /// `invoke()` rejects with on stdout, what exists (and the did-you-mean) on stderr; exit 1.
    private func unknownPluginCommand(router: Router, streams: StandardStreams, usage: UsageError) -> Int32 {
        let method = command.hasPrefix("plugin:") ? command : "plugin:" + command
        _ = try? readParams()
        guard case .failure(let error) = router.prepare(method: method, params: nil, context: context) else {
            streams.error("bridge: \(usage.message)")
            return 1
        }
        streams.write(error.json.serialized() + "\n")
        streams.error("bridge: \(method) failed: \(error.message) (\(error.code.rawValue) \(error.code.kind)); \(usage.message)")
        return 1
    }

    /// The answer to a bare name that neither the app nor a plugin has, with `--app`: Tauri's
    /// `Command <name> not found` (`webview/mod.rs`, when no invoke handler takes it) on stdout,
    /// with the did-you-mean in `data` (an app command first) and on stderr; exit 1.
    private func unknownAppCommand(router: Router, appCommands: [String], streams: StandardStreams, usage: UsageError) -> Int32 {
        _ = try? readParams()
        var error: ResponseError
        if case .failure(let refusal) = router.prepare(method: command, params: nil, context: context) {
            error = refusal
        } else {
            error = .notFound("Command \(command) not found", details: ["command": .string(command)])
        }
        if let meant = DidYouMean.suggest(for: command, among: appCommands) {
            error = error.adding(["suggestion": .string(meant), "hint": .string("did you mean \(meant)?")])
        }
        let hint = error.data["suggestion"]?.stringValue.map { " (did you mean '\($0)'?)" } ?? ""
        streams.write(error.json.serialized() + "\n")
        streams.error("bridge: \(command) failed: \(error.message) (\(error.code.rawValue) \(error.code.kind))\(hint); "
                      + "app commands: \(appCommands.isEmpty ? "(none)" : appCommands.joined(separator: ", "))")
        return 1
    }

    /// Writes `--preview`'s rendering of what the call presented, or says why there is none

    /// (`missing`); the call's exit status does not depend on it.
    private func writePreview(_ presentation: JSON?, streams: StandardStreams, missing: String) throws(UsageError) {
        guard let preview else { return }
        guard let presentation else {
            streams.error("bridge: no preview written: \(missing)")
            return
        }
        try RenderCommand.write(try RenderCommand.render(presentation, what: "the presentation"), to: preview, subcommand: "invoke")
    }

    private func readParams() throws(UsageError) -> JSON? {
        let bytes: [UInt8]
        let origin: String
        switch arguments {
        case .none:
            return nil
        case .literal(let text):
            bytes = Array(text.utf8)
            origin = "<args-json>"
            guard bytes.count <= maxMessageBytes else {
                throw UsageError("<args-json> is larger than \(maxMessageBytes) bytes (\(MessageLimitOption.raise))", subcommand: "invoke")
            }
        case .stdin:
            origin = "the arguments on stdin"
            switch FileDescriptorIO.readAll(0, limit: maxMessageBytes) {
            case .bytes(let b): bytes = b
            case .tooLarge(let limit):
                throw UsageError("the arguments on stdin are larger than \(limit) bytes (\(MessageLimitOption.raise))", subcommand: "invoke")
            case .failed(let code):
                throw UsageError("cannot read the arguments from stdin (errno \(code))", subcommand: "invoke")
            }
        }
        do {
            return try JSONParser.parse(bytes, duplicateKeys: .keepLast)
        } catch {
            throw UsageError("\(origin) are not valid JSON: \(error); pass a JSON object such as '{\"text\":\"Hello\"}'", subcommand: "invoke")
        }
    }

    /// Runs `work` and blocks this thread until it finishes. The work starts right here
    /// (`Task.immediate`): a call that never suspends finishes without starting the
    /// concurrency pool's threads, which keeps `bridge invoke`'s start-up short.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.immediate {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        // The task stored a value before signalling.
        return box.withLock { $0 }!
    }
}

/// `bridge invoke`'s observer: it also keeps what waits for the result to be written to stdout
/// (`whenAnswerWritten`), run by `answerWritten()` once it was written whole.
private final class InvokeObserver: CallObserver, @unchecked Sendable {
    // Sendable proof: the only state is the Mutex, which is Sendable.
    private let waiting = Mutex<[@Sendable () -> Void]>([])

    override func whenAnswerWritten(_ action: @escaping @Sendable () -> Void) {
        waiting.withLock { $0.append(action) }
    }

    /// The result reached stdout whole: runs what waited for it, once.
    func answerWritten() {
        let actions = waiting.withLock { list in
            defer { list = [] }
            return list
        }
        actions.forEach { $0() }
    }
}

import BridgeApp
import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// `bridge replay FILE [options]`: sends the calls a `--record FILE` session made again, each
/// with its recorded platform, window, webview and origin, and prints every answer that differs.
struct ReplayCommand {
    static let help = """
    Usage: bridge replay FILE [options]

    Sends every call of FILE (written by `bridge serve --record FILE` or `bridge invoke
    --record FILE`) again, each from its recorded platform, window, webview and origin,
    and compares the answers: the result, or the error's code, message and rejection value.
    Each answer that differs is printed on stdout as one JSON object
    {"line", "command", "recorded", "now"}; a summary goes to stderr. Calls that waited on a
    sheet's user answer as the scripted user does.

    Options: those of 'bridge invoke' that say what answers (--app, --fixtures, --plugin-dir,
    --capabilities, the backend options).

    Exit status: 0 every answer is the recorded one; 1 some differ; 2 usage error.
    """

    static let optionNames = InvokeCommand.optionNames
    static let flagNames = InvokeCommand.flagNames

    let file: String
    let calls: [RecordedCall]
    let base: CallContext

    init(_ args: ArgumentList, app: AppOptions) throws(UsageError) {
        guard let file = args.positionals.first else {
            throw UsageError("missing FILE: name a recording written with --record FILE", subcommand: "replay")
        }
        guard args.positionals.count == 1 else { throw UsageError("too many arguments: replay takes one FILE", subcommand: "replay") }
        self.file = file
        do {
            calls = try RecordedCall.read(file)
        } catch {
            throw UsageError(error.message, subcommand: "replay", pointsToHelp: false)
        }
        var context = try ContextOptions.context(from: args, defaultWindow: app.defaultWindow)
        context.screen = Screen()
        base = context
    }

    func run(router: Router, streams: StandardStreams) -> Int32 {
        var differing = 0
        for call in calls {
            var context = base
            if let p = call.context["platform"]?.stringValue.flatMap(Platform.init(rawValue:)) { context.platform = p }
            if let w = call.context["window"]?.stringValue { context.window = w }
            if let w = call.context["webview"]?.stringValue { context.webview = w }
            if let o = call.context["origin"]?.stringValue { context.origin = o }
            let outcome: Result<JSON, ResponseError>
            switch router.drive(method: call.command, params: call.args, context: context) {
            case .refused(let error): outcome = .failure(error)
            case .done(_, let now): outcome = now.map(\.result)
            case .waiting(_, let rest): outcome = InvokeCommand.wait { await rest() }.map(\.result)
            case .resuming(_, let resumed): outcome = InvokeCommand.wait { await resumed.awaited() }.map(\.result)
            }
            let now: JSON
            switch outcome {
            case .success(let value): now = ["result": value]
            case .failure(let error): now = ["error": error.json]
            }
            let recorded = RecordedCall.comparable(call.answer), current = RecordedCall.comparable(now)
            if recorded != current {
                differing += 1
                let line: JSON = ["line": .integer(call.line), "command": .string(call.command), "recorded": recorded, "now": current]
                streams.write(line.serialized() + "\n")
            }
        }
        streams.error("bridge: replayed \(calls.count) call\(calls.count == 1 ? "" : "s") of \(file): "
                      + (differing == 0 ? "every answer is the recorded one" : "\(differing) answer\(differing == 1 ? " differs" : "s differ")"))
        return differing == 0 ? 0 : 1
    }
}

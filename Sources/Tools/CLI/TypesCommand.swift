import BridgeApp
import BridgeStreams

/// `bridge types --app DIR [-o FILE]`: the TypeScript module of the app's own commands.
enum TypesCommand {
    static let help = """
    Usage: bridge types --app DIR [-o FILE]

    Writes a TypeScript module for the app's own commands, read from its Rust sources: the
    structs, enums and type aliases their arguments and results name, as serde writes them
    (rename_all, rename, skip, default, flatten; enums externally, internally (tag) or
    adjacently (tag + content) tagged, or untagged), and one function per command that
    calls it through @tauri-apps/api's invoke() with its arguments keyed as Tauri reads
    them (camelCase unless the command says rename_all = "snake_case").

    Option<T> is T | null, Vec<T> T[], maps Record<string, V>, tuples tuple types, numbers
    number, Result<T, E> T (E is what invoke() rejects with, named in a comment),
    serde_json::Value any, Channel<T> @tauri-apps/api's Channel<T>; State, AppHandle,
    Window and the other arguments Tauri injects are left out. A type the sources do not
    declare (another crate's) is unknown, named in a comment and on stderr.

    Options:
      --app DIR            the Tauri project (or its src-tauri)
      -o, --output FILE    write the module to FILE [stdout]
      -h, --help           show this help

    Exit status: 0 written (unresolved types are warnings), 2 usage error.
    """

    static let optionNames: Set<String> = ["app", "output"]
    static let aliases = ["-o": "output"]

    static func run(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(args.positionals[0])': bridge types takes --app DIR", subcommand: "types")
        }
        guard let dir = try args.nonEmpty("app") else {
            throw UsageError("missing --app DIR: the Tauri project whose commands to type", subcommand: "types")
        }
        let output = try args.nonEmpty("output")
        if let output { try RenderCommand.checkWritable(output, option: "-o", subcommand: "types") }
        let config: AppConfig
        do {
            config = try AppConfig.load(dir, platform: "linux")
        } catch {
            throw UsageError(error.message, subcommand: "types", pointsToHelp: false)
        }
        let commands = AppCommands.scan(root: config.root)
        for problem in commands.problems { streams.error("bridge: warning: --app \(config.root): \(problem)") }
        for name in commands.unread where !commands.problems.contains(where: { $0.command == name }) {
            streams.error("bridge: warning: command \(name): generate_handler! names it but its function is not in the app's sources; it has no wrapper")
        }
        let module = AppTypeScript(commands, root: config.root)
        for missing in module.unresolved {
            streams.error("bridge: warning: \(missing) is not declared in the app's sources; typed unknown")
        }
        if let output {
            try RenderCommand.write(module.text, to: output, subcommand: "types")
        } else {
            streams.write(module.text)
        }
        return 0
    }
}

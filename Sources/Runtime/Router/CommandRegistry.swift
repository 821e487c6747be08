import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeSystem
import Synchronization

/// The commands the bridge serves, keyed by `plugin:<p>|<c>`.
public struct CommandRegistry: Sendable {
    /// A registered command with its full name. A class, so resolving a call passes one
    /// reference instead of copying the command.
    public final class Entry: Sendable {
        public let name: CommandName
        /// `plugin:<p>|<c>`, computed once.
        public let fullName: String
        public let command: Command

        public init(name: CommandName, command: Command) {
            self.name = name
            self.fullName = name.description
            self.command = command
        }
    }

    /// The registered plugins, in registration order, and their positions by name: a start
    /// pays an array slot and a dictionary entry per plugin, nothing else.
    private var plugins: [any Plugin] = []
    private var index: [String: Int] = [:]
    /// The entries of the plugins called so far, by full name (shared by the registry's copies):
    /// a plugin's are made when a call first needs one of them (a cold `bridge invoke` builds the
    /// commands of the plugin it calls, not of every plugin compiled in).
    private let made = Shared()

    private final class Shared: Sendable {
        /// Every entry made so far by full name, and each built plugin's own.
        private let state = SharedLock<(entries: [String: Entry], byPlugin: [String: [String: Entry]])>(([:], [:]))

        /// `plugin`'s entries by full name, made once. Built outside the lock (a plugin's
        /// commands are made under its own), so a call of a plugin already built never waits for
        /// one being built; two first calls at once both build, and the first made is kept.
        func entries(of plugin: any Plugin) -> [String: Entry] {
            let name = plugin.name
            if let made = state.withLock({ $0.byPlugin[name] }) { return made }
            var out: [String: Entry] = [:]
            for command in plugin.commands {
                // The names were checked at registration or when the plugin was built (an
                // invalid one stops it there, `KitPlugin`): none is left out here.
                guard let full = CommandName(plugin: name, command: command.name) else { continue }
                out[full.description] = Entry(name: full, command: command)
            }
            return state.withLock { state in
                if let made = state.byPlugin[name] { return made }
                state.byPlugin[name] = out
                state.entries.merge(out) { old, _ in old }
                return out
            }
        }

        func entry(_ name: String) -> Entry? { state.withLock { $0.entries[name] } }
    }

    /// Tauri's core plugins among them (left out of usage errors' lists).
    private var corePlugins: Set<String> = []
    /// The plugins' session methods, by name.
    private var sessionMethods: [String: SessionMethod] = [:]

    /// An empty registry.
    public init() {}

    /// A registry of `plugins`' commands.
    /// - Throws: `RegistrationError` for an invalid or duplicate name.
    public init(plugins: [any Plugin]) throws(RegistrationError) {
        self.plugins.reserveCapacity(plugins.count)
        index.reserveCapacity(plugins.count)
        for plugin in plugins { try register(plugin) }
    }

    /// Registers `plugin` by its command names; its commands are built at its first call.
    /// - Throws: `RegistrationError` for an invalid plugin or command name, or one already registered.
    private mutating func register(_ plugin: any Plugin) throws(RegistrationError) {
        let name = plugin.name
        guard CommandName.isValidPlugin(name) else { throw .invalidPluginName(name) }
        // One hash: a name already there is refused (the registry is then not made).
        guard index.updateValue(plugins.count, forKey: name) == nil else { throw .duplicatePlugin(name) }
        // A plugin compiled in had its command names checked when it was built (`OneKitTests`;
        // `KitPlugin` refuses an invalid one when its commands are made).
        if !plugin.namesCheckedAtBuild {
            let names = plugin.commandNames
            for command in names where !CommandName.isValidCommand(command) {
                throw .invalidCommandName(plugin: plugin.name, command: command)
            }
            // A plugin has a few dozen commands at most: comparing them costs less than hashing.
            for (i, command) in names.enumerated() where names[(i + 1)...].contains(command) {
                throw .duplicateCommand("plugin:\(plugin.name)|\(command)")
            }
        }
        plugins.append(plugin)
        if plugin.isCore { corePlugins.insert(plugin.name) }
        for method in plugin.sessionMethods { sessionMethods[method.name] = method }
    }

    /// Every command, sorted by full name (every plugin's commands built).
    public var all: [Entry] { plugins.flatMap { made.entries(of: $0).values }.sorted { $0.fullName < $1.fullName } }

    /// The session method `name` a plugin adds (`bridge/openUrl`), if any.
    public func sessionMethod(_ name: String) -> SessionMethod? { sessionMethods.isEmpty ? nil : sessionMethods[name] }

    /// Whether a plugin of that name is registered.
    public func hasPlugin(_ name: String) -> Bool { index[name] != nil }

    /// The plugin registered as `name`.
    private func plugin(_ name: String) -> (any Plugin)? { index[name].map { plugins[$0] } }
    /// Whether `name` is one of Tauri's core plugins (no native side).
    public func isCore(_ name: String) -> Bool { corePlugins.contains(name) }

    /// The command registered under `plugin:<p>|<c>`: one lookup once its plugin was called.
    public func entry(for name: String) -> Entry? {
        if let entry = made.entry(name) { return entry }
        guard let (pluginName, _) = CommandName.split(method: name), let plugin = plugin(pluginName) else { return nil }
        return made.entries(of: plugin)[name]
    }

    /// Every command's name, sorted by full name, without building the commands.
    public var commandNames: [CommandName] {
        plugins.flatMap { plugin in plugin.commandNames.compactMap { CommandName(plugin: plugin.name, command: $0) } }
            .sorted { $0.description < $1.description }
    }

    /// The full names of `plugin`'s commands, sorted, without building them.
    private func names(of plugin: String) -> [String] {
        (self.plugin(plugin)?.commandNames ?? []).map { "plugin:\(plugin)|\($0)" }.sorted()
    }

    /// Resolves a method name as a Tauri front end sends it.
    /// - Returns: the entry, or the `-32601` error Tauri would give: `plugin <p> not found` for an
    ///   unknown plugin, `Command <c> not found` for an unknown command. The message stays
    ///   Tauri's; `data.suggestion` names the command most likely meant and `data.hint` says
    ///   `did you mean plugin:<p>|<c>?` (a bare `share_text` is not a method a Tauri front end
    ///   can call: `invoke()` needs the plugin's full name).
    public func resolve(method: String) -> Result<Entry, ResponseError> {
        if let entry = entry(for: method) { return .success(entry) }
        var error: ResponseError
        if let (plugin, command) = CommandName.split(method: method) {
            error = hasPlugin(plugin)
                ? .notFound("Command \(command) not found", details: ["command": .string(method)])
                : .notFound("plugin \(plugin) not found", details: ["plugin": .string(plugin)])
        } else {
            error = .notFound("Command \(method) not found", details: ["command": .string(method)])
        }
        if let meant = suggestion(for: method) {
            error = error.adding(["suggestion": .string(meant.description), "hint": .string("did you mean \(meant.description)?")])
        }
        return .failure(error)
    }

    /// Resolves a name typed on the command line: `plugin:<p>|<c>`, `<p>|<c>`, or a bare `<c>`
    /// that exactly one plugin has.
    public func resolve(cliName: String) -> Result<Entry, CLINameError> {
        if let entry = entry(for: cliName) { return .success(entry) }
        if CommandName.split(method: cliName) == nil, cliName.contains("|") {
            return resolve(cliName: "plugin:" + cliName)
        }
        // `bridge invoke plugin:frak-share|share_text` unquoted: the shell ran `share_text` as a
        // command and handed over `plugin:frak-share`.
        if cliName.hasPrefix("plugin:"), !cliName.contains("|"), hasPlugin(String(cliName.dropFirst("plugin:".count))) {
            let plugin = String(cliName.dropFirst("plugin:".count))
            return .failure(.pluginWithoutCommand(plugin, known: names(of: plugin)))
        }
        // Only a failure lists what exists (sorting every command costs more than the lookup).
        var order: [String] { plugins.map(\.name) }
        var listed: [String] { order.filter { !corePlugins.contains($0) }.flatMap(names(of:)).sorted() }
        if let (plugin, command) = CommandName.split(method: cliName) {
            guard hasPlugin(plugin) else { return .failure(.unknownPlugin(plugin, known: order.filter { !corePlugins.contains($0) }.sorted())) }
            let own = names(of: plugin)
            return .failure(.unknownCommand(command, known: corePlugins.contains(plugin) ? own : listed))
        }
        // A bare name: the plugins that have it, found by name; only the one called is built.
        var matches: [String] = []
        for plugin in plugins where plugin.commandNames.contains(cliName) { matches.append("plugin:\(plugin.name)|\(cliName)") }
        matches.sort()
        switch matches.count {
        case 1:
            guard let entry = entry(for: matches[0]) else { return .failure(.unknownCommand(cliName, known: listed)) }
            return .success(entry)
        case 0: return .failure(.unknownCommand(cliName, known: listed))
        default: return .failure(.ambiguous(cliName, candidates: matches))
        }
    }
}

/// A plugin that cannot be registered.
public enum RegistrationError: Error, Equatable, CustomStringConvertible {
    case invalidPluginName(String)
    case invalidCommandName(plugin: String, command: String)
    case duplicatePlugin(String)
    case duplicateCommand(String)

    public var description: String {
        switch self {
        case .invalidPluginName(let p): return "invalid plugin name '\(p)': use lowercase letters, digits and '-'"
        case .invalidCommandName(let p, let c): return "invalid command name '\(c)' in plugin '\(p)': use snake_case"
        case .duplicatePlugin(let p): return "plugin '\(p)' is registered twice"
        case .duplicateCommand(let c): return "command '\(c)' is registered twice"
        }
    }
}

/// Why a command-line name does not resolve to exactly one command.
public enum CLINameError: Error, Equatable, CustomStringConvertible {
    case unknownPlugin(String, known: [String])
    case unknownCommand(String, known: [String])
    case ambiguous(String, candidates: [String])
    /// `plugin:<p>` alone: the `|<command>` the shell took as a pipe.
    case pluginWithoutCommand(String, known: [String])

    public var description: String { description(suggestion: nil) }

    /// The description with ` (did you mean '<suggestion>'?)` after the unknown name.
    public func description(suggestion: String?) -> String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        switch self {
        case .unknownPlugin(let p, let known):
            return "unknown plugin '\(p)'\(hint); plugins: \(known.isEmpty ? "(none)" : known.joined(separator: ", "))"
        case .unknownCommand(let c, let known):
            return "unknown command '\(c)'\(hint); commands: \(known.isEmpty ? "(none)" : known.joined(separator: ", "))"
        case .ambiguous(let c, let candidates):
            return "command '\(c)' is ambiguous; name one of: \(candidates.joined(separator: ", "))"
        case .pluginWithoutCommand(let p, let known):
            return "'plugin:\(p)' names a plugin, not a command: quote the whole name, the shell reads an unquoted | as a pipe "
                + "('\(known.first ?? "plugin:\(p)|<command>")'); its commands: \(known.joined(separator: ", "))"
        }
    }
}

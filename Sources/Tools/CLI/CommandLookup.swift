import BridgeCall
import BridgeRouter

/// Finding a command from its command-line spelling, for the subcommands that name one.
enum CommandLookup {
    /// The registry of `plugins` (their names are fixed in code, so registration cannot fail).
    static func registry(_ plugins: [any Plugin]) -> CommandRegistry {
        do {
            return try CommandRegistry(plugins: plugins)
        } catch {
            fatalError("plugin registration failed: \(error)")
        }
    }

    /// The command `name` spells (`plugin:<p>|<c>`, `<p>|<c>` or a unique bare `<c>`).
    /// - Throws: a usage error of `subcommand` listing what exists, or the candidates.
    static func entry(_ name: String, in registry: CommandRegistry, subcommand: String) throws(UsageError) -> CommandRegistry.Entry {
        switch registry.resolve(cliName: name) {
        case .success(let entry): return entry
        case .failure(let error):
            // Suggest the spelling the user chose: a bare name stays bare when it is unique.
            let meant = registry.suggestion(for: name).map { meant in
                name.contains("|") || !registry.isUnique(bare: meant.command) ? meant.description : meant.command
            }
            throw UsageError(error.description(suggestion: meant), subcommand: subcommand)
        }
    }
}

import BridgePlugins
import BridgeRouter

/// Every command `bridge` hosts, `plugin:<p>|<c>`, sorted as the CLI lists them: read from the
/// one plugin list, so a command or plugin added there needs no edit in these tests.
let productCommandNames: [String] = ProductPlugins.plugins().flatMap { plugin in
    plugin.commands.map { "plugin:\(plugin.name)|\($0.declaration.name)" }
}.sorted()

import BridgeCall
import BridgeOfficialPlugins
import BridgePlugins

/// Every command `bridge` hosts, `plugin:<p>|<c>`, sorted as the CLI lists them: read from the
/// one plugin list, so a command or plugin added there needs no edit in these tests.
let productCommandNames: [String] = ((ProductPlugins.plugins() as [any Plugin]) + OfficialPlugins.plugins()).flatMap { plugin in
    plugin.commands.map { "plugin:\(plugin.name)|\($0.declaration.name)" }
}.sorted()

/// The commands declared with parameters (the product plugins'), whose argument and result
/// schemas `Schemas/commands/` holds; the official plugins bind by Rust signature and have none.
let declaredCommandNames: [String] = ProductPlugins.plugins().flatMap { plugin in
    plugin.commands.map { "plugin:\(plugin.name)|\($0.declaration.name)" }
}.sorted()

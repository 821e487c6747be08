import BridgeBinding

/// A command of a plugin, declared once: its declaration and its command layer, in one type.
///
/// The plugin's `commands` list every `CommandLayer` type of its module, in command-name order:
/// the `CommandList` build plugin writes that list at build time from the module's sources, so
/// adding a command is adding its type (then `swift run bridge-generate` for the files derived
/// from the declaration, and the native methods of each backend).
public protocol CommandLayer {
    /// The plugin the command belongs to (exactly one `Plugin` type per module).
    associatedtype Host: Plugin
    /// The command's declaration: name, parameters, result, native method.
    static var declaration: CommandDeclaration { get }
    /// The command as `plugin` serves it.
    static func command(_ plugin: Host) -> Command
}

import PackagePlugin

/// Writes a plugin module's command list at build time: `commands`, every `CommandLayer` type
/// of the module, so a command is added by adding its type and nothing else lists it.
@main
struct CommandList: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "CommandList.swift")
        return [.buildCommand(displayName: "Listing the commands of \(target.name)",
                              executable: try context.tool(named: "command-list").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }
}

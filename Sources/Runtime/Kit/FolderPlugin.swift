import BridgeApp
import BridgeCall
import BridgeJSON
import BridgeProtocol

extension KitPlugin {
    /// A `--plugin-dir` plugin (or one the app's `gen/schemas/acl-manifests.json` names),
    /// declared from its files as any other: its `COMMANDS`, its permission files as read, its
    /// commands bound by their Rust signatures when it has them (else their payload reaches
    /// what answers them as sent), then answered by a handler or a fixture.
    public convenience init(folder: PluginFolder, surface: AppSurface) {
        let plugin = folder.name
        // An invalid name is left out, as before; a duplicate is kept, so that the registry
        // refuses it at start.
        let names = folder.commands.filter(CommandName.isValidCommand)
        let summary = "\(plugin) (--plugin-dir \(folder.folder)): answered by a handler or a fixture"
        self.init(name: plugin, origin: .folder(folder.folder), commandNames: names, permissionFiles: folder.permissionFiles,
                  setsReachOtherPlugins: nil, commands: names.map { command in
                      let signature = folder.signatures[command]
                      let method = "plugin:\(plugin)|\(command)"
                      return KitCommand(command, signature?.arguments ?? [], summary: summary, takesRequest: signature == nil) { invocation throws(ResponseError) in
                          try await KitPlugin.answered(surface, method, kind: "plugin \(plugin), from --plugin-dir", invocation)
                      }
                  })
    }

    /// The answer of a handler or a fixture to a call no model answers, as the surface gives it.
    public static func answered(_ surface: AppSurface, _ method: String, kind: String, _ invocation: Invocation) async throws(ResponseError) -> CommandOutput {
        CommandOutput(result: try await surface.answer(method, kind: kind, payload: .object(invocation.arguments), context: invocation.context))
    }
}

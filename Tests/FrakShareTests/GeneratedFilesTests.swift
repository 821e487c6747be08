import BridgeACL
import BridgePlugins
import Testing

@Suite("Compiled-in permission files")
struct GeneratedFilesTests {
    @Test("the compiled-in files load, and every hosted command has its allow and deny permissions")
    func loads() throws {
        for plugin in ProductPlugins.plugins() {
            let manifest = try PluginManifest.load(plugin: plugin.name, files: plugin.permissionFiles.map { ($0.path, $0.text) })
            for command in plugin.commands {
                let slug = CommandPermissions.slug(command.name)
                #expect(manifest.permission("allow-\(slug)")?.allow == [command.name])
                #expect(manifest.permission("deny-\(slug)")?.deny == [command.name])
            }
        }
    }
}

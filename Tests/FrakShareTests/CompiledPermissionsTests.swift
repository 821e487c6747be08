import BridgeACL
import BridgeJSON
import BridgePlugins
import Testing

/// Start-up reads each compiled-in permission file's compiled form (JSON made by the generator)
/// instead of parsing its TOML; both must say the same.
@Suite("Compiled permission forms")
struct CompiledPermissionsTests {
    @Test("every compiled-in file carries its compiled form, the same document as its text")
    func formsMatchTexts() throws {
        for plugin in ProductPlugins.plugins() {
            for file in plugin.permissionFiles {
                let compiled = try #require(file.compiled, "\(plugin.name)/\(file.path) has no compiled form")
                #expect(try PluginManifest.compiledForm(path: file.path, text: file.text) == compiled)
                #expect(try JSONParser.parse(compiled).serialized() == compiled)
            }
        }
    }

    @Test("a manifest loaded from the compiled forms equals the one parsed from the texts")
    func manifestsMatch() throws {
        for plugin in ProductPlugins.plugins() {
            let files = plugin.permissionFiles.map { ($0.path, $0.text) }
            var compiled: [String: String] = [:]
            for file in plugin.permissionFiles { compiled[file.path] = file.compiled }
            let fromTexts = try PluginManifest.load(plugin: plugin.name, files: files)
            #expect(try PluginManifest.load(plugin: plugin.name, files: files, compiled: compiled) == fromTexts)
            #expect(!fromTexts.permissions.isEmpty)
        }
    }

    @Test("a product plugin's command names and set reach, known without building, are its commands' and sets'")
    func namesAndReachWithoutBuilding() throws {
        for plugin in ProductPlugins.plugins() {
            #expect(plugin.commandNames == plugin.commands.map(\.name), "\(plugin.name)")
            let manifest = try PluginManifest.load(plugin: plugin.name, files: plugin.permissionFiles.map { ($0.path, $0.text) })
            let sets = [manifest.defaultSet?.permissions ?? []] + manifest.sets.map(\.permissions)
            #expect(plugin.setsReachOtherPlugins == sets.contains { $0.contains { $0.contains(":") } }, "\(plugin.name)")
        }
    }

    @Test("the checks run on the compiled form too: an unknown key in it is refused, placed in the text")
    func compiledFormIsChecked() throws {
        let text = "[default]\ndescription = \"d\"\npermissions = []\n"
        #expect(throws: ACLError.self) {
            try PluginManifest.load(plugin: "p", files: [("default.toml", text)],
                                    compiled: ["default.toml": #"{"default":{"description":"d","permissions":[]},"extra":1}"#])
        }
    }
}

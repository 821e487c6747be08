import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeOfficialPlugins
import BridgePlugins
import BridgeRouter
import Foundation
import Testing

@Suite("One kit")
struct OneKitTests {
    @Test("every plugin the bridge registers is declared through the kit: product, official, core and --plugin-dir")
    func everyPluginIsAKitPlugin() throws {
        let surface = AppSurface()
        let product: [any Plugin] = ProductPlugins.plugins()
        let official: [any Plugin] = OfficialPlugins.plugins()
        let core: [any Plugin] = CorePlugins.plugins(AppInfo(), events: nil, surface: surface)
        let folder: any Plugin = KitPlugin(folder: try PluginFolder.load(passkey), surface: surface)
        #expect(product.map(\.name) == ["frak-share", "share", "share-extension"])
        #expect(core.count == 9, "Tauri's nine core plugins")
        for plugin in product + official + core + [folder] {
            #expect(plugin is KitPlugin, "\(plugin.name) is a \(type(of: plugin)), not declared through the kit")
            // What a start registers (names) is what a call builds (commands).
            #expect(Set(plugin.commandNames) == Set(plugin.commands.map(\.name)), "\(plugin.name)")
        }
        let kit = try #require(folder as? KitPlugin)
        #expect(kit.commandNames == ["register", "authenticate", "forget_all"], "build.rs's COMMANDS")
        guard case .folder = kit.origin else { Issue.record("a --plugin-dir plugin's origin is its folder, found \(kit.origin)"); return }
    }

    @Test("one binder: the router binds every command before it starts — a product command by its declaration, every other by its Rust signature or not at all")
    func oneBindingRoad() throws {
        let product = Set(ProductPlugins.plugins().map(\.name))
        let plugins: [any Plugin] = ProductPlugins.plugins() + OfficialPlugins.plugins() + CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface())
        var signatures = 0
        for plugin in plugins {
            for command in plugin.commands {
                switch command.binding {
                case .declared: #expect(product.contains(plugin.name), "plugin:\(plugin.name)|\(command.name) is bound by a declaration")
                case .rust(let arguments):
                    #expect(!product.contains(plugin.name), "plugin:\(plugin.name)|\(command.name)")
                    signatures += arguments.isEmpty ? 0 : 1
                case .unbound: #expect(!product.contains(plugin.name), "plugin:\(plugin.name)|\(command.name) is unbound")
                }
            }
        }
        #expect(signatures > 100, "the official and core commands' Rust signatures reach the router: \(signatures)")
        // http's fetch_send is made by hand (it decides per call whether it waits): its rid too.
        let fetchSend = plugins.first { $0.name == "http" }?.commands.first { $0.name == "fetch_send" }
        guard case .rust(let arguments)? = fetchSend?.binding else { Issue.record("fetch_send binds no rid"); return }
        #expect(arguments.map(\.key) == ["rid"])
    }

    @Test("every plugin compiled in has valid, distinct names: a start does not check them again")
    func namesCheckedAtBuild() throws {
        let plugins: [any Plugin] = ProductPlugins.plugins() + OfficialPlugins.plugins() + CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface())
        #expect(Set(plugins.map(\.name)).count == plugins.count, "plugin names are distinct")
        for plugin in plugins {
            #expect(plugin.namesCheckedAtBuild, "\(plugin.name)")
            #expect(CommandName.isValidPlugin(plugin.name), "\(plugin.name)")
            #expect(Set(plugin.commandNames).count == plugin.commandNames.count, "\(plugin.name)'s command names are distinct")
            for command in plugin.commandNames { #expect(CommandName.isValidCommand(command), "plugin:\(plugin.name)|\(command)") }
        }
        // A folder's plugin is read at run time: the registry checks its names.
        #expect(!KitPlugin(folder: try PluginFolder.load(passkey), surface: AppSurface()).namesCheckedAtBuild)
    }
}

@Suite("One kit: names a start still checks")
struct KitNameCheckTests {
    @Test("a plugin's own name is checked at every start; a --plugin-dir plugin's command names too, a duplicate refused")
    func checked() throws {
        let invalid = KitPlugin(name: "Not Valid", origin: .product(source: "a test's"), commandNames: ["ping"], defaultSet: nil, commands: [])
        #expect(throws: RegistrationError.invalidPluginName("Not Valid")) { try CommandRegistry(plugins: [invalid]) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kit-dup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("permissions"), withIntermediateDirectories: true)
        try "const COMMANDS: &[&str] = &[\"ping\", \"pong\", \"ping\"];\n".write(to: root.appendingPathComponent("build.rs"), atomically: true, encoding: .utf8)
        try "[package]\nname = \"tauri-plugin-twice\"\n".write(to: root.appendingPathComponent("Cargo.toml"), atomically: true, encoding: .utf8)
        let folder = try PluginFolder.load(root.path)
        #expect(folder.commands == ["ping", "pong", "ping"])
        #expect(throws: RegistrationError.duplicateCommand("plugin:twice|ping")) {
            try CommandRegistry(plugins: [KitPlugin(folder: folder, surface: AppSurface())])
        }
    }
}

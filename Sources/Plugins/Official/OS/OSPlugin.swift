import BridgeKit
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import FoundationEssentials

/// `plugin:os|…` (`@tauri-apps/plugin-os`) as plugins-workspace@77149dc4 has it: the static
/// values come from the plugin's init script (`window.__TAURI_OS_PLUGIN_INTERNALS__`, what
/// `platform()`, `version()`, `type()`, `family()`, `arch()`, `exeExtension()` and `eol()` read);
/// only `locale` and `hostname` are commands (`src/lib.rs`'s `generate_handler!`), so the other
/// names of `build.rs`'s `COMMANDS` have permissions but no handler: `Command platform not found`,
/// as Tauri answers.
public enum OSPlugin {
    static let commandNames = ["platform", "version", "os_type", "family", "arch", "exe_extension", "locale", "hostname"]
    static let defaultDescription = """
        This permission set configures which
        operating system information are available
        to gather from the frontend.

        #### Granted Permissions

        All information except the host name are available.

        """

    /// - Parameters:
    ///   - locale: what `sys_locale::get_locale()` answers (`--locale`; `nil`: none set).
    ///   - hostname: the desktop's host name (`gethostname`); phones answer `localhost`.
    public static func plugin(locale: String?, hostname: String) -> KitPlugin {
        plugin(locale: locale) { hostname }
    }

    /// - Parameter hostname: asked when a desktop call reads it (the machine's name costs a
    ///   start nothing that does not).
    public static func plugin(locale: String?, hostname: @escaping @Sendable () -> String) -> KitPlugin {
        let handled: Set<String> = ["locale", "hostname"]
        var built = commandNames.filter { !handled.contains($0) }.map { name in
            KitCommand(name) { (_, _) throws(ResponseError) -> JSON in
                throw .commandNotFound(name, reason: "the plugin lists \(name) in build.rs's COMMANDS but registers no handler for it: its value is in window.__TAURI_OS_PLUGIN_INTERNALS__, which the guest-js reads")
            }
        }
        built.append(KitCommand("locale") { (_, _) throws(ResponseError) -> JSON in locale.map(JSON.string) ?? .null })
        built.append(KitCommand("hostname") { (_, context) throws(ResponseError) -> JSON in
            .string(context.platform.isDesktop ? hostname() : "localhost")
        })
        let commands = built
        return KitPlugin(name: "os", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, [
            "allow-arch", "allow-exe-extension", "allow-family", "allow-locale", "allow-os-type", "allow-platform", "allow-version",
        ]), commands: commands)
    }
}

extension OSPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// What `locale()` and `hostname()` answer (`--locale`; the machine's host name on desktop).
    public struct Identity: OfficialSetting {
        /// `nil`: the device has none.
        public var locale: String? = "en-US"
        /// `nil`: the machine's (`gethostname`), asked when a desktop call reads it.
        public var hostname: String? = "localhost"
        public static var standard: Identity { Identity() }
    }

    public static let options = [
        PluginOption("locale", help: """
              --locale TAG            os: what locale() answers, a BCP 47 tag [en-US]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        settings.locale = try given.nonEmpty("locale") ?? "en-US"
        settings.hostname = nil
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin {
        let given = s.hostname
        return plugin(locale: s.locale) { given ?? ProcessInfo.processInfo.hostName }
    }
}

extension OfficialSettings {
    /// `os`'s `locale()` (`--locale`); `nil`: the device has none.
    public var locale: String? {
        get { self[OSPlugin.Identity.self].locale }
        set { self[OSPlugin.Identity.self].locale = newValue }
    }

    /// `os`'s `hostname()` on desktop; `nil`: the machine's, asked when a call reads it.
    public var hostname: String? {
        get { self[OSPlugin.Identity.self].hostname }
        set { self[OSPlugin.Identity.self].hostname = newValue }
    }
}

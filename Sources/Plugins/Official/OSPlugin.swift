import BridgeCorePlugins
import BridgeDevice
import BridgeJSON
import BridgeProtocol

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

    /// The init script's values on `platform`: a recent phone's, and the desktop targets' as
    /// Rust's `std::env::consts` and `os_info` report them on a current machine.
    public static func values(for platform: Platform) -> JSON {
        switch platform {
        case .ios:
            return ["platform": "ios", "family": "unix", "os_type": "ios", "arch": "aarch64", "version": "18.1", "exe_extension": "", "eol": "\n"]
        case .android:
            return ["platform": "android", "family": "unix", "os_type": "android", "arch": "aarch64", "version": "14", "exe_extension": "", "eol": "\n"]
        case .linux:
            return ["platform": "linux", "family": "unix", "os_type": "linux", "arch": "x86_64", "version": "24.04", "exe_extension": "", "eol": "\n"]
        case .macos:
            return ["platform": "macos", "family": "unix", "os_type": "macos", "arch": "aarch64", "version": "15.1.0", "exe_extension": "", "eol": "\n"]
        case .windows:
            return ["platform": "windows", "family": "windows", "os_type": "windows", "arch": "x86_64", "version": "10.0.22631", "exe_extension": "exe", "eol": "\r\n"]
        }
    }

    /// - Parameters:
    ///   - locale: what `sys_locale::get_locale()` answers (`--locale`; `nil`: none set).
    ///   - hostname: the desktop's host name (`gethostname`); phones answer `localhost`.
    public static func plugin(locale: String?, hostname: String) -> OfficialPlugin {
        let handled: Set<String> = ["locale", "hostname"]
        var commands = commandNames.filter { !handled.contains($0) }.map { name in
            CoreCommand(name) { (_, _) throws(ResponseError) -> JSON in
                throw .commandNotFound(name, reason: "the plugin lists \(name) in build.rs's COMMANDS but registers no handler for it: its value is in window.__TAURI_OS_PLUGIN_INTERNALS__, which the guest-js reads")
            }
        }
        commands.append(CoreCommand("locale") { (_, _) throws(ResponseError) -> JSON in locale.map(JSON.string) ?? .null })
        commands.append(CoreCommand("hostname") { (_, context) throws(ResponseError) -> JSON in
            .string(context.platform.isDesktop ? hostname : "localhost")
        })
        return OfficialPlugin(name: "os", commandNames: commandNames, defaultSet: (defaultDescription, [
            "allow-arch", "allow-exe-extension", "allow-family", "allow-locale", "allow-os-type", "allow-platform", "allow-version",
        ]), commands: commands)
    }
}

import BridgeACL
import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeEvents
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// `plugin:app|…` (`@tauri-apps/api/app`), as tauri-apps/tauri `crates/tauri/src/app/plugin.rs`
/// answers (@ a8105ecc; `identifier`, the data stores, `set_dock_visibility` and `bundle_type` as
/// added since, @ 01a337d8): the package info, no-ops where only macOS acts (`app_show`,
/// `app_hide`, `set_dock_visibility`), no data stores outside a real WKWebView.
struct AppCorePlugin {
    let app: AppInfo
    /// Where `register_listener` registers a page's Channel (the back button's).
    let hub: EventHub
    /// Which of `UpstreamChanges`' app commands exist.
    let versions: ModelledVersions
    var name: String { "app" }
    /// The plugin, declared through the kit.
    var plugin: KitPlugin { KitPlugin(core: name, commandNames: CorePermissions.commandNames("core:" + name, versions: versions), commands: coreCommands,
                                     sessionMethods: sessionMethods) }

    /// `bridge/backButton`: the person presses Android's back button (Tauri ≥ 2.9). With an
    /// `onBackButtonPress` listener, each gets `{canGoBack}` (the bridge's webview has no history
    /// to go back to: `false`) and the app decides; with none, Tauri's default runs: the webview
    /// goes back, or the activity finishes — the answer says which. iOS has no back button.
    var sessionMethods: [SessionMethod] {
        guard versions.has(UpstreamChanges.appListeners) else { return [] }
        let hub = self.hub
        return [SessionMethod("bridge/backButton") { _, context in
            guard context.platform == .android else {
                return .failure(.invalidParams("bridge/backButton: \(context.platform.rawValue) has no back button; start the session with --platform android",
                                               details: ["layer": "session"]))
            }
            let listeners = hub.listenerCount(plugin: "app", event: "back-button")
            guard listeners > 0 else {
                return .success(["handled": false, "listeners": 0,
                                 "default": "no onBackButtonPress listener: the webview cannot go back, so the activity finishes (the app goes to the background)"])
            }
            hub.emit(PluginEvent(plugin: "app", event: "back-button", payload: ["canGoBack": false]))
            return .success(["handled": true, "listeners": .number(JSONNumber(listeners))])
        }]
    }

    var coreCommands: [KitCommand] {
        let app = self.app, hub = self.hub
        var later: [KitCommand] = []
        if versions.has(UpstreamChanges.appBundleType) {
            // The bundler patches the binary's marker; an unpatched one is `None`, but macOS `App`.
            later.append(KitCommand("bundle_type") { _, context in context.platform == .macos ? "app" : .null })
        }
        if versions.has(UpstreamChanges.appListeners) {
            // Tauri 2.9 (#14133): the app's own plugin listeners, `back-button` on Android.
            later.append(KitCommand("register_listener", [("event", .string), ("handler", .channel)]) { payload, context in
                if let event = payload["event"]?.stringValue, let channel = ChannelArgument.id(payload["handler"]) {
                    hub.register(plugin: "app", event: event, client: context.client, channel: channel)
                }
                return .null
            })
            later.append(KitCommand("remove_listener", [("event", .string), ("channel_id", .integer("u32"))]) { payload, context in
                if let event = payload["event"]?.stringValue, let channel = payload["channelId"]?.numberValue?.intValue.flatMap({ UInt32(exactly: $0) }) {
                    hub.remove(plugin: "app", event: event, client: context.client, channel: channel)
                }
                return .null
            })
        }
        return later + [
            KitCommand("version") { _, _ in .string(app.version) },
            KitCommand("name") { _, _ in .string(app.name) },
            KitCommand("tauri_version") { _, _ in .string(app.tauriVersion) },
            KitCommand("identifier") { _, _ in .string(app.identifier) },
            // `app.show()` / `app.hide()` run only on macOS; elsewhere `Ok(())`.
            KitCommand("app_show") { _, _ in .null },
            KitCommand("app_hide") { _, _ in .null },
            KitCommand("set_dock_visibility", [("visible", .bool)]) { _, _ in .null },
            // A fresh WKWebView has no extra data stores; elsewhere the command answers `[]` too.
            KitCommand("fetch_data_store_identifiers") { _, _ in .array([]) },
            KitCommand("remove_data_store", [("uuid", .sequence(.integer("u8")))]) { _, _ in .null },
            // No window icon is bundled with the bridge's app: `None`.
            KitCommand("default_window_icon") { _, _ in .null },
            // `set_theme` is a no-op on iOS and Android ("Unsupported" in app.ts).
            KitCommand("set_app_theme", [("theme", .option(.any("Theme")))]) { payload, _ throws(ResponseError) in
                if let theme = payload["theme"], !theme.isNull, theme != "light", theme != "dark" {
                    throw .invalidParams("invalid args `theme` for command `set_app_theme`: unknown variant `\(theme.stringValue ?? theme.serialized())`, expected `light` or `dark`",
                                         details: ["command": "plugin:app|set_app_theme", "field": "theme"])
                }
                return .null
            },
        ]
    }
}

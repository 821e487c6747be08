/// The notification plugin's initialisation script, as the plugin injects it into every page
/// (plugins-workspace@77149dc4 `plugins/notification/guest-js/init.ts`, `src/lib.rs`
/// `js_init_script`): `window.Notification` becomes the plugin's — `new Notification(title,
/// options)` sends `plugin:notification|notify` (its rejection unhandled, as upstream's `void`),
/// `Notification.requestPermission()` sends `request_permission`, and `Notification.permission`
/// is read-only, `'default'` until the load-time `is_permission_granted` answers (on Windows
/// `'denied'` without asking, as the template's `__TEMPLATE_windows__`). `@tauri-apps/plugin-
/// notification`'s `sendNotification` goes through it. Browser mode adds it to a page whose
/// window is granted `is_permission_granted`: the app's capabilities name the plugin.
enum NotificationScript {
    static func source(windows: Bool) -> String {
        template.replacing(literal: "__WINDOWS__", with: windows ? "true" : "false")
    }

    private static let template = EmbeddedScripts.notification  // Scripts/notification.js
}

/// `/__bridge/tauri.js`: the initialisation script of browser mode, the JS half of what a Tauri
/// webview is given (`core.js`, `ipc-protocol.js`, `pattern.js`/`ipc.js`, the metadata and event
/// scripts, plugin-os's script), so `@tauri-apps/api` 2.x runs unmodified:
/// - `window.__TAURI_INTERNALS__`: `invoke`, `transformCallback` (a callback table, as Tauri ≥ 2.3,
///   also reachable as `window._<id>`, as earlier 2.x), `unregisterCallback`, `runCallback`,
///   `callbacks`, `convertFileSrc`, `ipc`, `postMessage`, `metadata`, `plugins.path`;
/// - `window.__TAURI_EVENT_PLUGIN_INTERNALS__.unregisterListener`;
/// - `window.__TAURI_OS_PLUGIN_INTERNALS__`, as the os plugin's init script sets it.
///
/// `invoke` sends Tauri 2's IPC custom protocol request (`POST <bridge>/<command>` with
/// `Tauri-Callback`, `Tauri-Error`, `Tauri-Invoke-Key`), with the payload serialised as Tauri's
/// `process-ipc-message-fn.js` does, and settles as `ipc-protocol.js` does, from `Tauri-Response`.
/// It also sends `Bridge-Page`, `Bridge-Window` and `Bridge-Webview`, so events reach this page and
/// the ACL sees its labels.
enum TauriScript {
    /// The JS half, with `__BRIDGE_CONFIG__` to be replaced by a JSON object
    /// `{key, url, window, webview, platform, sep, delimiter, os}`; the native half follows it.
    static let template = EmbeddedScripts.tauri  // Scripts/tauri.js
}

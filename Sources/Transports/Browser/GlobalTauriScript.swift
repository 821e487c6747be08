/// `window.__TAURI__` (`--global-tauri`, `app.withGlobalTauri`): the namespaces of
/// `@tauri-apps/api` 2.x's global bundle — `core`, `event`, `window`, `webview`, `webviewWindow`,
/// `path`, `app`, `dpi`, `image`, `menu`, `tray`, `mocks` — written by the bridge on top of
/// `__TAURI_INTERNALS__`, so a plain-HTML front end that reads `window.__TAURI__.core.invoke`
/// runs unmodified. Each function sends the IPC call the real bundle sends for it (command and
/// arguments, as `packages/api/src/*.ts` of tauri-apps/tauri @ a8105ecc build them, and the
/// later versions cited beside the names added since 2.0; the test
/// `clients/node/test/global-tauri.test.js` runs the same API calls through both and compares,
/// and checks each later name's call).
/// Served alone at `/__bridge/global.js`, and after `/__bridge/tauri.js` when enabled.
enum GlobalTauriScript {
    static let source = EmbeddedScripts.globalTauri  // Scripts/global-tauri.js
}

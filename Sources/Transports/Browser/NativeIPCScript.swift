/// `/__bridge/ipc.js`: the native half of a Tauri webview, in the page. What WebKit's or Android's
/// message handler and Rust's `webview.eval` do for Tauri's own scripts:
/// - `window.ipc.postMessage(json)`: the message Tauri's `ipc-protocol.js` posts when it does not
///   use the custom protocol (always on Android, after a failed `ipc://` fetch elsewhere), sent to
///   `POST /__bridge/post-message`; the answer runs the message's `callback` or `error`;
/// - the event stream `GET /__bridge/events`: channel messages and `listen()` events run their
///   callbacks, presentation records and warnings go to `window.__BRIDGE__`'s hooks;
/// - the sheet overlay (`--user interactive`): a `bridge/sheet` event draws the sheet over the
///   page, in a shadow root, and a click on an activity or Cancel answers it with
///   `POST /__bridge/sheet` (`window.__BRIDGE__.answerSheet(id, {activity} | {cancel: true})`);
/// - `window.__BRIDGE__.call(cmd, args)`: a call answered with `{ok, value, error}`, the bridge's
///   error object included (what `WebShareScript` maps to DOMExceptions).
///
/// `/__bridge/tauri.js` includes it; a page that runs Tauri's own `core.js` and `ipc-protocol.js`
/// loads this one alone, first.
enum NativeIPCScript {
    /// The script with `__BRIDGE_NATIVE_CONFIG__` to be replaced by a JSON object
    /// `{key, url, page}`.
    static let template = EmbeddedScripts.nativeIPC  // Scripts/native-ipc.js
}

import BridgeSystem
import BridgeJSON

/// What browser mode's `navigator.share` must know of the `share` plugin to answer
/// `navigator.canShare(data)` synchronously, as the Web Share API requires: the caps on files
/// and the URL schemes the plugin refuses (layer 1's rules, handed over rather than restated).
public struct WebShareRules: Sendable, Equatable {
    /// The most files one share may have.
    public var maxFiles: Int
    /// The largest file.
    public var maxFileBytes: Int
    /// The most all files of one share may weigh.
    public var maxTotalBytes: Int
    /// The URL schemes the plugin refuses (`about`, `blob`, `data`, `file`, `javascript`, `ws`, `wss`).
    public var refusedSchemes: [String]

    public init(maxFiles: Int, maxFileBytes: Int, maxTotalBytes: Int, refusedSchemes: [String]) {
        self.maxFiles = maxFiles
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.refusedSchemes = refusedSchemes
    }
}

/// The Web Share API in browser mode: `navigator.share(data)` and `navigator.canShare(data)`
/// (W3C Web Share, with Level 2's `files`) defined on top of `plugin:share|share`, appended to
/// `/__bridge/tauri.js` and to `/__bridge/ipc.js` (it needs only the native half's `bridge.call`) — the test double for front-end code that calls `navigator.share()`,
/// which does nothing in a Tauri WebView (seed 000).
///
/// When (`?share=` on the script's URL): `auto` (the default) defines them on ios and android
/// when the browser has no `navigator.share` of its own; `replace` defines them whatever the
/// browser has and whatever the platform; `off` never. Only in a secure context (the API is
/// `[SecureContext]`; `http://127.0.0.1` and `http://localhost` are secure).
///
/// `share(data)` follows the spec's steps in order: the `ShareData` conversion (a `TypeError`
/// for a non-object, `files` that is not a sequence of `File`s, a `Symbol`); a share already in
/// progress on this page → `InvalidStateError`; no transient activation
/// (`navigator.userActivation.isActive`) → `NotAllowedError`; the data invalid ("validate share
/// data", below) → `TypeError`; the `url` resolved against the page and serialised; then
/// `plugin:share|share` with each `File` read as a `data:` URL that keeps its name
/// (`data:<type>;name=<percent-encoded name>;base64,…`). The plugin's answer settles it: a result
/// resolves `undefined`; `Share canceled` → `AbortError`; `Can't share while sharing is in
/// progress` (another page's or a stdio client's sheet is up) → `InvalidStateError`; layer 1's
/// refusals (`-32602`) → `TypeError`; an ACL denial (`-32001`, the document is not allowed to
/// use web-share) → `NotAllowedError`; a desktop target (`-32002`, no share targets) and a
/// cancelled call (`-32800`) → `AbortError`; anything else → `DataError`.
///
/// `canShare(data)` is synchronous, so it applies the rules in the page: the spec's "validate
/// share data" (at least one member present; `files` empty only beside another member; a `url`
/// that parses against the page and whose scheme the plugin takes) plus the plugin's caps on
/// files (count, size, empty files, and the request body cap `--max-message-bytes` the bytes
/// travel in) — what the spec calls a potentially hostile share.
enum WebShareScript {
    /// Whether the script defines the API (`?share=`).
    enum Mode: String, CaseIterable {
        case auto, replace, off
    }

    /// The script for a page, or `nil` when nothing is to be defined.
    /// - Parameters:
    ///   - rules: the plugin's rules, `nil` when the bridge serves no `share` plugin.
    ///   - platform: the session's platform (`auto` defines the API on ios and android only).
    ///   - maxBodyBytes: the request body cap (`--max-message-bytes`), which bounds the files.
    static func script(mode: Mode, rules: WebShareRules?, platform: String, maxBodyBytes: Int) -> String? {
        if mode == .off { return nil }
        guard let rules else {
            return mode == .replace
                ? "console.warn('[bridge] ?share=replace: this bridge serves no share plugin, so navigator.share is left as it is')\n"
                : nil
        }
        let config: JSON = [
            "replace": .bool(mode == .replace),
            "mobile": .bool(platform == "ios" || platform == "android"),
            "maxFiles": .integer(rules.maxFiles), "maxFileBytes": .integer(rules.maxFileBytes),
            "maxTotalBytes": .integer(rules.maxTotalBytes), "maxBodyBytes": .integer(maxBodyBytes),
            "refusedSchemes": .array(rules.refusedSchemes.map(JSON.string)),
        ]
        return template.replacing(literal: "__BRIDGE_SHARE_CONFIG__", with: config.serialized()) + "\n"
    }

    static let template = EmbeddedScripts.webShare  // Scripts/web-share.js
}

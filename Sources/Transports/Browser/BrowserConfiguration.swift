import BridgeSandbox

/// The browser-mode options of `bridge serve` (BROWSER.md): `--http`, `--static`, `--dev-url`,
/// `--allow-origin`.
public struct BrowserConfiguration: Sendable {
    public var address: ListenAddress
    /// `--static DIR`.
    public var staticDirectory: String?
    /// `--dev-url URL`: its origin is local content.
    public var devURL: String?
    /// `--allow-origin URL`…: remote content.
    public var allowOrigins: [String]
    /// The largest request body (`--max-message-bytes`).
    public var maxBodyBytes: Int
    /// The `share` plugin's rules, when the bridge serves it: `/__bridge/tauri.js` then defines
    /// `navigator.share` and `navigator.canShare` on top of it (`WebShareScript`).
    public var webShare: WebShareRules?
    /// `--global-tauri` / `app.withGlobalTauri`: `/__bridge/tauri.js` also defines
    /// `window.__TAURI__`, the `@tauri-apps/api` namespaces (`GlobalTauriScript`).
    public var globalTauri = false
    /// `bridge dev`: the dev server whose pages the bridge serves, the script injected.
    public var proxy: DevProxy?
    /// The files `convertFileSrc` URLs name (`app.security.assetProtocol` of `--app`), served at
    /// `/__bridge/asset/<path>` and at `http://asset.localhost:PORT/<path>`; `nil`: no asset protocol.
    public var assets: (any AssetFiles)?

    public init(address: ListenAddress, staticDirectory: String? = nil, devURL: String? = nil, allowOrigins: [String] = [],
                maxBodyBytes: Int = 16 * 1024 * 1024, webShare: WebShareRules? = nil) {
        self.address = address
        self.staticDirectory = staticDirectory
        self.devURL = devURL
        self.allowOrigins = allowOrigins
        self.maxBodyBytes = maxBodyBytes
        self.webShare = webShare
    }
}

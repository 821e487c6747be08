import BridgeHTTPServer

/// The header fields of Tauri's IPC and of the bridge's page scripts, as names written once
/// (`HTTPHeaders.Name`): every call reads or sets them.
extension HTTPHeaders.Name {
    static let tauriCallback = HTTPHeaders.Name("Tauri-Callback")
    static let tauriError = HTTPHeaders.Name("Tauri-Error")
    static let tauriResponse = HTTPHeaders.Name("Tauri-Response")
    static let bridgeWindow = HTTPHeaders.Name("Bridge-Window")
    static let bridgeWebview = HTTPHeaders.Name("Bridge-Webview")
    static let bridgePage = HTTPHeaders.Name("Bridge-Page")
    static let bridgeCall = HTTPHeaders.Name("Bridge-Call")
    static let bridgeError = HTTPHeaders.Name("Bridge-Error")
    static let bridgeWarnings = HTTPHeaders.Name("Bridge-Warnings")
    static let secFetchSite = HTTPHeaders.Name("Sec-Fetch-Site")
    static let accessControlAllowOrigin = HTTPHeaders.Name("Access-Control-Allow-Origin")
    static let accessControlExposeHeaders = HTTPHeaders.Name("Access-Control-Expose-Headers")
}

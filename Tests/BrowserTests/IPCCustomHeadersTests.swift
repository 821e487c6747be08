import BridgeHTTPServer
import Testing
@testable import BridgeBrowser

/// The headers a command sees (`Request.headers()` in Tauri) are the ones the page's `invoke()`
/// set: not the browser's, not the IPC's, and not the bridge script's own `Bridge-*` fields,
/// which no Tauri webview sends.
@Suite struct IPCCustomHeadersTests {
    @Test func onlyThePagesOwnHeadersReachTheCommand() {
        let headers: HTTPHeaders = [
            "Host": "127.0.0.1:1430", "Origin": "http://127.0.0.1:1430", "Content-Type": "application/json",
            "Tauri-Callback": "1", "Tauri-Error": "2", "Tauri-Invoke-Key": "k", "Sec-Fetch-Mode": "cors",
            "Bridge-Page": "1-2", "bridge-window": "main", "BRIDGE-WEBVIEW": "main",
            "X-Trace": "abc", "Bridged": "kept: no dash after the prefix",
        ]
        #expect(IPCRequest.custom(headers) == ["x-trace": "abc", "bridged": "kept: no dash after the prefix"])
    }

    @Test("each standard field in any case is the browser's; the same name one letter longer or shorter is the page's")
    func standardNamesInAnyCase() {
        var generator = SystemRandomNumberGenerator()
        for name in IPCRequest.standard.map({ $0.description }) {
            for _ in 0..<20 {
                let cased = String(name.map { Bool.random(using: &generator) ? Character($0.uppercased()) : $0 })
                let longer = cased + "x", shorter = String(cased.dropLast())
                var headers: HTTPHeaders = [cased: "v", longer: "l"]
                if !shorter.isEmpty { headers.add(shorter, "s") }
                var expected = [longer.lowercased(): "l"]
                if !shorter.isEmpty, !IPCRequest.standard.contains(where: { $0.description == shorter.lowercased() }),
                   !["sec-", "tauri-", "bridge-", "access-control-"].contains(where: { shorter.lowercased().hasPrefix($0) }) {
                    expected[shorter.lowercased()] = "s"
                }
                #expect(IPCRequest.custom(headers) == expected, "\(cased)")
            }
        }
    }
}

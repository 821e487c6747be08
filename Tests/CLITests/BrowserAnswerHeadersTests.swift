import BridgeJSON
import Foundation
import Testing
import TestSupport

/// The fields of an IPC answer in browser mode, on a spawned bridge: Tauri's (`Tauri-Response`,
/// `Content-Type`), the bridge's (`Bridge-Call`, `Bridge-Error`), and CORS's for a page of
/// another origin that may read the answer (`--dev-url`), none for one without an `Origin`.
@Suite("Browser mode's answer fields (spawned bridge)")
struct BrowserAnswerHeadersTests {
    @Test("an answer carries its call's id and Tauri's fields; a dev server's page also gets CORS's, curl none")
    func answerFields() throws {
        let p = try BridgeProcess(["serve", "--http", "0", "--dev-url", "http://127.0.0.1:5173"], executable: Products.bridge)
        defer { p.closeInput(); _ = p.waitForExit() }
        let listening = try JSONParser.parse(try #require(p.nextLine(), "bridge/listening; stderr: \(p.stderr)"))
        let url = try #require(listening["params"]?["url"]?.stringValue)
        let key = try #require(listening["params"]?["key"]?.stringValue)
        let port = try #require(UInt16(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let ipc = ["Tauri-Invoke-Key": key, "Tauri-Callback": "0", "Tauri-Error": "1", "Content-Type": "application/json"]
        let path = "/plugin%3Afrak-share%7Cshare_text"
        func fields(_ head: String) -> [String: String] {
            var out: [String: String] = [:]
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                out[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return out
        }

        let fromPage = try post(port: port, path: path, headers: ipc.merging(["Origin": "http://127.0.0.1:5173"]) { $1 },
                                body: #"{"text":"Join me"}"#)
        let page = fields(fromPage.head)
        #expect(fromPage.head.hasPrefix("HTTP/1.1 200 "), "\(fromPage.head)")
        #expect(fromPage.body == Array(#"{"shared":true}"#.utf8))
        #expect(page["tauri-response"] == "ok")
        #expect(page["content-type"] == "application/json")
        #expect(page["cache-control"] == "no-store")
        #expect(page["access-control-allow-origin"] == "http://127.0.0.1:5173", "\(fromPage.head)")
        #expect(page["vary"] == "Origin")
        #expect(page["access-control-expose-headers"]?.contains("Bridge-Call") == true)
        let firstCall = try #require(page["bridge-call"], "\(fromPage.head)")
        #expect(firstCall.hasPrefix("call-"))

        let fromCurl = try post(port: port, path: path, headers: ipc, body: #"{"url":1}"#)
        let curl = fields(fromCurl.head)
        #expect(curl["tauri-response"] == "error", "\(fromCurl.head)")
        #expect(curl["access-control-allow-origin"] == nil)
        #expect(curl["bridge-call"] != nil && curl["bridge-call"] != firstCall)
        let error = try JSONParser.parse(try #require(curl["bridge-error"], "\(fromCurl.head)"))
        #expect(error["code"] == -32602)
    }
}

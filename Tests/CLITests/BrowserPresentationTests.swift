import BridgeBrowser
import BridgeCall
import BridgeEvents
import BridgeJSON
import Foundation
import Synchronization
import Testing
import TestSupport

/// A call's presentation record in browser mode is built only for a page whose event stream is
/// open to read it: the record of a share costs more than the rest of its call, and a client
/// without a stream (curl, a test's fetch) never reads it.
@Suite("Browser mode builds a presentation only for a page that listens")
struct BrowserPresentationTests {
    private final class Built: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test("no stream: the record is never built; the page's stream open: built once a call and sent to it")
    func builtOnlyForAListeningPage() throws {
        let built = Built()
        let server = try BrowserServer(configuration: BrowserConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0")),
                                       context: CallContext(), hub: EventHub()) { _, _, _, _ in
            .done(BrowserCallOutcome(result: .success(["shared": true]), presentation: JSONRecord {
                built.count.add(1, ordering: .relaxed)
                return ["platform": "ios", "nativeMethod": "shareText"]
            }))
        }
        server.start()
        defer { server.stop() }
        let path = "/plugin%3Afrak-share%7Cshare_text"
        func call(page: String) throws -> String {
            let answer = try post(port: server.port, path: path, headers: [
                "Tauri-Invoke-Key": server.key, "Tauri-Callback": "1", "Tauri-Error": "2",
                "Content-Type": "application/json", "Bridge-Page": page,
            ], body: #"{"text":"Join me"}"#)
            #expect(answer.head.hasPrefix("HTTP/1.1 200 "), "\(answer.head)")
            return String(decoding: answer.body, as: UTF8.self)
        }

        #expect(try call(page: "p1") == #"{"shared":true}"#)
        #expect(built.count.load(ordering: .relaxed) == 0, "no page listens: nothing to build")

        let stream = try #require(loopbackSocket(port: server.port), "connect: errno \(errno)")
        defer { close(stream) }
        let request = Array("GET /__bridge/events?key=\(server.key)&page=p1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        try #require(request.withUnsafeBytes { send(stream, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        var received = ""
        func read(until marker: String) -> Bool {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(10)
            while !received.contains(marker) && Date() < deadline {
                var pfd = pollfd(fd: stream, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 200) > 0 else { continue }
                let n = chunk.withUnsafeMutableBytes { recv(stream, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return false }
                received += String(decoding: chunk[..<n], as: UTF8.self)
            }
            return received.contains(marker)
        }
        #expect(read(until: "event: ready"), "the stream opens with `ready`: \(received)")

        #expect(try call(page: "p1") == #"{"shared":true}"#)
        #expect(built.count.load(ordering: .relaxed) == 1)
        #expect(read(until: "event: bridge/presentation"), "\(received)")
        #expect(received.contains(#""presentation":{"platform":"ios","nativeMethod":"shareText"}"#), "\(received)")
        // The event's data is one JSON object: the call's id, its callback, its command, the record.
        let line = received.split(separator: "\n").first { $0.hasPrefix("data: {\"id\"") }.map { String($0.dropFirst(6)) }
        let data = try JSONParser.parse(try #require(line, "\(received)"))
        #expect(data["callback"] == 1 && data["cmd"] == "plugin:frak-share|share_text", "\(data)")
        #expect(data["id"]?.stringValue?.hasPrefix("call-") == true, "\(data)")
        #expect(data["presentation"] == ["platform": "ios", "nativeMethod": "shareText"], "\(data)")

        #expect(try call(page: "p2") == #"{"shared":true}"#)
        #expect(built.count.load(ordering: .relaxed) == 1, "another page, without a stream: not built")
    }
}

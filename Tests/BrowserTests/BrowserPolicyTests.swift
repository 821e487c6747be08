@testable import BridgeBrowser
import BridgeCall
import BridgeEvents
import BridgeHTTPServer
import BridgeProtocol
import Foundation
import Synchronization
import Testing

@Suite("Browser mode: addresses, hosts, origins, static files")
struct BrowserPolicyTests {
    @Test("--http accepts loopback only", arguments: [
        ("8080", "127.0.0.1", 8080), ("0", "127.0.0.1", 0), ("127.0.0.1:9000", "127.0.0.1", 9000),
        ("127.1.2.3:1", "127.1.2.3", 1), ("localhost:80", "127.0.0.1", 80), ("[::1]:7000", "::1", 7000),
    ])
    func loopback(_ text: String, _ host: String, _ port: Int) throws {
        let address = try ListenAddress(parsing: text)
        #expect(address.host == host)
        #expect(Int(address.port) == port)
    }

    @Test("--http refuses other hosts and bad ports, saying why",
          arguments: ["0.0.0.0:80", "192.168.1.2:80", "example.com:80", "[::]:80", "::1:80", "70000", "x", "127.0.0.1:", "256.0.0.1:1"])
    func refusedAddress(_ text: String) {
        do {
            _ = try ListenAddress(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.contains("--http '\(text)'"))
        }
    }

    @Test("a non-loopback host names the rule")
    func loopbackMessage() {
        do {
            _ = try ListenAddress(parsing: "0.0.0.0:8080")
            Issue.record("accepted 0.0.0.0")
        } catch {
            #expect(error.message.contains("loopback only"))
        }
    }

    @Test("Host must name the bridge or ipc.localhost", arguments: [
        ("127.0.0.1:4000", true), ("localhost:4000", true), ("[::1]:4000", true), ("ipc.localhost", true),
        ("IPC.localhost:4000", true), ("127.0.0.1:4001", false), ("evil.example:4000", false), ("localhost", false),
        ("attacker.localhost:4000", false), ("tauri.localhost:4000", true), ("asset.localhost:4000", true),
        ("tauri.localhost:4001", false), ("asset.localhost", false), ("tauri.localhost", false),
    ])
    func host(_ host: String, _ ok: Bool) {
        #expect((HostCheck(port: 4000).refusal(host) == nil) == ok)
    }

    @Test("a missing Host is refused")
    func missingHost() {
        #expect(HostCheck(port: 4000).refusal(nil) != nil)
        // `--http 127.0.0.2:4000` answers to its own name.
        #expect(HostCheck(port: 4000, host: "127.0.0.2").refusal("127.0.0.2:4000") == nil)
        #expect(HostCheck(port: 4000, host: "127.0.0.2").refusal("127.0.0.3:4000") != nil)
    }

    @Test("Origin: own and --dev-url are local, --allow-origin remote, others refused naming --allow-origin")
    func origins() throws {
        let policy = try OriginPolicy(port: 4000, devURL: "http://localhost:5173/", allowOrigins: ["https://app.example.com/path"])
        #expect(policy.classify(nil) == .success(.local))
        #expect(policy.classify("http://127.0.0.1:4000") == .success(.local))
        #expect(policy.classify("http://localhost:4000") == .success(.local))
        #expect(policy.classify("http://localhost:5173") == .success(.local))
        #expect(policy.classify("https://app.example.com") == .success(.remote("https://app.example.com/path")))
        #expect(policy.classify("https://app.example.com:443") == .success(.remote("https://app.example.com/path")))
        guard case .failure(let refusal) = policy.classify("https://evil.example") else {
            Issue.record("evil.example accepted")
            return
        }
        #expect(refusal.message.contains("--allow-origin https://evil.example"))
        #expect(policy.classify("null").isFailure)
        #expect(policy.classify("http://localhost:5174").isFailure)
    }

    @Test("invoke keys are 32 hex digits and differ")
    func keys() {
        let a = InvokeKey.generate(), b = InvokeKey.generate()
        #expect(a.count == 32 && a.allSatisfy(\.isHexDigit))
        #expect(a != b)
        #expect(InvokeKey.matches(a, a))
        #expect(!InvokeKey.matches(a, b))
        #expect(!InvokeKey.matches(String(a.dropLast()), a))
    }

    @Test("the script goes first in <head>, once, unless the page opts out", arguments: [
        ("<html><head><title>x</title></head></html>", "<html><head><script src=\"/__bridge/tauri.js\"></script><title>x</title></head></html>"),
        ("<HTML><HEAD lang=en><title>x</title></HEAD></HTML>", "<HTML><HEAD lang=en><script src=\"/__bridge/tauri.js\"></script><title>x</title></HEAD></HTML>"),
        ("<!doctype html><html><body>x</body></html>", "<!doctype html><html><head><script src=\"/__bridge/tauri.js\"></script></head><body>x</body></html>"),
        ("<p>x</p>", "<head><script src=\"/__bridge/tauri.js\"></script></head><p>x</p>"),
        ("<html><head><header>no</header></head></html>", "<html><head><script src=\"/__bridge/tauri.js\"></script><header>no</header></head></html>"),
        ("<head><script src=\"/__bridge/tauri.js\"></script></head>", "<head><script src=\"/__bridge/tauri.js\"></script></head>"),
        ("<head><meta name=\"bridge\" content=\"no-inject\"></head>", "<head><meta name=\"bridge\" content=\"no-inject\"></head>"),
        ("<head><script type=module src='http://127.0.0.1:9/__bridge/tauri.js?window=a'></script></head>", "<head><script type=module src='http://127.0.0.1:9/__bridge/tauri.js?window=a'></script></head>"),
        ("<head><!-- injects <script src=\"/__bridge/tauri.js\"></script> here --></head>", "<head><script src=\"/__bridge/tauri.js\"></script><!-- injects <script src=\"/__bridge/tauri.js\"></script> here --></head>"),
        ("<head></head><p>load /__bridge/tauri.js first</p>", "<head><script src=\"/__bridge/tauri.js\"></script></head><p>load /__bridge/tauri.js first</p>"),
        // A <head> in a comment, an attribute or a title is no element: the script goes in the real one.
        ("<!-- <head> --><html><head></head></html>", "<!-- <head> --><html><head><script src=\"/__bridge/tauri.js\"></script></head></html>"),
        ("<html data-x=\"<head>\"><head></head></html>", "<html data-x=\"<head>\"><head><script src=\"/__bridge/tauri.js\"></script></head></html>"),
        ("<html><title><head></title><body></body></html>", "<html><head><script src=\"/__bridge/tauri.js\"></script></head><title><head></title><body></body></html>"),
        // A combining mark after `-->` does not extend the comment (matched by scalars, as a
        // browser tokenizes): the page's own script tag after it is still its own.
        ("<head><!-- x -->\u{301}<script src=\"/__bridge/tauri.js\"></script></head>", "<head><!-- x -->\u{301}<script src=\"/__bridge/tauri.js\"></script></head>"),
    ])
    func injection(_ html: String, _ expected: String) {
        #expect(String(decoding: StaticFiles.inject(Array(html.utf8)), as: UTF8.self) == expected)
    }

    @Test("the README's example page gets the script (its comment naming the script is no reference)")
    func examplePageIsInjected() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try Data(contentsOf: root.appendingPathComponent("clients/browser/index.html"))
        let served = String(decoding: StaticFiles.inject(Array(page)), as: UTF8.self)
        let head = try #require(served.range(of: "<head>"))
        #expect(served[head.upperBound...].hasPrefix(StaticFiles.scriptTag))
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

@Suite("--static: files streamed, ranges answered")
struct StaticRangeTests {
    @Test("Range: bytes=… gives one part; several or malformed give the whole; past the end is unsatisfiable", arguments: [
        ("bytes=0-9", StaticFiles.ByteRange.part(first: 0, last: 9)),
        ("bytes=90-", .part(first: 90, last: 99)),
        ("bytes=-10", .part(first: 90, last: 99)),
        ("bytes=95-200", .part(first: 95, last: 99)),
        ("bytes=100-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=5-1", .unsatisfiable),
        ("bytes=0-1,5-6", .whole),
        ("items=0-1", .whole),
    ] as [(String, StaticFiles.ByteRange)])
    func ranges(header: String, expected: StaticFiles.ByteRange) {
        #expect(StaticFiles.byteRange(header, size: 100) == expected)
    }

    @Test("a large file is a file body (streamed by the connection), never read into the response")
    func streamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("movie.mp4")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(repeating: 7, count: 8 * 1024 * 1024))
        let files = try StaticFiles(directory: folder.path)
        let whole = files.response(for: "/movie.mp4", headOnly: false)
        #expect(whole.status == .ok && whole.body.isEmpty && whole.file?.length == 8 * 1024 * 1024)
        #expect(whole.headers["Accept-Ranges"] == "bytes")
        let part = files.response(for: "/movie.mp4", headOnly: false, range: "bytes=1024-2047")
        #expect(part.status == .partialContent && part.file == HTTPFileBody(path: part.file?.path ?? "", offset: 1024, length: 1024))
        #expect(part.headers["Content-Range"] == "bytes 1024-2047/8388608")
        let outside = files.response(for: "/movie.mp4", headOnly: false, range: "bytes=9000000-")
        #expect(outside.status == .rangeNotSatisfiable && outside.headers["Content-Range"] == "bytes */8388608")
    }
}

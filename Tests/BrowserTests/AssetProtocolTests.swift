@testable import BridgeBrowser
import BridgeHTTPServer
import BridgeSandbox
import Foundation
import Testing

/// A device's files for the asset protocol, in memory: `allowed` is the scope.
private struct MemoryFiles: AssetFiles {
    let files: [String: [UInt8]]
    let allowed: @Sendable (String) -> Bool

    func lookUp(_ path: String) -> AssetLookup {
        guard allowed(path) else { return .forbidden(reason: "outside the scope: \(path)") }
        guard let bytes = files[path] else { return .notFound(reason: "File does not exist at path: \(path)") }
        return .file(size: bytes.count) { offset, count in
            guard offset <= bytes.count else { return nil }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }
}

@Suite("Browser mode: the asset protocol convertFileSrc URLs reach")
struct AssetProtocolTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
    static let big: [UInt8] = (0..<(3 << 20)).map { UInt8($0 % 251) }
    let asset = AssetProtocol(files: MemoryFiles(files: [
        "/data/pic.png": png, "/data/notes.txt": Array("hello".utf8), "/data/big.bin": big, "/data/pic.svg": Array("<svg/>".utf8),
    ], allowed: { $0.hasPrefix("/data/") }), off: "off")

    func get(_ path: String, method: String = "GET", range: String? = nil) -> HTTPResponse {
        asset.response(rawPath: "/" + path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, method: method,
                       range: range, origin: "http://tauri.localhost:4000")
    }

    @Test("a file in the scope: its bytes, its type from its first bytes, its length, the window's origin")
    func served() {
        let r = get("/data/pic.png")
        #expect(r.status == .ok)
        #expect(r.body == Self.png)
        #expect(r.headers["Content-Type"] == "image/png")
        #expect(r.headers["Content-Length"] == String(Self.png.count))
        #expect(r.headers["Access-Control-Allow-Origin"] == "http://tauri.localhost:4000")
        let head = get("/data/pic.png", method: "HEAD")
        #expect(head.status == .ok && head.body.isEmpty && head.headers["Content-Length"] == String(Self.png.count))
        #expect(get("/data/notes.txt").headers["Content-Type"] == "text/plain")
        #expect(get("/data/pic.svg").headers["Content-Type"] == "image/svg+xml")
    }

    @Test("refusals are Tauri's: 403 or 404 with no body, the reason in Bridge-Asset-Refusal", arguments: [
        ("/etc/passwd", 403, "outside the scope"), ("/data/../etc/passwd", 403, "cannot traverse directory"),
        ("/data/x/..", 403, "cannot traverse directory"), ("/data/missing.png", 404, "does not exist"),
    ])
    func refused(_ path: String, _ status: Int, _ reason: String) {
        let r = get(path)
        #expect(r.status.code == status)
        #expect(r.body.isEmpty)
        #expect(r.headers["Bridge-Asset-Refusal"]?.contains(reason) == true)
        #expect(r.headers["Access-Control-Allow-Origin"] == "http://tauri.localhost:4000")
    }

    @Test("malformed percent-encoding is refused, not decoded into another path")
    func malformed() {
        let r = asset.response(rawPath: "/%2Fdata%2Fpic.png%ZZ", method: "GET", range: nil, origin: "o")
        #expect(r.status == .forbidden)
    }

    @Test("without app.security.assetProtocol.enable there is no asset protocol, and the answer says how to get one")
    func off() {
        let r = AssetProtocol(files: nil, off: "no asset protocol: set app.security.assetProtocol.enable")
            .response(rawPath: "/%2Fdata%2Fpic.png", method: "GET", range: nil, origin: "o")
        #expect(r.status == .notFound)
        #expect(String(decoding: r.body, as: UTF8.self).contains("assetProtocol.enable"))
    }

    @Test("one range: 206 with Content-Range, at most 1000 KiB, as Tauri sends it", arguments: [
        ("bytes=0-9", 0, 9), ("bytes=5-", 5, 5 + 1000 * 1024 - 1), ("bytes=-10", (3 << 20) - 10, (3 << 20) - 1),
        ("bytes=100-99999999", 100, 100 + 1000 * 1024 - 1), ("bytes=3145727-", 3145727, 3145727),
    ])
    func range(_ header: String, _ first: Int, _ last: Int) {
        let r = get("/data/big.bin", range: header)
        #expect(r.status == .partialContent)
        #expect(r.headers["Content-Range"] == "bytes \(first)-\(last)/\(3 << 20)")
        #expect(r.body == Array(Self.big[first...last]))
        #expect(r.headers["Content-Length"] == String(last - first + 1))
    }

    @Test("an unsatisfiable or malformed range is 416 with the size", arguments: ["bytes=99999999-", "bytes=x-y", "items=0-1", "bytes=5-1"])
    func unsatisfiable(_ header: String) {
        let r = get("/data/big.bin", range: header)
        #expect(r.status == .rangeNotSatisfiable)
        #expect(r.headers["Content-Range"] == "bytes */\(3 << 20)")
    }

    @Test("several ranges: one multipart answer with each part's bytes; past 16 MiB in one answer, refused")
    func multipart() {
        let r = get("/data/big.bin", range: "bytes=0-2, 10-12")
        #expect(r.status == .ok)
        let type = r.headers["Content-Type"] ?? ""
        #expect(type.hasPrefix("multipart/byteranges; boundary="))
        let text = String(decoding: r.body, as: UTF8.self)
        #expect(text.contains("content-range: bytes 0-2/\(3 << 20)") && text.contains("content-range: bytes 10-12/\(3 << 20)"))
        let many = (0..<40).map { "\($0 * 1000)-\($0 * 1000 + 999_999)" }.joined(separator: ",")
        let refused = get("/data/big.bin", range: "bytes=" + many)
        #expect(refused.status == .rangeNotSatisfiable)
        #expect(refused.headers["Bridge-Asset-Refusal"]?.contains("at most") == true)
    }

    @Test("Content-Type: infer's magic numbers first, then the name, as tauri-utils' MimeType::parse", arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0], "a.bin", "image/jpeg"), ([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], "a", "image/gif"),
        (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "x.png", "image/webp"), (Array("%PDF-1.7".utf8), "doc", "application/pdf"),
        (Array("\0\0\0 ftypisom".utf8), "v", "video/mp4"), (Array("\0\0\0 ftypavif".utf8), "p", "image/avif"),
        (Array("ID3\u{3}".utf8), "s", "audio/mpeg"), (Array("wOF2".utf8), "f", "application/font-woff"),
        (Array("<!DOCTYPE html><p>".utf8), "page.txt", "text/html"), (Array("  <html>".utf8), "p", "text/html"),
        (Array("<svg xmlns=''/>".utf8), "a.svg", "image/svg+xml"), (Array("<?xml version".utf8), "a.svg", "image/svg+xml"),
        (Array("hello".utf8), "a.css", "text/css"), (Array("hello".utf8), "a.mjs", "text/javascript"),
        (Array("hello".utf8), "a.weird", "text/html"), (Array("hello".utf8), "noext", "application/octet-stream"),
        (Array("hello".utf8), "a.jpg", "text/html"), ([0x00, 0x61, 0x73, 0x6D, 1, 0, 0, 0], "m", "application/wasm"),
    ] as [([UInt8], String, String)])
    func mime(_ head: [UInt8], _ name: String, _ type: String) {
        #expect(MimeSniffer.type(of: head, path: "/data/" + name) == type)
    }
}

import Foundation

/// The misbehaving image host of `Tests/Peers/http_peer.py`, on 127.0.0.1, for as long as this
/// object lives; over https with `tls`, its certificate signed by a test CA made for it.
public final class HTTPPeer: @unchecked Sendable {
    // Sendable proof: all stored properties are set in init and never changed.
    public let port: Int
    /// With `tls`: the PEM file of the test certificate authority that signed the peer's certificate.
    public let caFile: String?
    private let scheme: String
    private let process: ChildProcess

    /// Starts the peer and waits for its port.
    /// - Parameter tls: serve https (needs the `openssl` command) instead of http.
    public init(tls: Bool = false) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Peers/http_peer.py").path
        var arguments = ["python3", script]
        if tls {
            let certificates = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-tls-\(UUID().uuidString)").path
            arguments += ["--tls", certificates]
        }
        scheme = tls ? "https" : "http"
        process = try ChildProcess("/usr/bin/env", arguments, captureStderr: false)
        let lines = tls ? 2 : 1
        // read(2) itself, retried on EINTR: FileHandle.availableData traps when a signal interrupts it.
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        let fd = process.stdoutFD
        while output.filter({ $0 == 0x0A }).count < lines {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        guard let first = text.first, first.hasPrefix("PORT "), let port = Int(first.dropFirst(5)) else {
            process.send(signal: SIGTERM)
            throw PeerError(message: "http_peer.py did not start (is python3 installed? openssl, for tls?): \(text)")
        }
        self.port = port
        if tls {
            guard text.count > 1, text[1].hasPrefix("CA ") else {
                process.send(signal: SIGTERM)
                throw PeerError(message: "http_peer.py --tls made no certificate authority (is openssl installed?): \(text)")
            }
            caFile = String(text[1].dropFirst(3))
        } else {
            caFile = nil
        }
    }

    deinit {
        process.closeInput()
        process.send(signal: SIGTERM)
    }

    /// `http://127.0.0.1:<port><path>` (`https://…` with `tls`).
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// How many times the peer served `path` (over http only).
    /// The most requests of `path` the peer had open at once (`/stall` only).
    public func peak(_ path: String) throws -> Int {
        let socket = try LoopbackGET(port: port, path: "/peak?path=\(path)")
        return Int(socket.body.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    public func hits(_ path: String) throws -> Int {
        let socket = try LoopbackGET(port: port, path: "/hits?path=\(path)")
        return Int(socket.body.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}

struct PeerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A minimal blocking HTTP/1.0 GET on 127.0.0.1, so tests can ask the peer things without
/// FoundationNetworking.
struct LoopbackGET {
    let body: String

    init(port: Int, path: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PeerError(message: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw PeerError(message: "connect to 127.0.0.1:\(port) failed") }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            response.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: response, as: UTF8.self)
        body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }
}

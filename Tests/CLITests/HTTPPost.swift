import Foundation
import Testing
import TestSupport

/// One HTTP/1.1 POST to 127.0.0.1:`port`, `Connection: close`: the response's head and body.
func post(port: UInt16, path: String, headers: [String: String], body: String) throws -> (head: String, body: [UInt8]) {
    let fd = try #require(loopbackSocket(port: port), "connect: errno \(errno)")
    defer { close(fd) }
    var request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    let bytes = Array((request + "\r\n" + body).utf8)
    try #require(bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        received += chunk[..<n]
    }
    let separator: [UInt8] = [13, 10, 13, 10]
    let end = try #require(received.indices.first { received[$0...].starts(with: separator) }, "no response head")
    return (String(decoding: received[..<end], as: UTF8.self), Array(received[(end + 4)...]))
}

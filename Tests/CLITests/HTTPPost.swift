import Foundation
import Testing

/// One HTTP/1.1 POST to 127.0.0.1:`port`, `Connection: close`: the response's head and body.
func post(port: UInt16, path: String, headers: [String: String], body: String) throws -> (head: String, body: [UInt8]) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    try #require(connected == 0, "connect: errno \(errno)")
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

import BridgeHTTPServer
import BridgeSandbox
import FoundationEssentials
import Glibc
import BridgeSystem

/// Tauri's asset protocol handler (tauri `crates/tauri/src/protocol/asset.rs` @ 009341e4, the
/// 2.x handler): the path percent-decoded after the leading `/`; `403` and no body for a path
/// with a `..` component (`SafePathBuf`) or outside the scope; `404` and no body for a missing
/// file; else the file, its `Content-Type` from its first 8 KiB and its name (`MimeSniffer`), one
/// `Range` answered `206` with at most 1000 KiB, several as `multipart/byteranges`, a `HEAD` with
/// its `Content-Length`; every answer carries `Access-Control-Allow-Origin` (the window's origin).
/// Where Tauri logs why (`log::error!`), the bridge also says it in `Bridge-Asset-Refusal`, so a
/// test sees it beside the faithful empty body.
struct AssetProtocol: Sendable {
    let files: (any AssetFiles)?
    /// Why there is no asset protocol (`app.security.assetProtocol.enable` is off), when `files` is nil.
    let off: String

    /// The bytes Tauri sends of one range at most.
    static let maxRangeBytes = 1000 * 1024
    /// The bytes one multi-range answer holds at most (the bridge's bound, not Tauri's).
    static let maxMultipartBytes = 16 << 20

    /// - Parameters:
    ///   - rawPath: the request path, still percent-encoded, with its leading `/`.
    ///   - origin: the `Access-Control-Allow-Origin` value (the page's origin).
    func response(rawPath: String, method: String, range: String?, origin: String) -> HTTPResponse {
        var headers: HTTPHeaders = ["Access-Control-Allow-Origin": origin]
        guard let files else {
            headers["Bridge-Asset-Refusal"] = off
            return .text(.notFound, off, headers: headers)
        }
        func empty(_ status: HTTPStatus, _ reason: String) -> HTTPResponse {
            headers["Bridge-Asset-Refusal"] = reason
            return HTTPResponse(status: status, headers: headers)
        }
        guard let path = PercentEncoding.decode(String(rawPath.dropFirst())), !path.contains("\0") else {
            return empty(.forbidden, "asset protocol path \(rawPath) is not valid: malformed percent-encoding")
        }
        let components = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") {
            return empty(.forbidden, "asset protocol path \"\(path)\" is not valid: cannot traverse directory, rewrite the path without the use of `../`")
        }
        switch files.lookUp(path) {
        case .forbidden(let reason):
            return empty(.forbidden, reason)
        case .notFound(let reason):
            return empty(.notFound, reason)
        case .failed(let reason):
            headers["Content-Type"] = "text/plain"
            return HTTPResponse(status: .internalServerError, headers: headers, body: Array(reason.utf8))
        case .file(let size, let read):
            let head = read(0, min(size, 8192)) ?? []
            let type = MimeSniffer.type(of: head, path: path)
            headers["Content-Type"] = type
            if let range {
                return AssetProtocol.ranges(range, size: size, type: type, headers: headers, read: read)
            }
            headers["Content-Length"] = String(size)
            if method == "HEAD" { return HTTPResponse(status: .ok, headers: headers) }
            guard let body = size <= head.count ? head : read(0, size) else {
                return HTTPResponse(status: .internalServerError, headers: headers, body: Array("the file at \(path) could not be read".utf8))
            }
            return HTTPResponse(status: .ok, headers: headers, body: body)
        }
    }

    /// A `Range` request, as `http_range::HttpRange::parse` reads it and the handler answers it.
    private static func ranges(_ header: String, size: Int, type: String, headers: HTTPHeaders,
                               read: (Int, Int) -> [UInt8]?) -> HTTPResponse {
        var headers = headers
        headers["Accept-Ranges"] = "bytes"
        headers["Access-Control-Expose-Headers"] = "content-range"
        let unsatisfiable = HTTPResponse(status: .rangeNotSatisfiable, headers: ["Content-Range": "bytes */\(size)"])
        guard let parsed = HTTPRanges.parse(header, size: size) else { return unsatisfiable }
        let clipped = parsed.compactMap { (start, end) -> (Int, Int)? in
            guard start < size, end < size, end >= start else { return nil }
            return (start, start + min(end - start, size - start, maxRangeBytes - 1))
        }
        if parsed.count == 1 {
            guard let (start, end) = clipped.first, let bytes = read(start, end + 1 - start) else { return unsatisfiable }
            headers["Content-Range"] = "bytes \(start)-\(end)/\(size)"
            headers["Content-Length"] = String(end + 1 - start)
            return HTTPResponse(status: .partialContent, headers: headers, body: bytes)
        }
        // The bridge bounds what one answer holds (Tauri would read every part into memory).
        let total = clipped.reduce(0) { $0 + $1.1 + 1 - $1.0 }
        if total > maxMultipartBytes {
            var refused = unsatisfiable
            refused.headers["Bridge-Asset-Refusal"] = "the ranges ask for \(total) bytes in one answer; the bridge answers at most \(maxMultipartBytes): ask for fewer ranges"
            return refused
        }
        // Several ranges: 200, each part with its own head (the handler's loop swaps each part's
        // start and end, so Tauri's own answer is garbled; the bridge answers what it means).
        let boundary = (0..<30).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()
        headers["Content-Type"] = "multipart/byteranges; boundary=\(boundary)"
        var body: [UInt8] = []
        for (start, end) in clipped {
            body += Array("\r\n--\(boundary)\r\n".utf8)
            body += Array("content-type: \(type)\r\n".utf8)
            body += Array("content-range: bytes \(start)-\(end)/\(size)\r\n\r\n".utf8)
            body += read(start, end + 1 - start) ?? []
        }
        body += Array("\r\n--\(boundary)\r\n".utf8)
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}

/// `http_range::HttpRange::parse` (0.1): `bytes=` then comma-separated `a-b`, `a-` or `-n`; the
/// whole header refused (`nil`) when a spec is malformed or none is satisfiable.
enum HTTPRanges {
    static func parse(_ header: String, size: Int) -> [(Int, Int)]? {
        guard header.hasPrefix("bytes=") else { return nil }
        var out: [(Int, Int)] = []
        for spec in header.dropFirst("bytes=".count).split(separator: ",", omittingEmptySubsequences: false) {
            let spec = spec.trimmingWhitespace()
            let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            if parts[0].isEmpty {
                guard let n = Int(parts[1]) else { return nil }
                guard n > 0, size > 0 else { continue }
                out.append((max(0, size - n), size - 1))
            } else {
                guard let start = Int(parts[0]), start >= 0 else { return nil }
                guard start < size else { continue }
                if parts[1].isEmpty {
                    out.append((start, size - 1))
                } else {
                    guard let end = Int(parts[1]), end >= start else { return nil }
                    out.append((start, min(end, size - 1)))
                }
            }
        }
        return out.isEmpty ? nil : out
    }
}

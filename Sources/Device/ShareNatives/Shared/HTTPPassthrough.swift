import FoundationEssentials
import Glibc
import BridgeSystem

/// A real HTTP request through the download engine's fetch mode (libcurl, loaded on first
/// use): what the http plugin's `--http-passthrough` sends. Any status is an answer; the body
/// (at most `maxBodyBytes`) is streamed to a private temporary file, read back, and removed.
public enum HTTPPassthrough {
    public struct Answer: Sendable, Equatable {
        public let status: Int
        public let url: String
        /// In order, names lowercased, as reqwest reports them.
        public let headers: [[String]]
        public let body: [UInt8]
    }

    public static let maxBodyBytes = 64 << 20

    /// Sends `method url` with `headers` (an empty value as curl spells it, `name;`) and `body`; the answer, or why there is none (in
    /// reqwest's words: `error sending request for url (…)`). Cancelling the task cancels it.
    public static func fetch(method: String, url: String, headers: [[String]], body: [UInt8]?, connectTimeoutMs: Int?,
                             maxRedirections: Int?) async -> Result<Answer, PassthroughError> {
        var template = Array((Paths.temporaryDirectory + "bridge-http-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(PassthroughError("error sending request for url (\(url)): no temporary file: \(String(cString: strerror(errno)))")) }
        close(fd)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        var limits = DownloadLimits()
        limits.connectTimeoutMs = connectTimeoutMs ?? 30_000
        limits.readTimeoutMs = 300_000
        limits.maxBytes = maxBodyBytes
        limits.maxRedirects = maxRedirections ?? 10
        let spec = HTTPDownload.FetchSpec(method: method, headers: headers.filter { $0.count == 2 }.map { $0[1].isEmpty ? "\($0[0]);" : "\($0[0]): \($0[1])" }, body: body)
        let result = await HTTPDownload.run(url: url, to: path, limits: limits, fetch: spec)
        switch result.outcome {
        case .cancelled: return .failure(PassthroughError("Request canceled"))
        case .failed: return .failure(PassthroughError("error sending request for url (\(url)): \(result.reason ?? "failed")"))
        case .ok:
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(PassthroughError("error decoding response body: the body could not be read back"))
            }
            return .success(Answer(status: result.status ?? 0, url: result.finalURL ?? url, headers: lines(result.headers ?? ""), body: Array(data)))
        }
    }

    /// `name: value` lines as `[name, value]` pairs, names lowercased.
    static func lines(_ text: String) -> [[String]] {
        text.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return [line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingWhitespace()]
        }
    }
}

public struct PassthroughError: Error, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

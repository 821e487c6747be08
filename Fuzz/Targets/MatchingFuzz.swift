import BridgeMatching
import Foundation

/// Any pattern against any value: matching never crashes and stays fast (linear in the input).
/// Input: pattern, 0x00, value; the pattern is tried as a window glob and as a URL pattern's path
/// and host, the value as a label and as an origin's path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatching(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (patternBytes, valueBytes) = split(bytes(data, size))
    let pattern = String(decoding: patternBytes, as: UTF8.self)
    let value = String(decoding: valueBytes, as: UTF8.self)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        if let glob = try? GlobPattern(pattern) { _ = glob.matches(value) }
        let path = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
        if case .remote(let origin)? = try? CallOrigin("https://a.test/" + path) {
            if let url = try? URLPattern("https://a.test/" + pattern) { _ = url.matches(origin) }
            if let url = try? URLPattern("https://" + pattern + "/*") { _ = url.matches(origin) }
        }
    }
    // Linear matching of inputs this size takes microseconds; backtracking took seconds.
    if elapsed > .seconds(2) { finding("matching took \(elapsed) for a \(size)-byte input") }
    return 0
}

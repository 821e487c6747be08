import BridgeMatching
import Foundation

/// Any pattern against any value: matching never crashes and stays linear in the value for any
/// pattern (at most value length × pattern length steps, as the matchers document).
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
    // The budget grows with the steps a linear matcher may take (value × pattern, in scalars) at
    // a microsecond each — 10 to 100 times what one takes under ASan on a loaded machine — so a
    // big input is no finding, while backtracking (seconds for 40 characters) still is.
    let steps = (pattern.unicodeScalars.count + 2) * (value.unicodeScalars.count * 3 + 2)
    let budget = Duration.seconds(2) + .microseconds(steps)
    if elapsed > budget {
        finding("matching took \(elapsed) for a \(size)-byte input (budget \(budget) for \(steps) steps)")
    }
    return 0
}

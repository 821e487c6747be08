import BridgeMatching
import Foundation

/// Any pattern against any value: matching never crashes and stays linear in the value for any
/// pattern (at most value length × pattern length steps, as the matchers document).
/// Input: pattern, 0x00, value; the pattern is tried as a window glob and as a URL pattern's path
/// and host, the value as a label and as an origin's path. The scope indexes answer as walking
/// every entry does: the pattern as a URL pattern's host and as a path glob, beside entries the
/// index files and one it cannot, against the value as a URL's host and path and as a path.
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
    indexAgrees(pattern, value)
    if elapsed > budget {
        finding("matching took \(elapsed) for a \(size)-byte input (budget \(budget) for \(steps) steps)")
    }
    return 0
}

/// `URLPatternIndex` and `PathGlobIndex` find the entry the linear walk finds, first one included.
/// Short inputs only: whether an entry is filed does not depend on length, and a long one costs
/// the matchers' path × pattern steps many times over.
func indexAgrees(_ pattern: String, _ value: String) {
    guard pattern.utf8.count <= 64, value.utf8.count <= 256 else { return }
    let urls = ["https://\(pattern)/*", "https://a.test/\(pattern)", "https://a.test", "https://*.test", "http://\(pattern)"]
        .compactMap { try? URLPattern($0) }
    let urlIndex = URLPatternIndex(urls)
    let path = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
    for host in [value, "a.test"] {
        guard let url = try? WHATWGURL.parse("https://" + host + "/" + path) else { continue }
        if urlIndex.first(matching: url)?.text != urls.first(where: { $0.matches(url) })?.text {
            finding("the URL index disagrees with the walk for \(url.href) in \(urls.map(\.text))")
        }
    }
    let globs = ["/" + pattern, "/a/" + pattern, pattern, "/a/**", "/**/" + pattern].compactMap { try? PathGlob($0) }
    let globIndex = PathGlobIndex(globs)
    for probe in ["/" + value, "/a/" + value, value] {
        for dot in [true, false] where globIndex.first(matching: probe, requireLiteralLeadingDot: dot)?.text
            != globs.first(where: { $0.matches(probe, requireLiteralLeadingDot: dot) })?.text {
            finding("the path index disagrees with the walk for \(probe.debugDescription) in \(globs.map(\.text))")
        }
    }
}

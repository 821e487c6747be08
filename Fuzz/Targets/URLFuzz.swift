import BridgeMatching

/// Any text read as a URL: the reader never crashes, and what it writes it reads back to the
/// same URL (the scope checks the parsed URL and the request fetches its serialization, so the
/// two must agree); a resolved redirect target is a URL it reads back too.
/// Input: a URL, optionally 0x00 and a redirect's Location resolved against it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (urlBytes, locationBytes) = split(bytes(data, size))
    let text = String(decoding: urlBytes, as: UTF8.self)
    guard let url = try? WHATWGURL.parse(text) else { return 0 }
    check(url, from: text)
    if !locationBytes.isEmpty, let next = try? WHATWGURL.resolve(String(decoding: locationBytes, as: UTF8.self), against: url) {
        check(next, from: "a Location against \(text)")
    }
    _ = try? URLPattern(url.href)
    return 0
}

private func check(_ url: OriginURL, from source: String) {
    guard let again = try? WHATWGURL.parse(url.href) else { finding("\(url.href) (from \(source.debugDescription)) does not read back") }
    guard again.href == url.href else { finding("\(url.href) reads back as \(again.href) (from \(source.debugDescription))") }
    let segments = url.path.split(separator: "/", omittingEmptySubsequences: false).map { $0.lowercased() }
    if segments.contains(where: { [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."].contains($0) }) {
        finding("\(url.href) keeps a dot segment (from \(source.debugDescription))")
    }
}

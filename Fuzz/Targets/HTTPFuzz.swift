import BridgeHTTPServer

/// Every event of a byte stream fed to the HTTP request parser in chunks of the given sizes.
func httpEvents(_ stream: [UInt8], chunks: [Int], limits: HTTPLimits) -> [HTTPParseEvent] {
    var parser = HTTPRequestParser(limits: limits)
    var out: [HTTPParseEvent] = []
    var at = 0, k = 0
    while at < stream.count {
        let size = max(1, chunks.isEmpty ? stream.count : chunks[k % chunks.count])
        let end = min(stream.count, at + size)
        parser.append(Array(stream[at..<end]))
        while let event = parser.next() {
            out.append(event)
            if case .failure = event { return out }
        }
        at = end
        k += 1
    }
    return out
}

/// The HTTP request parser gives the same requests and refusals whether the bytes arrive whole,
/// byte by byte or in chunks the input chooses (`100 Continue` hints aside, which depend on
/// when a body's bytes arrive); no request passes the limits; none crashes.
/// Input: a limits byte, chunk sizes, 0x00, the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let first = input.first else { return 0 }
    let (head, stream) = split(Array(input.dropFirst()))
    let limits = HTTPLimits(maxHeaderBytes: 64 + Int(first) * 4, maxHeaderCount: 4 + Int(first % 16), maxBodyBytes: 16 + Int(first) * 8)
    let chunks = head.map { Int($0 % 64) + 1 }
    func settled(_ events: [HTTPParseEvent]) -> [HTTPParseEvent] { events.filter { $0 != .continueExpected } }
    let whole = settled(httpEvents(stream, chunks: [], limits: limits))
    guard settled(httpEvents(stream, chunks: chunks, limits: limits)) == whole else { finding("chunks \(chunks) change the events") }
    guard settled(httpEvents(stream, chunks: [1], limits: limits)) == whole else { finding("byte-by-byte feeding changes the events") }
    for case .request(let request) in whole where request.body.count > limits.maxBodyBytes {
        finding("a body of \(request.body.count) bytes passed the limit \(limits.maxBodyBytes)")
    }
    return 0
}

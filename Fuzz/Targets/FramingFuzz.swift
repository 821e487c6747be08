import BridgeFraming

/// Every event of a byte stream, fed in chunks of the given sizes (cycled), then `finish()`.
func events(_ stream: [UInt8], chunks: [Int], maxMessageBytes: Int) -> [FrameEvent] {
    var framer = MessageFramer(maxMessageBytes: maxMessageBytes)
    var out: [FrameEvent] = []
    var at = 0, k = 0
    while at < stream.count {
        let size = max(1, chunks.isEmpty ? stream.count : chunks[k % chunks.count])
        let end = min(stream.count, at + size)
        framer.append(Array(stream[at..<end]))
        while let event = framer.next() { out.append(event) }
        at = end
        k += 1
    }
    if let last = framer.finish() { out.append(last) }
    return out
}

/// The framers give the same events whether the stream arrives whole, byte by byte, or in
/// chunks chosen by the input; none crashes. Input: a cap byte, chunk sizes, 0x00, the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFraming(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let first = input.first else { return 0 }
    let (head, stream) = split(Array(input.dropFirst()))
    let cap = 1 + Int(first) * 4
    let chunks = head.map { Int($0 % 64) + 1 }
    let whole = events(stream, chunks: [], maxMessageBytes: cap)
    guard events(stream, chunks: chunks, maxMessageBytes: cap) == whole else { finding("chunks \(chunks) change the events") }
    guard events(stream, chunks: [1], maxMessageBytes: cap) == whole else { finding("byte-by-byte feeding changes the events") }
    for event in whole {
        if case .message(let body) = event, body.count > cap { finding("a message of \(body.count) bytes passed the cap \(cap)") }
    }
    return 0
}

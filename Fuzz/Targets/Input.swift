// Shared by every fuzz target: the input as bytes, and a way to cut it in parts.

/// libFuzzer's input, copied out.
func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The input split at its first 0x00 byte: `(before, after)`, or `(all, [])`.
func split(_ input: [UInt8]) -> ([UInt8], [UInt8]) {
    guard let zero = input.firstIndex(of: 0) else { return (input, []) }
    return (Array(input[..<zero]), Array(input[(zero + 1)...]))
}

/// Stops the run as a finding, with a message libFuzzer prints before saving the input.
func finding(_ message: String) -> Never {
    fatalError("fuzz finding: \(message)")
}

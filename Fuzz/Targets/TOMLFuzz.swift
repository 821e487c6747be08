import BridgeTOML

/// The TOML parser never crashes, however deep or strange the input; what it accepts converts
/// to JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let table = try? TOMLParser.parse(bytes: bytes(data, size)) else { return 0 }
    _ = table.json.serializedBytes()
    return 0
}

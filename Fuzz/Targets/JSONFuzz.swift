import BridgeJSON

/// The JSON parser never crashes; whatever it accepts serializes to text it parses back to the
/// same value, compact and pretty, and re-serializes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let value = try? JSONParser.parse(input) else { return 0 }
    let compact = value.serializedBytes()
    guard let again = try? JSONParser.parse(compact) else { finding("serialized text does not parse: \(value.serialized())") }
    guard again == value else { finding("round trip changed the value: \(value.serialized())") }
    guard again.serializedBytes() == compact else { finding("serialization is not stable: \(value.serialized())") }
    let pretty = value.serializedBytes(JSONFormat(sortedKeys: true, pretty: true))
    guard let fromPretty = try? JSONParser.parse(pretty), fromPretty == value else { finding("pretty text does not parse back: \(value.serialized())") }
    return 0
}

import BridgeJSON

/// The JSON parser never crashes; whatever it accepts serializes to text it parses back to the
/// same value, compact and pretty, and re-serializes to the same bytes. Keeping the last of
/// duplicate keys accepts exactly what refusing them accepts plus documents with duplicates,
/// agrees with it where both accept, and leaves no duplicate behind. serde_json's reading
/// (`SerdeJSONError`, Tauri's words for a malformed IPC body) accepts what keeping the last key
/// accepts, bar numbers beyond an f64, and refuses the rest with a message placed in the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    let refused = try? JSONParser.parse(input)
    let kept = try? JSONParser.parse(input, duplicateKeys: .keepLast)
    if let refused {
        guard let kept, kept == refused else { finding("keepLast disagrees with refuse on a document without duplicates") }
        guard kept.objectValue?.duplicateKeyPaths ?? [] == [] else { finding("duplicate paths reported without duplicates") }
    }
    if let kept, refused == nil {
        guard (try? JSONParser.parse(kept.serializedBytes())) == kept else { finding("a keepLast value still has a duplicate or changed: \(kept.serialized())") }
    }
    let serde = SerdeJSONError.message(input)
    if kept != nil, serde != nil, !serde!.hasPrefix("number out of range") { finding("serde refuses what the parser accepts: \(serde!)") }
    if kept == nil, serde == nil { finding("serde accepts what the parser refuses") }
    if let serde, !serde.contains(" at line ") { finding("serde message without a position: \(serde)") }
    guard let value = refused else { return 0 }
    let compact = value.serializedBytes()
    guard let again = try? JSONParser.parse(compact) else { finding("serialized text does not parse: \(value.serialized())") }
    guard again == value else { finding("round trip changed the value: \(value.serialized())") }
    guard again.serializedBytes() == compact else { finding("serialization is not stable: \(value.serialized())") }
    let pretty = value.serializedBytes(JSONFormat(sortedKeys: true, pretty: true))
    guard let fromPretty = try? JSONParser.parse(pretty), fromPretty == value else { finding("pretty text does not parse back: \(value.serialized())") }
    return 0
}

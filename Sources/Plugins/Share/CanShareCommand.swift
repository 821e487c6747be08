import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeShareNatives

/// `plugin:share|can_share`: `{"value": bool}` — whether `share` would present a sheet for the
/// same arguments. As `navigator.canShare`, data that `share` would refuse is `false`, not an
/// error (a wrong type is still Tauri's `-32602`); desktop targets are `false`.
enum CanShareCommand {
    static let declaration = CommandDeclaration(
        "can_share",
        summary: "Says whether share would present a sheet for the same arguments.",
        parameters: ShareArguments.parameters,
        result: .record([Field("value", .boolean, doc: "true when share would present the sheet; false for arguments it refuses, and on desktop.")]),
        resultDoc: "Never rejects for the data itself: what share would refuse is false.")

    static func command(_ backends: ShareBackends, _ files: ShareFileResolver) -> KitCommand {
        KitCommand(declared: declaration) { invocation in
            let platform = invocation.context.platform
            func no(_ reason: String) -> CommandOutput {
                CommandOutput(result: ["value": false], presentation: [
                    "platform": .string(platform.rawValue), "nativeMethod": "canShare", "value": false, "reason": .string(reason),
                ])
            }
            if let refusal = ShareArguments.rules.lazy.compactMap({ $0.refusal(invocation.bound) }).first { return no(refusal) }
            let call: ShareCall
            do {
                call = try await ShareArguments.prepare(invocation, resolver: files, command: declaration.name)
            } catch let error as ResponseError {
                if error.code == ResponseError.cancelled.code { throw error }
                return no(error.message)
            }
            guard let backend = backends.backend(for: platform) else { return no(ShareCommand.unavailable) }
            return try await backend.start(declaration.nativeMethod, call).output()
        }
    }
}

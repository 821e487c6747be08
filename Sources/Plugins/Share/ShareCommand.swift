import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeShareNatives

/// `plugin:share|share`, layer 1: the Web Share rules and the files (`ShareArguments`), then
/// on desktop targets `share is only available on iOS and Android`, else the platform's native
/// `share` with the resolved files.
enum ShareCommand {
    /// The refusal of a desktop build.
    static let unavailable = "share is only available on iOS and Android"

    static let declaration = CommandDeclaration(
        "share",
        summary: "Opens the platform share sheet with files (images, PDFs, movies…), a link, a text and a rich preview.",
        parameters: ShareArguments.parameters,
        rules: ShareArguments.rules,
        result: .record([Field("activityType", .nullable(.string), doc: "The activity the user picked (iOS: a UIActivity.ActivityType; Android: the chosen package), or null when the platform does not say.")]),
        resultDoc: "Resolves when the user picked a target; a dismissal rejects with `Share canceled`, a share while another is presented with `Can't share while sharing is in progress`.")

    static func command(_ backends: ShareBackends, _ files: ShareFileResolver) -> KitCommand {
        KitCommand(declared: declaration) { invocation in
            let call = try await ShareArguments.prepare(invocation, resolver: files, command: declaration.name)
            guard let backend = backends.backend(for: invocation.context.platform) else {
                throw ResponseError.unsupportedPlatform(unavailable, details: [
                    "command": .string(invocation.name.description), "platform": .string(invocation.context.platform.rawValue),
                ])
            }
            return try await backend.start(declaration.nativeMethod, call).output()
        }
    }
}

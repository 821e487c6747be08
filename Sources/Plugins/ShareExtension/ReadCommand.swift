import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeProtocol

/// `plugin:share-extension|read`, declared as a mobile plugin ships it: native-only (no Rust
/// handler; `build.rs` lists it for its permissions), so Tauri forwards it to the native `read`
/// with the arguments unchanged.
enum ReadCommand: CommandLayer {
    static let declaration = CommandDeclaration(
        "read",
        summary: "Returns the stored shares, oldest first, and marks them delivered.",
        result: .record([
            Field("items", .list(ShareExtensionShapes.item)),
            Field("quarantined", .list(.record([
                Field("file", .string), Field("movedTo", .nullable(.string)), Field("reason", .string),
            ])), required: false),
        ]),
        resultDoc: "The stored shares, oldest first; corrupt files moved aside are listed in 'quarantined'.",
        layer: .nativeOnly)

    static func command(_ plugin: ShareExtensionPlugin) -> Command {
        Command(declaration) { invocation in
            try plugin.native(invocation)
            let result = try plugin.store(invocation).read()
            var out: JSONObject = ["items": .array(result.items)]
            if !result.quarantined.isEmpty { out["quarantined"] = .array(result.quarantined) }
            return CommandOutput(result: .object(out))
        }
    }
}

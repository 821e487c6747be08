import BridgeBinding
import BridgeCall
import BridgeInbox
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeStreams

/// `plugin:share-extension|read`, declared as a mobile plugin ships it: native-only (no Rust
/// handler; `build.rs` lists it for its permissions), so Tauri forwards it to the native `read`
/// with the arguments unchanged.
enum ReadCommand {
    static let declaration = CommandDeclaration(
        "read",
        summary: "Returns the stored shares no other live reader holds, oldest first, and leases them to this reader.",
        result: .record([
            Field("items", .list(ShareExtensionShapes.item)),
            Field("quarantined", .list(.record([
                Field("file", .string), Field("movedTo", .nullable(.string)), Field("reason", .string),
            ])), required: false),
        ]),
        resultDoc: "The stored shares no other live reader holds, oldest first, each with its deliveryCount; corrupt files moved aside are listed in 'quarantined'.",
        layer: .nativeOnly)

    static func command(_ plugin: ShareExtensionInbox) -> KitCommand {
        KitCommand(declared: declaration) { invocation in
            try plugin.native(invocation)
            let store = try plugin.store(invocation)
            let result = try store.read()
            // The leases become delivered only once this answer reached the reader whole; a
            // reader that dies first lets them lapse, and the next read returns the items again.
            let inbox = store.inbox, grant = result.grant
            CallObserver.current?.whenAnswerWritten {
                do throws(InboxError) { try inbox.written(grant) } catch {
                    Log.error("share inbox: cannot record the delivery of \(grant.counts.count) items: \(error.message)")
                }
            }
            var out: JSONObject = ["items": .array(result.items)]
            if !result.quarantined.isEmpty { out["quarantined"] = .array(result.quarantined) }
            return CommandOutput(result: .object(out))
        }
    }
}

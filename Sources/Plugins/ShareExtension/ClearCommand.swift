import BridgeBinding
import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol

/// `plugin:share-extension|clear`, native-only as `read`: removes items by id, or, without ids,
/// only those leased or delivered to this reader and those delivered to a reader that has ended
/// (`InboxLeases.clear`), so a share that arrives in between, one another live reader holds, or
/// one whose reader died before receiving it is never lost.
enum ClearCommand {
    static let declaration = CommandDeclaration(
        "clear",
        summary: "Removes the items named by ids, or every item a read delivered to this reader or to one that has ended.",
        parameters: [
            Parameter("ids", .list(ShareExtensionShapes.itemID), doc: "The ids to remove, as read returns them; absent: every item leased or delivered to this reader, or delivered to a reader that has ended."),
        ],
        result: .record([Field("removed", .list(.string)), Field("notFound", .list(.string))]),
        resultDoc: "The ids removed, and the ids that were not in the inbox.",
        layer: .nativeOnly)

    static func command(_ plugin: ShareExtensionInbox) -> KitCommand {
        KitCommand(declared: declaration) { invocation in
            try plugin.native(invocation)
            var ids: [String]? = nil
            if let list = invocation.bound["ids"]?.arrayValue {
                ids = []
                for item in list {
                    guard let id = item.stringValue else {
                        throw ResponseError.invalidParams("invalid args `ids` for command `clear`: expected strings, found \(item.typeName)",
                                                          details: ["field": "ids", "layer": "ios"])
                    }
                    ids?.append(id)
                }
            }
            let (removed, notFound) = try plugin.store(invocation).clear(ids: ids)
            return CommandOutput(result: ["removed": .array(removed.map(JSON.string)), "notFound": .array(notFound.map(JSON.string))])
        }
    }
}

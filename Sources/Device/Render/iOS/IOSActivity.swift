import BridgeDevice
import BridgeMedia

/// The activities of the iOS share sheet, and which of them the items make available: UIKit
/// offers an activity only when some item is of a type it accepts (Reading List needs a link,
/// Save Image an image).
struct IOSActivity: Equatable {
    enum Placement { case app, action }

    /// The `UIActivity.ActivityType` (or extension id) the completion handler reports.
    let type: String
    /// The name the sheet shows, and the button's accessible name.
    let name: String
    let glyph: Glyph
    let placement: Placement
    /// The item kinds (`link`, `text`, `image`, `pdf`, `file`) any one of which makes it
    /// available, as the item sources deliver them (ActivityDelivery's table).
    let accepts: Set<String>

    /// The system activities, in the order the sheet shows them.
    static let catalog: [IOSActivity] = [
        IOSActivity(type: ActivityType.airDrop, name: "AirDrop", glyph: .airDrop, placement: .app, accepts: ["link", "text", "image", "pdf", "file"]),
        IOSActivity(type: ActivityType.message, name: "Messages", glyph: .messages, placement: .app, accepts: ["link", "text", "image"]),
        IOSActivity(type: ActivityType.mail, name: "Mail", glyph: .mail, placement: .app, accepts: ["link", "text", "image", "pdf", "file"]),
        IOSActivity(type: "com.apple.mobilenotes.SharingExtension", name: "Notes", glyph: .notes, placement: .app,
                    accepts: ["link", "text", "image"]),
        IOSActivity(type: "com.apple.reminders.sharingextension", name: "Reminders", glyph: .reminders, placement: .app,
                    accepts: ["link", "text"]),
        IOSActivity(type: ActivityType.copyToPasteboard, name: "Copy", glyph: .copy, placement: .action, accepts: ["link", "text", "image", "pdf", "file"]),
        IOSActivity(type: ActivityType.addToReadingList, name: "Add to Reading List", glyph: .readingList, placement: .action, accepts: ["link"]),
        IOSActivity(type: ActivityType.saveToCameraRoll, name: "Save Image", glyph: .saveImage, placement: .action, accepts: ["image"]),
        IOSActivity(type: "com.apple.DocumentManagerUICore.SaveToFiles", name: "Save to Files", glyph: .files, placement: .action,
                    accepts: ["image", "pdf", "file"]),
        IOSActivity(type: ActivityType.print, name: "Print", glyph: .print, placement: .action, accepts: ["image", "pdf"]),
    ]

    /// The activities the sheet offers for `items`, in the sheet's order; a `chosen` activity
    /// that is not a system one (a third-party share extension) joins the apps after Mail.
    static func offered(for items: [IOSSheet.Item], chosen: String?) -> [IOSActivity] {
        let kinds = Set(items.map(\.kind))
        var offered = catalog.filter { !$0.accepts.isDisjoint(with: kinds) }
        if let chosen, !catalog.contains(where: { $0.type == chosen }) {
            let extensionApp = IOSActivity(type: chosen, name: displayName(ofExtension: chosen), glyph: .genericApp,
                                           placement: .app, accepts: [])
            let afterMail = (offered.firstIndex { $0.type == ActivityType.mail }).map { $0 + 1 } ?? 0
            offered.insert(extensionApp, at: afterMail)
        }
        return offered
    }

    /// The activity named `type`, when it is a system one.
    static func system(_ type: String) -> IOSActivity? {
        catalog.first { $0.type == type }
    }

    /// The name a share extension's bundle id suggests: `net.whatsapp.WhatsApp.ShareExtension` → `WhatsApp`.
    static func displayName(ofExtension id: String) -> String {
        let generic: Set<String> = ["shareextension", "share", "sharingextension", "extension", "shareext", "sharing"]
        let parts = id.split(separator: ".").map(String.init).filter { !generic.contains($0.lowercased()) }
        return parts.last ?? id
    }
}

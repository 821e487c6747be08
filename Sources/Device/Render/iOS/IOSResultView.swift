import BridgeDevice
import BridgeMedia

/// What the chosen activity received, drawn as that activity shows it: Mail's compose sheet
/// (subject and body), Messages' conversation with the link card, AirDrop's file, Reading
/// List's entry, the pasteboard — or the dismissal.
enum IOSResultView {
    static func html(_ sheet: IOSSheet) -> String {
        guard let completion = sheet.completion else {
            return """
            <aside class="outcome" data-outcome="pending" aria-label="Outcome"><h2>The sheet is up</h2>\
            <p class="resolves" data-role="result"><code>invoke()</code> is pending until the user picks an activity or \
            dismisses the sheet.</p>\(iconLoadNote(sheet.iconLoad))</aside>
            """
        }
        let resolves = "<p class=\"resolves\" data-role=\"result\"><code>invoke()</code> " + settles(sheet, completion) + "</p>"
        let body: String
        let kind: String
        let heading: String
        if let type = completion.activityType, completion.completed, let delivered = sheet.delivered {
            let name = IOSActivity.system(type)?.name ?? IOSActivity.displayName(ofExtension: type)
            switch type {
            case ActivityType.mail:
                kind = "mail"
                heading = "Mail: the compose sheet"
                body = mail(delivered, sheet: sheet)
            case ActivityType.message:
                kind = "message"
                heading = "Messages: the conversation"
                body = messages(delivered, sheet: sheet)
            case ActivityType.airDrop:
                kind = "airdrop"
                heading = "AirDrop: what arrives"
                body = airDrop(delivered, sheet: sheet)
            case ActivityType.addToReadingList:
                kind = "reading-list"
                heading = "Reading List: the saved entry"
                body = "<ul class=\"received\">" + delivered.items.map { card(for: $0, sheet: sheet) }.joined() + "</ul>"
            case ActivityType.copyToPasteboard:
                kind = "copy"
                heading = "Copy: the pasteboard"
                body = "<pre class=\"pasteboard\" data-role=\"pasteboard\">"
                    + HTML.text(delivered.items.map(\.line).joined(separator: "\n")) + "</pre>"
            default:
                kind = "other"
                heading = "\(name): what it receives"
                body = generic(delivered, sheet: sheet)
            }
        } else if let type = completion.activityType, !completion.completed {
            let name = IOSActivity.system(type)?.name ?? IOSActivity.displayName(ofExtension: type)
            kind = "unavailable"
            heading = "\(name) is not offered"
            body = "<p class=\"note\">\(HTML.text(completion.reason ?? "the activity cannot take these items"))</p>"
        } else {
            kind = "cancelled"
            heading = "Dismissed"
            body = "<p class=\"note\">The user closed the sheet: the completion handler reports "
                + "<code>completed = false</code> and no activity"
                + (sheet.nativeMethod == "share" ? ", which the plugin turns into the rejection.</p>" : ". A dismissal is not an error.</p>")
        }
        return """
        <aside class="outcome" data-outcome="\(kind)" aria-label="Outcome"><h2>\(HTML.text(heading))</h2>\(resolves)\(body)\
        \(iconLoadNote(sheet.iconLoad))</aside>
        """
    }

    /// What the call settles with: share_text resolves `{"shared": bool}`; plugin:share
    /// resolves `{"activityType": …}` or rejects a dismissal with `Share canceled`.
    private static func settles(_ sheet: IOSSheet, _ completion: IOSSheet.Completion) -> String {
        guard sheet.nativeMethod == "share" else {
            return "resolves with <code>{&quot;shared&quot;:\(completion.completed)}</code>"
        }
        if completion.completed, let type = completion.activityType {
            return "resolves with <code>{&quot;activityType&quot;:&quot;\(HTML.text(type))&quot;}</code>"
        }
        return "rejects with <code>Share canceled</code>"
    }

    private static func mail(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let subject = delivered.subject.map(HTML.text) ?? ""
        let body = delivered.items.map { item -> String in
            switch item {
            case .link: return linkCard(sheet: sheet)
            case .text(let text): return "<p class=\"mail-text\">\(HTML.text(text))</p>"
            case .file: return "<div class=\"mail-attachment\" data-role=\"attachment\">\(fileCard(item, sheet: sheet, size: 44))</div>"
            }
        }.joined()
        return """
        <div class="mail" data-role="mail"><div class="mail-row"><span class="mail-key">To:</span></div>\
        <div class="mail-row"><span class="mail-key">Subject:</span> <span data-role="mail-subject">\(subject)</span></div>\
        <div class="mail-body" data-role="mail-body">\(body)</div></div>
        """
    }

    private static func messages(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let bubbles = delivered.items.map { item -> String in
            switch item {
            case .link: return "<div class=\"bubble card-bubble\">\(linkCard(sheet: sheet))</div>"
            case .text(let text): return "<div class=\"bubble\" data-role=\"message-text\">\(HTML.text(text))</div>"
            case .file: return "<div class=\"bubble card-bubble\" data-role=\"message-file\">\(fileCard(item, sheet: sheet, size: 64))</div>"
            }
        }.joined()
        return "<div class=\"conversation\" data-role=\"conversation\">\(bubbles)</div>"
    }

    private static func airDrop(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        delivered.items.map { item -> String in
            switch item {
            case .link(let url):
                return """
                <div class="airdrop-file" data-role="airdrop-file" data-file-kind="link">\(Glyph.linkPlaceholder.svg(size: 44))\
                <div><p class="file-name">\(HTML.text(url))</p><p class="note">a link: the receiving device opens it in Safari</p></div></div>
                """
            case .text(let text):
                return """
                <div class="airdrop-file" data-role="airdrop-file" data-file-kind="text">\(Glyph.textPlaceholder.svg(size: 44))\
                <div><p class="file-name">a text file (.txt)</p><p class="note">AirDrop turns text into a file in the receiver's \
                Downloads folder</p><pre class="file-content">\(HTML.text(text))</pre></div></div>
                """
            case .file(_, _, _, let isImage):
                return "<div class=\"airdrop-file\" data-role=\"airdrop-file\" data-file-kind=\"\(isImage ? "image" : "file")\">"
                    + fileCard(item, sheet: sheet, size: 44) + "</div>"
            }
        }.joined()
    }

    private static func generic(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let subject = delivered.subject.map { "<p class=\"note\">subject: \(HTML.text($0))</p>" } ?? ""
        return subject + "<ul class=\"received\">" + delivered.items.map { card(for: $0, sheet: sheet) }.joined() + "</ul>"
    }

    private static func card(for item: IOSSheet.DeliveredItem, sheet: IOSSheet) -> String {
        switch item {
        case .link: return "<li>\(linkCard(sheet: sheet))</li>"
        case .text(let text): return "<li class=\"received-text\">\(HTML.text(text))</li>"
        case .file: return "<li class=\"received-file\">\(fileCard(item, sheet: sheet, size: 44))</li>"
        }
    }

    /// A received file: its thumbnail (an image whose pixels the caller read) or the document
    /// glyph, its name, its type and how it arrived.
    private static func fileCard(_ item: IOSSheet.DeliveredItem, sheet: IOSSheet, size: Int) -> String {
        guard case .file(let name, let type, let arrivesAs, _) = item else { return "" }
        let thumbnail = sheet.file(named: name)?.image.map { IOSSheetView.iconHTML(.image($0), size: size) }
            ?? IOSSheetView.iconHTML(.placeholder(.files), size: size)
        let how = arrivesAs.map { ", as \(HTML.text($0))" } ?? ""
        return """
        <div class="file-card" data-role="file-card">\(thumbnail)<div class="card-text"><p class="file-name">\(HTML.text(name))</p>\
        <p class="note">\(HTML.text(type))\(how)</p></div></div>
        """
    }

    /// The link card Messages and Mail draw from the `LPLinkMetadata`: icon, title, host.
    static func linkCard(sheet: IOSSheet) -> String {
        let header = IOSHeader(sheet)
        let host = sheet.link.flatMap { IOSHeader.host(of: $0.url) } ?? ""
        return """
        <div class="link-card" data-role="link-card">\(IOSSheetView.iconHTML(header.icon, size: 44))\
        <div class="card-text"><p class="card-title">\(HTML.text(header.title))</p><p class="card-host">\(HTML.text(host))</p></div></div>
        """
    }

    private static func iconLoadNote(_ load: IOSSheet.IconLoad?) -> String {
        guard let load else { return "" }
        let reason = load.reason.map { ": \(HTML.text($0))" } ?? ""
        return "<p class=\"note\" data-role=\"icon-load\">icon race: \(HTML.text(load.outcome)) after \(load.elapsedMs) ms\(reason)</p>"
    }
}

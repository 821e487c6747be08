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
        let shared = completion.completed ? "true" : "false"
        let resolves = "<p class=\"resolves\" data-role=\"result\"><code>invoke()</code> resolves with "
            + "<code>{&quot;shared&quot;:\(shared)}</code></p>"
        let body: String
        let kind: String
        let heading: String
        if let type = completion.activityType, completion.completed, let delivered = sheet.delivered {
            let name = IOSActivity.system(type)?.name ?? IOSActivity.displayName(ofExtension: type)
            switch type {
            case IOSActivity.mail:
                kind = "mail"
                heading = "Mail: the compose sheet"
                body = mail(delivered, sheet: sheet)
            case IOSActivity.message:
                kind = "message"
                heading = "Messages: the conversation"
                body = messages(delivered, sheet: sheet)
            case IOSActivity.airDrop:
                kind = "airdrop"
                heading = "AirDrop: what arrives"
                body = airDrop(delivered, sheet: sheet)
            case IOSActivity.readingList:
                kind = "reading-list"
                heading = "Reading List: the saved entry"
                body = "<ul class=\"received\">" + delivered.items.map { card(for: $0, sheet: sheet) }.joined() + "</ul>"
            case IOSActivity.copy:
                kind = "copy"
                heading = "Copy: the pasteboard"
                body = "<pre class=\"pasteboard\" data-role=\"pasteboard\">"
                    + HTML.text(delivered.items.joined(separator: "\n")) + "</pre>"
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
                + "<code>completed = false</code> and no activity. A dismissal is not an error.</p>"
        }
        return """
        <aside class="outcome" data-outcome="\(kind)" aria-label="Outcome"><h2>\(HTML.text(heading))</h2>\(resolves)\(body)\
        \(iconLoadNote(sheet.iconLoad))</aside>
        """
    }

    private static func mail(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let subject = delivered.subject.map(HTML.text) ?? ""
        let body = delivered.items.map { item -> String in
            item == sheet.link?.url ? linkCard(sheet: sheet) : "<p class=\"mail-text\">\(HTML.text(item))</p>"
        }.joined()
        return """
        <div class="mail" data-role="mail"><div class="mail-row"><span class="mail-key">To:</span></div>\
        <div class="mail-row"><span class="mail-key">Subject:</span> <span data-role="mail-subject">\(subject)</span></div>\
        <div class="mail-body" data-role="mail-body">\(body)</div></div>
        """
    }

    private static func messages(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let bubbles = delivered.items.map { item -> String in
            item == sheet.link?.url
                ? "<div class=\"bubble card-bubble\">\(linkCard(sheet: sheet))</div>"
                : "<div class=\"bubble\" data-role=\"message-text\">\(HTML.text(item))</div>"
        }.joined()
        return "<div class=\"conversation\" data-role=\"conversation\">\(bubbles)</div>"
    }

    private static func airDrop(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        delivered.items.map { item -> String in
            if item == sheet.link?.url {
                return """
                <div class="airdrop-file" data-role="airdrop-file" data-file-kind="link">\(Glyph.linkPlaceholder.svg(size: 44))\
                <div><p class="file-name">\(HTML.text(item))</p><p class="note">a link: the receiving device opens it in Safari</p></div></div>
                """
            }
            return """
            <div class="airdrop-file" data-role="airdrop-file" data-file-kind="text">\(Glyph.textPlaceholder.svg(size: 44))\
            <div><p class="file-name">a text file (.txt)</p><p class="note">AirDrop turns text into a file in the receiver's \
            Downloads folder</p><pre class="file-content">\(HTML.text(item))</pre></div></div>
            """
        }.joined()
    }

    private static func generic(_ delivered: IOSSheet.Delivered, sheet: IOSSheet) -> String {
        let subject = delivered.subject.map { "<p class=\"note\">subject: \(HTML.text($0))</p>" } ?? ""
        return subject + "<ul class=\"received\">" + delivered.items.map { card(for: $0, sheet: sheet) }.joined() + "</ul>"
    }

    private static func card(for item: String, sheet: IOSSheet) -> String {
        item == sheet.link?.url ? "<li>\(linkCard(sheet: sheet))</li>" : "<li class=\"received-text\">\(HTML.text(item))</li>"
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

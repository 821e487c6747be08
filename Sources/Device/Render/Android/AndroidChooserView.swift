/// The Android chooser as API 29+ draws it over the app: the content preview — `EXTRA_TITLE`
/// with the `ClipData` thumbnail (shown only beside a title, as `ChooserActivity` does), then
/// the text with its Copy button — or, when the chooser was given a title, a title bar in its
/// place; then the apps.
enum AndroidChooserView {
    /// The screen (dp): a 6.3-inch phone in portrait.
    static let screen = (width: 412.0, height: 915.0)

    static func screen(_ chooser: AndroidChooser) -> String {
        let targets = AndroidTarget.textTargets.map { target in
            """
            <button type="button" class="activity target" data-package="\(HTML.attribute(target.package))" \
            aria-label="\(HTML.attribute(target.name))">\(target.glyph.svg(size: 56))\
            <span class="label">\(HTML.text(target.name))</span></button>
            """
        }.joined()
        return """
        <section class="screen android" data-screen="android" style="width:\(px(screen.width));height:\(px(screen.height))" \
        aria-label="Android screen">\(AppBackdrop.html)\
        <button type="button" class="scrim" aria-label="Cancel" data-activity="cancel"></button>\
        <div class="chooser" role="dialog" aria-label="Share" data-sheet="android">\
        <div class="handle" aria-hidden="true"></div>\(header(chooser))\
        <div class="targets" role="group" aria-label="Apps">\(targets)</div></div></section>
        """
    }

    private static func header(_ chooser: AndroidChooser) -> String {
        if let chooserTitle = chooser.chooserTitle {
            return "<h1 class=\"chooser-title\" data-role=\"chooser-title\">\(HTML.text(chooserTitle))</h1>"
        }
        var preview = ""
        if let title = chooser.title, !title.isEmpty {
            let thumbnail: String
            if let image = chooser.thumbnailImage {
                thumbnail = "<div class=\"thumbnail\" data-role=\"icon\" data-icon=\"image\"><img alt=\"\" src=\"\(image.dataURL)\" width=\"48\" height=\"48\"></div>"
            } else if chooser.clipURI != nil, chooser.contentPreview == nil {
                thumbnail = "<div class=\"thumbnail\" data-role=\"icon\" data-icon=\"unreadable\" "
                    + "title=\"the ClipData URI's file could not be read\"></div>"
            } else {
                thumbnail = ""
            }
            preview += "<div class=\"preview-title\">\(thumbnail)<p class=\"title\" data-role=\"title\">\(HTML.text(title))</p></div>"
        }
        switch chooser.contentPreview {
        case .images(let images, let more)?:
            let cells = images.map { image in
                image.map { "<div class=\"thumbnail\" data-role=\"preview-image\" data-icon=\"image\"><img alt=\"\" src=\"\($0.dataURL)\" width=\"96\" height=\"96\"></div>" }
                    ?? "<div class=\"thumbnail\" data-role=\"preview-image\" data-icon=\"unreadable\" title=\"the file behind the URI could not be read\"></div>"
            }.joined()
            let extra = more > 0 ? "<span class=\"more\" data-role=\"more\">+\(more)</span>" : ""
            preview += "<div class=\"preview-images\" data-role=\"preview-images\">\(cells)\(extra)</div>"
            return "<div class=\"content-preview\" data-role=\"content-preview\" data-preview=\"image\">\(preview)</div>"
        case .file(let name, let more)?:
            let extra = more > 0 ? " <span class=\"more\" data-role=\"more\">+ \(more) more</span>" : ""
            preview += "<div class=\"preview-file\">\(Glyph.files.svg(size: 32))<p class=\"text\" data-role=\"file-name\">"
                + "\(HTML.text(name ?? "file"))\(extra)</p></div>"
            return "<div class=\"content-preview\" data-role=\"content-preview\" data-preview=\"file\">\(preview)</div>"
        case nil:
            break
        }
        // A files-only share previews the file names where a text share previews its text.
        let names = chooser.streams.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let previewText = chooser.text.isEmpty ? names.joined(separator: ", ") : chooser.text
        preview += """
        <div class="preview-text"><p class="text" data-role="text">\(HTML.text(previewText))</p>\
        <button type="button" class="copy" aria-label="Copy" data-activity="copy">\(Glyph.androidCopy.svg(size: 24))</button></div>
        """
        return "<div class=\"content-preview\" data-role=\"content-preview\">\(preview)</div>"
    }

    /// What the call settles with: share_text resolves at once; plugin:share when the
    /// `IntentSender` reports a target that covered the app, else `Share canceled`.
    private static func settles(_ chooser: AndroidChooser) -> String {
        guard chooser.nativeMethod == "share" else {
            return "resolves with <code>{&quot;shared&quot;:true}</code> as soon as the chooser opens: Android reports no "
                + "completion, so the plugin never learns which app was picked."
        }
        guard let completion = chooser.completion else {
            return "is pending until the user picks a target or dismisses the chooser."
        }
        if let package = completion.activityType {
            return "resolves with <code>{&quot;activityType&quot;:&quot;\(HTML.text(package))&quot;}</code>: the chooser's "
                + "IntentSender reported the chosen component, and the app was covered (onStop) before the result came back."
        }
        if let component = completion.chosenComponent {
            return "rejects with <code>Share canceled</code>: \(HTML.text(component)) was chosen but never covered the app, "
                + "and the chooser's result is always RESULT_CANCELED."
        }
        return "rejects with <code>Share canceled</code>: the chooser closed with RESULT_CANCELED and no target."
    }

    /// What the call resolves with and what an app receives.
    static func outcome(_ chooser: AndroidChooser) -> String {
        var facts = "<dl class=\"extras\">"
        if let subject = chooser.subject {
            facts += "<dt>EXTRA_SUBJECT</dt><dd data-role=\"subject\">\(HTML.text(subject))</dd>"
        }
        if !chooser.text.isEmpty || chooser.streams.isEmpty {
            facts += "<dt>EXTRA_TEXT</dt><dd><pre data-role=\"body\">\(HTML.text(chooser.text))</pre></dd>"
        }
        if !chooser.streams.isEmpty {
            facts += "<dt>EXTRA_STREAM</dt><dd data-role=\"streams\">" + chooser.streams.map(HTML.text).joined(separator: "<br>") + "</dd>"
        }
        if let uri = chooser.clipURI {
            facts += "<dt>ClipData</dt><dd>\(HTML.text(uri)) (FLAG_GRANT_READ_URI_PERMISSION)</dd>"
        }
        facts += "</dl>"
        var notes = ""
        if let title = chooser.chooserTitle {
            notes += "<p class=\"note warning\" data-role=\"chooser-title-note\">Intent.createChooser(intent, "
                + "&quot;\(HTML.text(title))&quot;): a non-null chooser title replaces the preview header (title and "
                + "thumbnail) with a title bar. The plugin passes null.</p>"
        }
        if let t = chooser.thumbnail {
            let reason = t.reason.map { ": \(HTML.text($0))" } ?? ""
            notes += "<p class=\"note\" data-role=\"thumbnail\">thumbnail: \(HTML.text(t.outcome)) after \(t.elapsedMs) ms\(reason)</p>"
            if chooser.clipURI != nil, chooser.title?.isEmpty ?? true, chooser.chooserTitle == nil {
                notes += "<p class=\"note warning\">no EXTRA_TITLE: the chooser shows the thumbnail only beside a title</p>"
            }
        }
        return """
        <aside class="outcome" data-outcome="android" aria-label="Outcome"><h2>What the app receives</h2>\
        <p class="resolves" data-role="result"><code>invoke()</code> \(settles(chooser))</p>\
        \(facts)\(notes)</aside>
        """
    }
}

import BridgeSystem
import BridgeJSON

/// Renders a presentation record — what the phone would have been handed — as the sheet a
/// person would see: one self-contained HTML document with inline SVG, that loads nothing
/// (images inline as `data:` URLs) and runs no script.
///
/// Pure: the output depends only on the record and the image bytes handed in (`images(namedIn:)`
/// reads them, the one read of the filesystem). Everything the
/// record carries is written as text, never as markup.
public enum PresentationRenderer {
    /// The HTML document for `record`.
    /// - Parameters:
    ///   - record: an iOS or Android presentation record, or `bridge invoke --inspect`'s
    ///     `{"result", "presentation"}` around one.
    ///   - images: the bytes of the files the record refers to, keyed by path (see
    ///     `imageFiles(in:)`); a file missing here is drawn as an unreadable thumbnail.
    /// - Throws: `RenderError` naming the key when the record is not one the renderer knows.
    public static func document(for record: JSON, images: [String: [UInt8]] = [:]) throws(RenderError) -> String {
        let record = unwrapped(record)
        let reader = RecordReader(record)
        guard record.objectValue != nil else {
            throw RenderError("a presentation record is a JSON object; got \(record.typeName)")
        }
        if record["plugin"] != nil {
            let drawn = try PluginRecordView.draw(record)
            return Document.page(title: drawn.title, platform: try reader.string("platform"), device: "phone", screen: drawn.screen,
                                 outcome: drawn.outcome).replacing(literal: "</style>", with: PluginRecordView.css + "</style>")
        }
        switch try reader.string("platform") {
        case "ios":
            let sheet = try IOSSheet(reader, images: images)
            let header = IOSHeader(sheet)
            return Document.page(title: "Share sheet: \(header.title)", platform: "ios", device: sheet.device.rawValue,
                                 screen: IOSSheetView.screen(sheet), outcome: IOSResultView.html(sheet))
        case "android":
            let chooser = try AndroidChooser(reader, images: images)
            return Document.page(title: "Chooser: \(chooser.chooserTitle ?? chooser.title ?? chooser.text)",
                                 platform: "android", device: "phone",
                                 screen: AndroidChooserView.screen(chooser), outcome: AndroidChooserView.outcome(chooser))
        case let other:
            throw RenderError("the record's `platform` must be ios or android; got \(other) (desktop calls present nothing)")
        }
    }

    /// A sheet to lay over a page (browser mode's overlay): the device screen with the sheet on
    /// it, and the CSS it needs, to put in a shadow root. Its buttons carry accessible names and
    /// `data-activity-type` (iOS), `data-package` (Android) or `data-activity="cancel"`. The
    /// markup has no inline `style` attribute (`OverlayStyles`): everything is in `css`, so a page
    /// whose Content-Security-Policy forbids inline styles still draws it.
    /// - Parameters: as `document(for:images:)`; a record without `completion` is a sheet still up.
    /// - Throws: `RenderError` naming the key when the record is not one the renderer knows.
    public static func overlay(for record: JSON, images: [String: [UInt8]] = [:]) throws(RenderError) -> (css: String, html: String) {
        let record = unwrapped(record)
        let reader = RecordReader(record)
        guard record.objectValue != nil else {
            throw RenderError("a presentation record is a JSON object; got \(record.typeName)")
        }
        let screen: String
        let platform = try reader.string("platform")
        let device: String
        var css = ""
        if record["plugin"] != nil {
            screen = try PluginRecordView.draw(record).screen
            device = "phone"
            css = PluginRecordView.css
        } else {
        switch platform {
        case "ios":
            let sheet = try IOSSheet(reader, images: images)
            screen = IOSSheetView.screen(sheet)
            device = sheet.device.rawValue
        case "android":
            screen = AndroidChooserView.screen(try AndroidChooser(reader, images: images))
            device = "phone"
        case let other:
            throw RenderError("the record's `platform` must be ios or android; got \(other) (desktop calls present nothing)")
        }
        }
        let html = "<div class=\"stage overlay\" data-platform=\"\(HTML.attribute(platform))\" data-device=\"\(HTML.attribute(device))\">"
            + screen + "</div>"
        let hoisted = OverlayStyles.hoist(html)
        return (Stylesheet.css + Stylesheet.overlayCSS + css + hoisted.css, hoisted.html)
    }

    /// The files whose bytes the rendering of `record` shows (Android: the thumbnail the
    /// `ClipData` URI names, or the previewed images; iOS: the shared images and the header's
    /// icon), for the caller to read and pass to `document(for:images:)`.
    public static func imageFiles(in record: JSON) -> [String] {
        let record = unwrapped(record)
        return record["platform"]?.stringValue == "android" ? AndroidChooser.imageFiles(in: record) : IOSSheet.imageFiles(in: record)
    }

    /// The record itself, the `presentation` of `--inspect`'s `{"result", "presentation"}`, or
    /// the `data.presentation` of the error `--inspect` prints for a call that failed after
    /// presenting (a dismissed share).
    public static func unwrapped(_ document: JSON) -> JSON {
        guard document["platform"] == nil else { return document }
        if document["result"] != nil, let presentation = document["presentation"] { return presentation }
        if document["code"] != nil, let presentation = document["data"]?["presentation"] { return presentation }
        return document
    }
}

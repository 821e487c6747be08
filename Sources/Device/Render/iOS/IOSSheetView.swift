/// The iOS share sheet as HTML: an iPhone bottom sheet, or an iPad popover centred on its anchor
/// with no arrow (`permittedArrowDirections = []`), over a stand-in of the app.
enum IOSSheetView {
    /// The iPhone screen (points): a 6.1-inch iPhone in portrait.
    static let iPhoneScreen = (width: 390.0, height: 844.0)
    /// The iPad screen (points): the root view the plugin anchors to, an 11-inch iPad in portrait.
    static let iPadScreen = (width: 834.0, height: 1194.0)
    /// The width UIKit gives the share sheet popover.
    static let popoverWidth = 375.0

    /// The screen with the sheet on it.
    static func screen(_ sheet: IOSSheet) -> String {
        let header = IOSHeader(sheet)
        let chosen = sheet.completion?.activityType
        let offered = IOSActivity.offered(for: sheet.items, chosen: chosen)
        let body = headerHTML(header) + appsHTML(offered.filter { $0.placement == .app }, chosen: chosen)
            + actionsHTML(offered.filter { $0.placement == .action }, chosen: chosen)
        switch (sheet.device, sheet.anchor) {
        case (.ipad, let anchor?):
            let size = iPadScreen
            let width = max(size.width, anchor.x + popoverWidth / 2 + 10)
            let height = max(size.height, anchor.y + 300)
            return """
            <section class="screen ipad" data-screen="ipad" style="width:\(px(width));height:\(px(height))" aria-label="iPad screen">\
            \(AppBackdrop.html)\
            <svg class="anchor-lines" aria-hidden="true" width="\(px(width))" height="\(px(height))" viewBox="0 0 \(num(width)) \(num(height))">\
            <path d="M\(num(anchor.x)) 0V\(num(height))M0 \(num(anchor.y))H\(num(width))" stroke="#ff2d55" stroke-width="1" stroke-dasharray="6 5"/></svg>\
            <div class="ios-sheet popover" role="dialog" aria-label="Share sheet" data-sheet="ios" data-popover="true" \
            data-anchor-x="\(num(anchor.x))" data-anchor-y="\(num(anchor.y))" data-arrow="none" \
            style="left:\(px(anchor.x));top:\(px(anchor.y));width:\(px(popoverWidth))">\(body)</div>\
            </section>
            """
        default:
            let size = sheet.device == .ipad ? iPadScreen : iPhoneScreen
            return """
            <section class="screen \(sheet.device.rawValue)" data-screen="\(sheet.device.rawValue)" \
            style="width:\(px(size.width));height:\(px(size.height))" aria-label="\(sheet.device == .ipad ? "iPad" : "iPhone") screen">\
            \(AppBackdrop.html)<div class="dim" aria-hidden="true"></div>\
            <div class="ios-sheet bottom-sheet" role="dialog" aria-label="Share sheet" data-sheet="ios">\
            <div class="grabber" aria-hidden="true"></div>\(body)<div class="home-indicator" aria-hidden="true"></div></div>\
            </section>
            """
        }
    }

    static func headerHTML(_ header: IOSHeader) -> String {
        let subtitle = header.subtitle.map { "<p class=\"header-subtitle\" data-role=\"subtitle\">\(HTML.text($0))</p>" } ?? ""
        return """
        <header class="sheet-header">\(iconHTML(header.icon, size: 52))\
        <div class="header-text"><p class="header-title" data-role="title">\(HTML.text(header.title))</p>\(subtitle)</div>\
        <button type="button" class="close" aria-label="Cancel" data-activity="cancel">\(Glyph.close.svg(size: 30))</button>\
        </header>
        """
    }

    /// The header's (or a link card's) icon: the image, or UIKit's placeholder.
    static func iconHTML(_ icon: IOSHeader.Icon, size: Int) -> String {
        switch icon {
        case .image(let image):
            return "<div class=\"icon\" data-role=\"icon\" data-icon=\"image\" style=\"width:\(size)px;height:\(size)px\">"
                + "<img alt=\"\" src=\"\(image.dataURL)\" width=\"\(size)\" height=\"\(size)\"></div>"
        case .notEmbedded(let type, let bytes):
            let note = "icon loaded (\(type), \(bytes) bytes) but not embedded in the record"
            return "<div class=\"icon\" data-role=\"icon\" data-icon=\"not-embedded\" title=\"\(HTML.attribute(note))\" "
                + "style=\"width:\(size)px;height:\(size)px\">\(Glyph.linkPlaceholder.svg(size: size))</div>"
        case .placeholder(let glyph):
            return "<div class=\"icon\" data-role=\"icon\" data-icon=\"placeholder\" style=\"width:\(size)px;height:\(size)px\">"
                + "\(glyph.svg(size: size))</div>"
        }
    }

    private static func appsHTML(_ apps: [IOSActivity], chosen: String?) -> String {
        let buttons = apps.map { app in
            """
            <button type="button" class="activity app" data-activity-type="\(HTML.attribute(app.type))" \
            aria-label="\(HTML.attribute(app.name))"\(app.type == chosen ? " aria-pressed=\"true\"" : "")>\
            \(app.glyph.svg(size: 60))<span class="label">\(HTML.text(app.name))</span></button>
            """
        }
        return "<div class=\"apps\" role=\"group\" aria-label=\"Apps\">\(buttons.joined())</div>"
    }

    private static func actionsHTML(_ actions: [IOSActivity], chosen: String?) -> String {
        let buttons = actions.map { action in
            """
            <button type="button" class="activity action" data-activity-type="\(HTML.attribute(action.type))" \
            aria-label="\(HTML.attribute(action.name))"\(action.type == chosen ? " aria-pressed=\"true\"" : "")>\
            <span class="label">\(HTML.text(action.name))</span>\(action.glyph.svg(size: 24))</button>
            """
        }
        return "<div class=\"actions\" role=\"group\" aria-label=\"Actions\">\(buttons.joined())</div>"
    }
}

/// A CSS length in pixels, without a needless fraction.
func px(_ value: Double) -> String { "\(num(value))px" }

/// A number as SVG and CSS write it: `417`, `417.5`.
func num(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

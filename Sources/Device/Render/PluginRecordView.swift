import BridgeJSON

/// What an official plugin's record puts on the screen, drawn as the device draws it: the
/// biometric prompt (Face ID's overlay, Touch ID's alert, Android's BiometricPrompt), a dialog
/// (UIAlertController, AlertDialog), the barcode scanner's camera view, a notification banner,
/// and the system's permission prompts (location, camera, notifications, iOS's paste prompt).
/// A record of something with nothing to see (haptics, opener, http, log, fs) is refused by
/// name. Everything the record carries is written as text.
enum PluginRecordView {
    struct Drawn {
        let title: String
        let screen: String
        let outcome: String
    }

    static func draw(_ record: JSON) throws(RenderError) -> Drawn {
        let reader = RecordReader(record)
        let plugin = try reader.string("plugin")
        let platform = try reader.string("platform")
        guard platform == "ios" || platform == "android" else {
            throw RenderError("the record's `platform` must be ios or android; got \(platform) (a desktop \(plugin) call is drawn by the desktop, not here)")
        }
        let ios = platform == "ios"
        let content: String, title: String
        // A system prompt (a runtime permission, iOS's paste prompt), whichever plugin asked.
        if let prompt = record["prompt"]?.stringValue {
            title = "Permission prompt"
            content = alert(ios: ios, title: prompt, message: "", buttons: (try? reader.strings("buttons")) ?? [], pressed: try reader.optionalString("answer"))
            return Drawn(title: title, screen: screen(ios, plugin, content), outcome: outcome(record))
        }
        switch plugin {
        case "biometric":
            let prompt = try reader.object("prompt")
            title = "Biometric prompt"
            if ios {
                let sensor = try prompt.optionalString("sensor") ?? "Face ID"
                let reason = try prompt.optionalString("localizedReason") ?? ""
                content = sensor == "Face ID"
                    ? "<div class=\"faceid\" role=\"dialog\" aria-label=\"Face ID\">\(Glyph.faceID.svg(size: 64))<p class=\"faceid-label\">Face ID</p></div>"
                    : alert(ios: true, title: "Touch ID for “the app”", message: reason, buttons: ["Cancel"], pressed: nil)
            } else {
                content = """
                <div class="dim"></div><div class="biometric-sheet" role="dialog" aria-label="Biometric prompt">\
                <p class="bp-title">\(HTML.text(try prompt.optionalString("title") ?? ""))</p>\
                \(try paragraph(prompt.optionalString("subtitle")))\(try paragraph(prompt.optionalString("description")))\
                \(Glyph.fingerprint.svg(size: 56))\
                <div class="alert-buttons"><button type="button">\(HTML.text(try prompt.optionalString("negativeButton") ?? "Cancel"))</button></div></div>
                """
            }
        case "dialog":
            title = "Dialog: " + (try reader.optionalString("title") ?? "")
            content = alert(ios: ios, title: try reader.optionalString("title") ?? "", message: try reader.optionalString("message") ?? "",
                            buttons: try reader.strings("buttons"), pressed: try reader.optionalString("pressed"))
        case "barcode-scanner":
            title = "Barcode scanner"
            let windowed = record["windowed"]?.boolValue ?? false
            content = """
            <div class="camera\(windowed ? " windowed" : "")" role="img" aria-label="The \(HTML.attribute(try reader.optionalString("camera") ?? "back")) camera">\
            <div class="viewfinder"></div></div>\(windowed ? "<div class=\"webview-over\">the page, transparent, over the camera</div>" : "")
            """
        case "notification":
            guard let banner = record["banner"]?.objectValue else { throw RenderError("a notification record draws its `banner`; this one has none") }
            title = "Notification: " + (banner["title"]?.stringValue ?? "")
            let shown = record["delivered"]?.boolValue ?? false
            content = """
            <div class="banner \(ios ? "ios" : "android")\(shown ? "" : " not-delivered")" role="status" aria-label="Notification">\
            <p class="banner-app">\(HTML.text(record["app"]?.stringValue ?? "the app")) · now</p>\
            <p class="banner-title">\(HTML.text(banner["title"]?.stringValue ?? ""))</p>\
            <p class="banner-body">\(HTML.text(banner["body"]?.stringValue ?? ""))</p></div>
            """
        default:
            throw RenderError("\(plugin) shows nothing on screen: its record (`--inspect`) says what the device did")
        }
        return Drawn(title: title, screen: screen(ios, plugin, content), outcome: outcome(record))
    }

    /// The phone's screen, the app behind what is drawn on it.
    static func screen(_ ios: Bool, _ plugin: String, _ content: String) -> String {
        """
        <section class="screen \(ios ? "iphone" : "android")" data-screen="\(ios ? "iphone" : "android")" data-plugin="\(HTML.attribute(plugin))" \
        style="width:390px;height:844px" aria-label="\(ios ? "iPhone" : "Android phone") screen">\(AppBackdrop.html)\(content)</section>
        """
    }

    static func paragraph(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        return "<p class=\"bp-text\">\(HTML.text(text))</p>"
    }

    /// An alert: UIKit's centred one, or Material's dialog; the pressed button marked.
    static func alert(ios: Bool, title: String, message: String, buttons: [String], pressed: String?) -> String {
        let list = buttons.map { "<button type=\"button\" data-activity-type=\"\(HTML.attribute($0))\" aria-pressed=\"\($0 == pressed)\">\(HTML.text($0))</button>" }.joined()
        return """
        <div class="dim"></div><div class="alert \(ios ? "ios" : "android")" role="alertdialog" aria-label="\(HTML.attribute(title))">\
        <p class="alert-title">\(HTML.text(title))</p>\(message.isEmpty ? "" : "<p class=\"alert-message\">\(HTML.text(message))</p>")\
        \(list.isEmpty ? "" : "<div class=\"alert-buttons\">\(list)</div>")\
        \(pressed.map { "<p class=\"alert-answer\">answered: \(HTML.text($0))</p>" } ?? "")</div>
        """
    }

    /// Beside the screen: every field of the record, as text.
    static func outcome(_ record: JSON) -> String {
        let rows = (record.objectValue ?? JSONObject()).members.map { m in
            "<dt>\(HTML.text(m.key))</dt><dd><code>\(HTML.text(m.value.stringValue ?? m.value.serialized()))</code></dd>"
        }.joined()
        return "<aside class=\"outcome\" aria-label=\"The record\"><h2>What the device did</h2><dl class=\"record\">\(rows)</dl></aside>"
    }

    static let css = """
    .faceid{position:absolute;left:50%;top:40%;transform:translate(-50%,-50%);width:160px;height:160px;border-radius:28px;background:rgba(242,242,247,.92);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;box-shadow:0 8px 30px rgba(0,0,0,.25)}
    .faceid-label{margin:0;font-size:15px;font-weight:600}
    .alert{position:absolute;left:50%;top:45%;transform:translate(-50%,-50%);width:270px;text-align:center;border-radius:14px;background:rgba(242,242,247,.97);box-shadow:0 8px 30px rgba(0,0,0,.25);overflow:hidden}
    .alert.android{width:312px;text-align:left;border-radius:28px;background:#ece6f0;padding:8px 8px 4px}
    .alert-title{margin:18px 16px 4px;font-size:17px;font-weight:600}.alert.android .alert-title{font-size:22px;font-weight:400}
    .alert-message{margin:0 16px 16px;font-size:13px}.alert.android .alert-message{font-size:14px;color:#49454f}
    .alert-buttons{display:flex;border-top:.5px solid #c6c6c8}.alert.android .alert-buttons{border:0;justify-content:flex-end;gap:8px;padding:8px}
    .alert-buttons button{flex:1;border:0;background:none;padding:11px;color:#007aff;font-size:17px}.alert.android .alert-buttons button{flex:none;color:#6750a4;font-size:14px;font-weight:500}
    .alert-buttons button[aria-pressed=true]{font-weight:700;background:#dbeafe}
    .alert-answer{margin:4px 16px 10px;font-size:12px;color:#636366}
    .biometric-sheet{position:absolute;left:0;right:0;bottom:0;border-radius:28px 28px 0 0;background:#f7f2fa;padding:24px;text-align:center;font-family:Roboto,"Liberation Sans",sans-serif}
    .bp-title{margin:0 0 8px;font-size:22px}.bp-text{margin:0 0 6px;font-size:14px;color:#49454f}
    .camera{position:absolute;inset:0;background:linear-gradient(135deg,#2b2b2b,#4a4a4a)}.camera.windowed{opacity:.85}
    .viewfinder{position:absolute;left:50%;top:45%;width:220px;height:220px;transform:translate(-50%,-50%);border:3px solid #fff;border-radius:18px;box-shadow:0 0 0 2000px rgba(0,0,0,.35)}
    .webview-over{position:absolute;left:16px;right:16px;bottom:60px;padding:12px;border:1px dashed #fff;border-radius:12px;color:#fff;font-size:13px;text-align:center}
    .banner{position:absolute;left:10px;right:10px;top:54px;padding:12px 14px;border-radius:20px;background:rgba(245,245,245,.95);box-shadow:0 6px 24px rgba(0,0,0,.2)}
    .banner.android{top:34px;border-radius:24px;background:#fff}.banner.not-delivered{opacity:.35;outline:2px dashed #b25000}
    .banner-app{margin:0 0 4px;font-size:12px;color:#636366}.banner-title{margin:0;font-size:15px;font-weight:600}.banner-body{margin:2px 0 0;font-size:15px}
    .record{margin:0;font-size:13px}.record dt{font-weight:600;margin-top:6px}.record dd{margin:0;overflow-wrap:anywhere}
    """
}

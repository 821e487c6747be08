/// The self-contained HTML page around a rendering. Its Content-Security-Policy forbids every
/// fetch and every script: images come inline as `data:` URLs, and nothing a record carries
/// could run even if it escaped its escaping.
enum Document {
    static let contentSecurityPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"

    /// The page: `screen` (the device with the sheet) beside `outcome` (what the call did).
    static func page(title: String, platform: String, device: String, screen: String, outcome: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="bridge render">
        <title>\(HTML.text(title))</title>
        <style>\(Stylesheet.css)</style>
        </head>
        <body>
        <main class="stage" data-platform="\(HTML.attribute(platform))" data-device="\(HTML.attribute(device))">
        \(screen)
        \(outcome)
        </main>
        </body>
        </html>

        """
    }
}

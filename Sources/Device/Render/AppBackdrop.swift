/// A neutral stand-in for the app behind the sheet: a navigation bar and a few blocks of
/// content, so the sheet is seen over something, as on a device.
enum AppBackdrop {
    static let html = """
    <div class="backdrop" aria-hidden="true"><div class="backdrop-bar"></div>\
    <div class="backdrop-block tall"></div><div class="backdrop-block"></div><div class="backdrop-block"></div>\
    <div class="backdrop-block short"></div></div>
    """
}

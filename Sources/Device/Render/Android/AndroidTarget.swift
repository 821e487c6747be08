/// The apps the chooser lists for a `text/plain` `ACTION_SEND` on a stock device.
struct AndroidTarget: Equatable {
    let package: String
    /// The label under the icon, and the button's accessible name.
    let name: String
    let glyph: Glyph

    static let textTargets: [AndroidTarget] = [
        AndroidTarget(package: "com.google.android.apps.messaging", name: "Messages", glyph: .androidMessages),
        AndroidTarget(package: "com.google.android.gm", name: "Gmail", glyph: .gmail),
        AndroidTarget(package: "com.google.android.gms.nearby", name: "Nearby Share", glyph: .nearbyShare),
        AndroidTarget(package: "com.android.bluetooth", name: "Bluetooth", glyph: .bluetooth),
        AndroidTarget(package: "com.google.android.apps.docs", name: "Drive", glyph: .drive),
        AndroidTarget(package: "com.google.android.keep", name: "Keep Notes", glyph: .keep),
    ]
}

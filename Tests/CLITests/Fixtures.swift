import Foundation

/// The repository's fixture folder, `Tests/Fixtures`.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    /// A file or folder under `Tests/Fixtures`.
    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }
}

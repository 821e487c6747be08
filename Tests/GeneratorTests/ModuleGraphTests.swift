import Foundation
import Testing

/// The module graph as docs/architecture.md draws it, read from the sources: plugins and
/// backends are written against the call kit (`BridgeCall`, `BridgeDevice`), never the router,
/// and the router holds dispatch only.
@Suite("The module graph keeps its promises")
struct ModuleGraphTests {
    /// The Swift files under `folder`, by path relative to the package.
    static func sources(_ folder: String) throws -> [(path: String, text: String)] {
        let base = packageRoot.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(atPath: base.path)
        var out: [(String, String)] = []
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            out.append((folder + "/" + file, try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    @Test("no plugin and no backend imports the router", arguments: ["Sources/Plugins/FrakShare", "Sources/Plugins/Share",
                                                                       "Sources/Plugins/ShareExtension", "Sources/Plugins/Official",
                                                                       "Sources/Plugins/Core", "Sources/ShareNatives", "Sources/Call",
                                                                       "Sources/Device"])
    func backendsSkipTheRouter(folder: String) throws {
        let files = try Self.sources(folder)
        #expect(!files.isEmpty, "\(folder) has no Swift files")
        for file in files {
            #expect(!file.text.contains("import BridgeRouter"), "\(file.path) imports BridgeRouter")
        }
    }

    @Test("no router file names a device: the popover, UIKit's sheet, the chooser live with the devices")
    func routerHoldsDispatchOnly() throws {
        let words = ["iPad", "iPhone", "UIKit", "popover", "chooser", "Android", "iOS"]
        for file in try Self.sources("Sources/Router") {
            for word in words {
                #expect(!file.text.contains(word), "\(file.path) names \(word)")
            }
        }
    }
}

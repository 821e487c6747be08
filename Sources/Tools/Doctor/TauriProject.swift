import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// The files of a Tauri mobile project that receiving shares depends on, found under its path:
/// `src-tauri/tauri.conf.json`, `src-tauri/gen/android/app/src/main/AndroidManifest.xml` and
/// its `res/xml/`, and `src-tauri/gen/apple/*/Info.plist` with the `*.entitlements` beside them.
struct TauriProject {
    /// `src-tauri`.
    let root: String
    /// `identifier` from `tauri.conf.json` (the Android applicationId, the iOS bundle id).
    let identifier: String?
    let androidManifest: String?
    let androidResources: String?
    /// Every `Info.plist` under `gen/apple`, but not in build output.
    let applePlists: [String]

    /// - Throws: `DoctorError` when `path` does not exist or is not a Tauri project.
    init(_ path: String) throws(DoctorError) {
        let fm = FileManager.default
        var isFolder = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder else {
            throw DoctorError(message: "\(path): no such folder; give the Tauri project's folder (the one holding src-tauri)")
        }
        let nested = Paths.appending(path, "src-tauri")
        let root = fm.fileExists(atPath: nested) ? nested : path
        let conf = ["tauri.conf.json", "tauri.conf.json5", "Tauri.toml"].map { Paths.appending(root, $0) }
            .first { fm.fileExists(atPath: $0) }
        let gen = Paths.appending(root, "gen")
        guard conf != nil || fm.fileExists(atPath: gen) else {
            throw DoctorError(message: "\(path): not a Tauri project (no src-tauri/tauri.conf.json, no src-tauri/gen)")
        }
        self.root = root
        var identifier: String? = nil
        if let conf, conf.hasSuffix(".json"), let data = fm.contents(atPath: conf), let json = try? JSONParser.parse([UInt8](data)) {
            identifier = json["identifier"]?.stringValue
        }
        self.identifier = identifier
        let main = Paths.appending(gen, "android/app/src/main")
        let manifest = Paths.appending(main, "AndroidManifest.xml")
        androidManifest = fm.fileExists(atPath: manifest) ? manifest : nil
        androidResources = androidManifest == nil ? nil : Paths.appending(main, "res")
        let apple = Paths.appending(gen, "apple")
        var plists: [String] = []
        let skipped = { (entry: String) -> Bool in
            let parts = entry.split(separator: "/")
            return parts.count > 3 || parts.contains(where: {
                ["build", "Pods", "DerivedData", "assets", "Externals"].contains(String($0)) || $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcassets")
            })
        }
        do {
            for entry in Disk.walk(apple, skip: skipped) where entry.hasSuffix("Info.plist") {
                plists.append(Paths.appending(apple, entry))
            }
        }
        applePlists = plists.sorted()
    }
}

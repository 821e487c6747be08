import BridgeKit
import BridgeStreams
import FoundationEssentials

/// The parts of the device several plugins read, and their options: its runtime permissions
/// (`--permission`: barcode-scanner, geolocation, notification) and its files (`--sandbox`:
/// fs, store, log, opener).
enum DeviceOptions: PluginOptionsReader {
    typealias Settings = OfficialSettings

    static let options = [
        PluginOption("permission", help: """
              --permission NAME=allow|deny|granted|denied
                                      a runtime permission (location, coarseLocation, camera,
                                      notification): what the person answers when asked, or
                                      granted or denied already (repeatable) [allow]
            """),
        PluginOption("sandbox", help: """
              --sandbox DIR           fs: the folder that holds the device's files, one tree per
                                      platform (DIR/ios/…, DIR/android/…); nothing outside it is
                                      touched [a new temporary folder, named on stderr]
            """),
    ]

    static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        var answers: [String: DevicePermissions.Answer] = [:]
        for value in given.values("permission") {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let answer = DevicePermissions.Answer(rawValue: parts[1]) else {
                throw PluginOptionError("option '--permission' takes NAME=allow|deny|granted|denied, such as location=deny, got '\(value)'")
            }
            answers[parts[0]] = answer
        }
        settings.permissions = DevicePermissions(answers)
        let root = try given.nonEmpty("sandbox").map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        settings.sandbox = SandboxHolder(root: root) { folder in Log.error("fs: the device's files are in \(folder) (--sandbox DIR to choose)") }
    }
}

import BridgeDoctor

/// `bridge doctor PATH`: checks a Tauri mobile project's setup for sharing.
enum DoctorCommand {
    static let help = """
    Usage: bridge doctor PATH [--expect text,image,images,file]

    Checks the Tauri mobile project at PATH (the folder holding src-tauri, or src-tauri itself)
    as receiving and sharing need it, and prints each problem as file:line, what is wrong, and
    the fix:

      Android (src-tauri/gen/android/app/src/main): a <provider> for
        androidx.core.content.FileProvider with android:authorities="${applicationId}.fileprovider",
        android:exported="false", android:grantUriPermissions="true", and
        android.support.FILE_PROVIDER_PATHS meta-data naming res/xml/NAME.xml, which must
        exist and have a root covering the thumbnails' <cacheDir>/share/ folder; share
        intent filters (DEFAULT category, lower-case mimeType) that accept what the app
        expects; android:exported on activities with filters.
      iOS (src-tauri/gen/apple): a share extension whose NSExtensionActivationRule parses and
        is not TRUEPREDICATE; the app's and the extension's .entitlements name the same
        App Group.

    Options:
      --expect LIST   what the app must receive on Android, comma-separated: text (text and
                      links), image (one image), images (several: ACTION_SEND_MULTIPLE),
                      file [text,image,images]
      -h, --help      show this help

    Exit status: 0 no findings, 1 findings, 2 unusable input (no such folder, not a Tauri
    project, bad options).
    """

    static let optionNames: Set<String> = ["expect"]

    static func run(_ args: ArgumentList, streams: StandardStreams) throws(UsageError) -> Int32 {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("expected 'bridge doctor PATH': the Tauri project's folder", subcommand: "doctor")
        }
        var expectations: [ShareExpectation]?
        if let list = args.value("expect") {
            expectations = []
            for name in list.split(separator: ",") {
                guard let e = ShareExpectation(rawValue: String(name)) else {
                    let allowed = ShareExpectation.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("option '--expect' takes a comma-separated list of \(allowed), got '\(name)'", subcommand: "doctor")
                }
                expectations?.append(e)
            }
        }
        let report: Doctor.Report
        do {
            report = try Doctor.examine(path, expecting: expectations)
        } catch {
            throw UsageError(error.message, subcommand: "doctor", pointsToHelp: false)
        }
        for finding in report.findings { streams.write(finding.description + "\n") }
        for line in report.checked { streams.error("bridge doctor: checked \(line)") }
        if report.findings.isEmpty {
            streams.error("bridge doctor: no findings in \(path)")
            return 0
        }
        streams.error("bridge doctor: \(report.findings.count) finding(s) in \(path)")
        return 1
    }
}

/// `bridge doctor`: checks a Tauri mobile project's native setup for sharing, as the seeds'
/// setup steps require, and says for each problem where it is and how to fix it.
///
/// Android: the `androidx.core.content.FileProvider` provider (authority
/// `${applicationId}.fileprovider`, not exported, granting URI permissions, its
/// `FILE_PROVIDER_PATHS` XML existing with a root covering the thumbnails' `share/` folder) and
/// share intent filters accepting what the app expects. iOS: the share extension's activation
/// rule parses and is not `TRUEPREDICATE`; the app and the extension name the same App Group.
public enum Doctor {
    /// What the doctor examined, and what it found.
    public struct Report: Sendable, Equatable {
        public let findings: [Finding]
        /// What was checked and what was skipped, one line each.
        public let checked: [String]
    }

    /// Examines the project at `path`.
    /// - Throws: `DoctorError` when `path` is not a Tauri project.
    public static func examine(_ path: String, expecting: [ShareExpectation] = ShareExpectation.defaults) throws(DoctorError) -> Report {
        let project = try TauriProject(path)
        var findings: [Finding] = []
        var checked: [String] = []
        if let manifest = project.androidManifest, let resources = project.androidResources {
            findings += AndroidChecks(project: project, manifestFile: manifest, resources: resources, expectations: expecting).run()
            checked.append("android: \(manifest)")
        } else {
            checked.append("android: skipped (no gen/android; run `tauri android init`)")
        }
        if project.applePlists.isEmpty {
            checked.append("ios: skipped (no gen/apple; run `tauri ios init`)")
        } else {
            findings += IOSChecks(project: project).run()
            checked.append("ios: \(project.applePlists.count) Info.plist file(s) under gen/apple")
        }
        return Report(findings: findings, checked: checked)
    }
}

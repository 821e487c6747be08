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

    /// Examines the project at `path`, checking what applies to what the app does (`ShareUse`).
    /// - Parameter expecting: what the app must receive on Android (`--expect`); given, the
    ///   receiving checks apply whatever the app's files say; `nil`: the defaults, when the app
    ///   receives shares.
    /// - Throws: `DoctorError` when `path` is not a Tauri project.
    public static func examine(_ path: String, expecting: [ShareExpectation]? = nil) throws(DoctorError) -> Report {
        let project = try TauriProject(path)
        var use = ShareUse(project, manifestDeclaresReceiving: AndroidChecks.declaresReceiving(project),
                           hasShareExtension: IOSChecks.hasShareExtension(project))
        if expecting != nil, !use.receives {
            use.receives = true
            use.reason += "; --expect: the receiving checks apply"
        }
        var findings: [Finding] = []
        var checked: [String] = ["what the app does: \(use.reason)"]
        if !use.sends && !use.receives {
            checked.append("android, ios: skipped (nothing to check for an app that neither sends nor receives shares)")
            return Report(findings: findings, checked: checked)
        }
        if let manifest = project.androidManifest, let resources = project.androidResources {
            findings += AndroidChecks(project: project, manifestFile: manifest, resources: resources,
                                      expectations: expecting ?? ShareExpectation.defaults, use: use).run()
            let parts = [use.sends ? "the FileProvider" : nil, use.receives ? "the share intent filters" : nil].compactMap { $0 }
            checked.append("android: \(parts.joined(separator: " and ")) in \(manifest)")
        } else {
            checked.append("android: skipped (no gen/android; run `tauri android init`)")
        }
        if project.applePlists.isEmpty {
            checked.append("ios: skipped (no gen/apple; run `tauri ios init`)")
        } else if !use.receives {
            checked.append("ios: skipped (the share extension and its App Group matter only to an app that receives shares)")
        } else {
            findings += IOSChecks(project: project).run()
            checked.append("ios: \(project.applePlists.count) Info.plist file(s) under gen/apple")
        }
        return Report(findings: findings, checked: checked)
    }
}

import BridgeAndroidIntents
import BridgeInbox
import BridgeShareNatives
import FoundationEssentials
import Glibc
import BridgeSystem

/// The Android half of `bridge doctor`: the FileProvider the thumbnails go through (seed 000's
/// setup) and the intent filters shares arrive through (seed 001's).
struct AndroidChecks {
    let project: TauriProject
    let manifestFile: String
    let resources: String
    let expectations: [ShareExpectation]
    /// What the app does: the FileProvider is checked when it sends, the filters when it receives.
    var use = ShareUse(sends: true, receives: true, reason: "")

    static let fileProvider = "androidx.core.content.FileProvider"
    static let pathsKey = "android.support.FILE_PROVIDER_PATHS"
    /// The paths resource of Tauri's Android template (`res/xml/file_paths.xml`).
    static let templatePaths = "file_paths"

    func run() -> [Finding] {
        guard let data = FileManager.default.contents(atPath: manifestFile) else {
            return [Finding(file: manifestFile, line: 1, message: "cannot read the manifest", fix: "check the file's permissions")]
        }
        let text = String(decoding: data, as: UTF8.self)
        let manifest: AndroidManifest
        do {
            manifest = try AndroidManifest(xml: text, file: manifestFile)
        } catch {
            return [Finding(file: manifestFile, line: error.line, message: "the manifest is not well-formed XML: \(error.message)",
                            fix: "repair the XML; the Android build fails on it too")]
        }
        let lines = SourceLines(text)
        return (use.sends ? provider(manifest, lines) : []) + (use.receives ? filters(manifest, lines) : [])
    }

    /// Whether the project's manifest already has a share intent filter (it means to receive).
    static func declaresReceiving(_ project: TauriProject) -> Bool {
        guard let file = project.androidManifest, let data = FileManager.default.contents(atPath: file),
              let manifest = try? AndroidManifest(xml: String(decoding: data, as: UTF8.self), file: file) else { return false }
        let send: Set<String> = [AndroidSendIntent.actionSend, AndroidSendIntent.actionSendMultiple]
        return manifest.activities.contains { $0.filters.contains { !Set($0.actions).isDisjoint(with: send) } }
    }

    // MARK: FileProvider

    private func provider(_ manifest: AndroidManifest, _ lines: SourceLines) -> [Finding] {
        let snippet = """
        <provider android:name="androidx.core.content.FileProvider" android:authorities="${applicationId}.fileprovider" \
        android:exported="false" android:grantUriPermissions="true"><meta-data android:name="android.support.FILE_PROVIDER_PATHS" \
        android:resource="@xml/file_paths" /></provider>
        """
        guard let p = manifest.providers.first(where: { $0.name == AndroidChecks.fileProvider }) else {
            return [Finding(file: manifestFile, line: lines.line(of: "<application"),
                            message: "no <provider> for \(AndroidChecks.fileProvider): a shared thumbnail gets no content:// URI, so the share carries no image",
                            fix: "add inside <application>: \(snippet)")]
        }
        var out: [Finding] = []
        let expected = "${applicationId}.fileprovider"
        let literal = project.identifier.map { "\($0).fileprovider" }
        if !p.authorities.contains(expected) && !(literal.map(p.authorities.contains) ?? false) {
            out.append(Finding(file: manifestFile, line: lines.line(of: "android:authorities", from: p.line, fallback: p.line),
                               message: "the FileProvider's authority is \(p.authorities.joined(separator: ";")), but the plugin builds URIs with <applicationId>.fileprovider; FileProvider.getUriForFile fails with \"Couldn't find meta-data for provider with authority\"",
                               fix: "set android:authorities=\"\(expected)\""))
        }
        if p.exported == true {
            out.append(Finding(file: manifestFile, line: lines.line(of: "android:exported", from: p.line, fallback: p.line),
                               message: "the FileProvider is exported; FileProvider refuses to start (SecurityException: Provider must not be exported)",
                               fix: "set android:exported=\"false\"; access is granted per URI instead"))
        }
        if p.grantURIPermissions != true {
            out.append(Finding(file: manifestFile, line: p.grantURIPermissions == nil ? p.line : lines.line(of: "android:grantUriPermissions", from: p.line, fallback: p.line),
                               message: "the FileProvider does not grant URI permissions; it refuses to start (SecurityException: Provider must grant uri permissions), and the receiving app could not read the thumbnail",
                               fix: "set android:grantUriPermissions=\"true\""))
        }
        out += paths(p, lines)
        return out
    }

    private func paths(_ p: AndroidManifest.Provider, _ lines: SourceLines) -> [Finding] {
        guard let meta = p.metaData[AndroidChecks.pathsKey] else {
            return [Finding(file: manifestFile, line: p.line, message: "the FileProvider has no \(AndroidChecks.pathsKey) meta-data; it fails to start (\"Missing android.support.FILE_PROVIDER_PATHS meta-data\")",
                            fix: "add <meta-data android:name=\"\(AndroidChecks.pathsKey)\" android:resource=\"@xml/file_paths\" /> inside the <provider>")]
        }
        guard meta.value.hasPrefix("@xml/"), meta.value.count > 5 else {
            return [Finding(file: manifestFile, line: meta.line, message: "\(AndroidChecks.pathsKey) must name an XML resource (@xml/NAME), found \"\(meta.value)\"",
                            fix: "set android:resource=\"@xml/file_paths\" and create res/xml/file_paths.xml")]
        }
        let name = String(meta.value.dropFirst(5))
        let file = Paths.appending(Paths.appending(resources, "xml"), "\(name).xml")
        guard let data = FileManager.default.contents(atPath: file) else {
            // Tauri's Android template (crates/tauri-cli/templates/mobile/android) has this file
            // and this provider: a project lacking it lost a file `tauri android init` writes.
            if name == AndroidChecks.templatePaths {
                return [Finding(file: manifestFile, line: meta.line,
                                message: "\(meta.value) names \(file), which is missing: it is a file of Tauri's Android template, which `tauri android init` writes (until then the resource is not found)",
                                fix: "restore it (git checkout, or rerun `tauri android init`), then make sure a root covers <cacheDir>/share/, e.g. <cache-path name=\"share\" path=\"share/\" />")]
            }
            return [Finding(file: manifestFile, line: meta.line, message: "\(meta.value) names \(file), which does not exist; the build fails (resource not found)",
                            fix: "create \(file) with <paths><cache-path name=\"share\" path=\"share/\" /></paths>")]
        }
        let text = String(decoding: data, as: UTF8.self)
        let roots: FileProviderPaths
        do {
            roots = try FileProviderPaths(xml: text)
        } catch {
            let line = error.message.split(separator: " ").dropFirst().first.flatMap { Int($0.dropLast()) } ?? 1
            return [Finding(file: file, line: error.message.hasPrefix("line ") ? line : 1, message: "the FileProvider paths cannot be read: \(error.message)",
                            fix: "write <paths> with roots such as <cache-path name=\"share\" path=\"share/\" />")]
        }
        let cache = "/data/user/0/\(project.identifier ?? "com.example.app")/cache"
        guard roots.contentURI(for: cache + "/share/share-1.png", authority: "a.fileprovider", cacheDirectory: cache) != nil else {
            let listed = roots.roots.map { "<\($0.type) name=\"\($0.name)\" path=\"\($0.path)\">" }.joined(separator: ", ")
            return [Finding(file: file, line: SourceLines(text).line(of: "<paths"),
                            message: "no root covers the thumbnails' folder <cacheDir>/share/ (roots: \(listed)); getUriForFile throws \"Failed to find configured root\" and the share goes without its image",
                            fix: "add <cache-path name=\"share\" path=\"share/\" /> inside <paths>")]
        }
        return []
    }

    // MARK: Share intent filters

    /// The per-filter reasons of a resolution refusal, without its leading summary.
    static func reasons(_ refusal: String) -> String {
        guard let colon = refusal.firstRange(of: ": ") else { return refusal }
        return String(refusal[colon.upperBound...])
    }

    private func filters(_ manifest: AndroidManifest, _ lines: SourceLines) -> [Finding] {
        var out: [Finding] = []
        let sendActions = [AndroidSendIntent.actionSend, AndroidSendIntent.actionSendMultiple]
        for a in manifest.activities {
            for f in a.filters where !Set(f.actions).isDisjoint(with: sendActions) {
                if !f.categories.contains(IntentFilter.categoryDefault) {
                    out.append(Finding(file: manifestFile, line: f.line,
                                       message: "this share <intent-filter> of \(a.name) lacks android.intent.category.DEFAULT; the chooser resolves with MATCH_DEFAULT_ONLY and never lists the app",
                                       fix: "add <category android:name=\"android.intent.category.DEFAULT\" /> to the filter"))
                }
                for t in f.dataTypes where IntentFilter.isMalformed(t) || t != t.lowercased() {
                    out.append(Finding(file: manifestFile, line: lines.line(of: "\"\(t)\"", from: f.line, fallback: f.line),
                                       message: IntentFilter.isMalformed(t) ? "mimeType \"\(t)\" is not a MIME type (type/subtype); the package fails to install"
                                           : "mimeType \"\(t)\" has upper-case letters; intent filter MIME matching is case-sensitive and senders use lower case",
                                       fix: IntentFilter.isMalformed(t) ? "write it as type/subtype in lower case, e.g. \"image/*\""
                                           : "write it in lower case: \"\(t.lowercased())\""))
                }
                if f.dataTypes.isEmpty {
                    out.append(Finding(file: manifestFile, line: f.line,
                                       message: "this share <intent-filter> of \(a.name) has no mimeType; it matches only intents without a type, and every share has one",
                                       fix: "add <data android:mimeType=\"text/plain\" /> (and image/* for images)"))
                }
            }
            if a.exported == nil && !a.filters.isEmpty {
                out.append(Finding(file: manifestFile, line: a.line,
                                   message: "\(a.name) has intent filters but no android:exported; apps targeting Android 12+ fail to install",
                                   fix: "set android:exported=\"true\" on the activity that receives shares"))
            }
        }
        // Reasons name filters by the manifest's file name only: the finding already says where it is.
        let short = (try? AndroidManifest(xml: lines.lines.joined(separator: "\n"), file: Paths.lastComponent(manifestFile))) ?? manifest
        let receiver = AndroidReceiver(manifest: short, filesDirectory: "/nonexistent")
        for e in expectations {
            let intent = e.intent
            do {
                _ = try receiver.resolve(action: intent.action, type: intent.type, activity: nil)
            } catch {
                let main = manifest.activities.first { !$0.filters.isEmpty } ?? manifest.activities.first
                let snippet = "<intent-filter><action android:name=\"\(intent.action)\" /><category android:name=\"android.intent.category.DEFAULT\" /><data android:mimeType=\"\(e.filterType)\" /></intent-filter>"
                out.append(Finding(file: manifestFile, line: main?.line ?? lines.line(of: "<application"),
                                   message: "\(e.description) (\(intent.action.split(separator: ".").last ?? "") \(intent.type)) reaches no activity: \(Self.reasons(error.message))",
                                   fix: "add to \(main?.name ?? "the main activity"): \(snippet)"))
            }
        }
        return out
    }
}

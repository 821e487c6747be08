import Foundation
import Testing

@Suite("bridge doctor on fixture projects")
struct DoctorTests {
    static let manifest = "src-tauri/gen/android/app/src/main/AndroidManifest.xml"
    static let paths = "src-tauri/gen/android/app/src/main/res/xml/file_paths.xml"
    static let extensionPlist = "src-tauri/gen/apple/ShareExtension/Info.plist"

    @Test("the good project has no findings: exit 0")
    func good() throws {
        let r = try runBridge(["doctor", Fixtures.path("doctor/good")], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr.contains("bridge doctor: no findings in"))
        let nested = try runBridge(["doctor", Fixtures.path("doctor/good/src-tauri")], executable: Products.bridge)
        #expect(nested.status == 0, "src-tauri itself works too")
    }

    /// (fixture, file:line of the first finding, a phrase of its message, a phrase of its fix, number of findings)
    @Test("each broken project's problem is found with file:line and the fix: exit 1", arguments: [
        ("android-provider-exported", "\(manifest):37", "the FileProvider is exported", "android:exported=\"false\"", 1),
        ("android-no-grant", "\(manifest):34", "does not grant URI permissions", "android:grantUriPermissions=\"true\"", 1),
        ("android-authority", "\(manifest):36", "authority is com.example.provider", "${applicationId}.fileprovider", 1),
        ("android-paths-missing", "\(manifest):39", "@xml/provider_paths names", "with <paths><cache-path name=\"share\" path=\"share/\" /></paths>", 1),
        ("android-paths-no-share", "\(paths):2", "no root covers the thumbnails' folder <cacheDir>/share/", "<cache-path name=\"share\" path=\"share/\" />", 1),
        ("android-no-share-filter", "\(manifest):10", "sharing text or a link (SEND text/plain) reaches no activity", "android.intent.action.SEND", 3),
        ("android-no-default", "\(manifest):21", "lacks android.intent.category.DEFAULT; the chooser resolves with MATCH_DEFAULT_ONLY", "android.intent.category.DEFAULT", 3),
        ("android-no-multiple", "\(manifest):10", "sharing several images (SEND_MULTIPLE image/*) reaches no activity", "android.intent.action.SEND_MULTIPLE", 1),
        ("ios-truepredicate", "\(extensionPlist):14", "the activation rule is TRUEPREDICATE", "SUBQUERY predicate", 1),
        ("ios-rule-syntax", "\(extensionPlist):24", "the activation rule predicate does not parse: line 11, column 4", "correct the predicate", 1),
        ("ios-rule-refuses-all", "\(extensionPlist):13", "accepts none of text, a link, an image, a movie or a PDF", "bridge extension receive --app-group /tmp/inbox --activation-rule", 1),
        ("android-template-paths-missing", "\(manifest):39", "it is a file of Tauri's Android template, which `tauri android init` writes", "rerun `tauri android init`", 1),
        ("ios-app-group-mismatch", "src-tauri/gen/apple/ShareExtension/ShareExtension.entitlements:5", "have none in common", "group.id.frak.example", 1),
    ] as [(String, String, String, String, Int)])
    func broken(fixture: String, location: String, message: String, fix: String, count: Int) throws {
        let root = Fixtures.path("doctor/\(fixture)")
        let r = try runBridge(["doctor", root], executable: Products.bridge)
        #expect(r.status == 1)
        let findings = r.stdout.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("  fix: ") }
        let fixes = r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  fix: ") }
        #expect(findings.count == count, "\(r.stdout)")
        #expect(fixes.count == count)
        #expect(findings.first?.hasPrefix("\(root)/\(location): ") == true, "\(r.stdout)")
        #expect(findings.first?.contains(message) == true, "\(r.stdout)")
        #expect(fixes.first?.contains(fix) == true, "\(r.stdout)")
        #expect(r.stderr.contains("bridge doctor: \(count) finding(s) in"))
    }

    @Test("unusable input exits 2: no folder, not a Tauri project, a bad --expect")
    func unusable() throws {
        let missing = try runBridge(["doctor", "/nonexistent/app"], executable: Products.bridge)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/app: no such folder"))
        let notTauri = try runBridge(["doctor", Fixtures.path("android")], executable: Products.bridge)
        #expect(notTauri.status == 2)
        #expect(notTauri.stderr.contains("not a Tauri project"))
        let badExpect = try runBridge(["doctor", Fixtures.path("doctor/good"), "--expect", "text,video"], executable: Products.bridge)
        #expect(badExpect.status == 2)
        let none = try runBridge(["doctor"], executable: Products.bridge)
        #expect(none.status == 2)
    }

    @Test("an app that only sends (its capabilities grant frak-share and share, nothing receives): only the FileProvider is checked")
    func sendsOnly() throws {
        let root = Fixtures.path("doctor/sends-only")
        let r = try runBridge(["doctor", root], executable: Products.bridge)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout == "")
        #expect(r.stderr.contains("it sends shares (its capabilities grant frak-share:, share:); it receives none"), "\(r.stderr)")
        #expect(r.stderr.contains("checked android: the FileProvider in"))
        #expect(r.stderr.contains("ios: skipped (the share extension and its App Group matter only to an app that receives shares)"))
        // --expect says the app receives: the filters and the share extension are checked.
        let expected = try runBridge(["doctor", root, "--expect", "text"], executable: Products.bridge)
        #expect(expected.status == 1)
        #expect(expected.stdout.contains("sharing text or a link (SEND text/plain) reaches no activity"))
        #expect(expected.stdout.contains("no share extension under"))
    }

    @Test("--expect file finds that the good project takes no files")
    func expectFile() throws {
        let r = try runBridge(["doctor", Fixtures.path("doctor/good"), "--expect", "text,file"], executable: Products.bridge)
        #expect(r.status == 1)
        #expect(r.stdout.contains("sharing a file (SEND application/pdf) reaches no activity"))
    }
}

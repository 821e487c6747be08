import BridgeJSON
import Foundation
import Testing

@Suite("bridge render and invoke --preview (spawned)")
struct RenderCommandTests {
    static let share = #"{"url":"https://frak.id/invite","text":"Join me","title":"Frak"}"#

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)-\(name)").path
    }

    @Test("--help prints the whole usage")
    func help() throws {
        let r = try runBridge(["render", "--help"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == """
        Usage: bridge render <record.json | -> [-o FILE.html]

        Draws a presentation record as the sheet a person would see, in one self-contained HTML
        document (inline SVG, images as data: URLs, no network, no script): the iOS share sheet
        (an iPhone bottom sheet, or an iPad popover at its anchor) and what the chosen activity
        received, or the Android chooser with its preview header; an official plugin's record as
        its prompt, dialog, scanner view or notification banner (a record with nothing on
        screen, such as haptics', is refused by name).

        <record.json>        a record, or the output of 'bridge invoke … --inspect' (also
                             a failed call's, whose error carries data.presentation); - for stdin
        -o, --output FILE    write the document to FILE [stdout]

        The record is checked against its schema (presentation/ios, presentation/ios-share for
        plugin:share's, or presentation/android). The images a record names (Android's thumbnail
        and previewed images, iOS's shared images and header icon) are read from their files.

        Exit status: 0 rendered; 2 usage error (unreadable or malformed JSON, not a valid
        presentation record, an unwritable FILE).

        """)
    }

    @Test("invoke --preview writes the rendering of the call's record, and prints the result as before")
    func preview() throws {
        let file = temporaryPath("ipad.html")
        let r = try runBridge(["invoke", "share_text", RenderCommandTests.share, "--device", "ipad",
                               "--activity", "com.apple.UIKit.activity.Mail", "--preview", file], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "{\"shared\":true}\n")
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("data-popover=\"true\" data-anchor-x=\"417\" data-anchor-y=\"597\""))
        #expect(html.contains("<span data-role=\"mail-subject\">Frak</span>"))
    }

    @Test("the official plugins' records draw what the person sees; a record with nothing to see is refused by name")
    func officialRecords() throws {
        let caps = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/capabilities/guest-js"
        let cases: [([String], [String])] = [
            (["plugin:dialog|ask", #"{"message":"Continue?","title":"Frak","okButtonLabel":"Yes","cancelButtonLabel":"No"}"#], ["role=\"alertdialog\"", "Continue?", "aria-pressed=\"true\">Yes<"]),
            (["plugin:biometric|authenticate", #"{"reason":"Pay 12 €","title":"Frak"}"#, "--platform", "android"], ["biometric-sheet", "Pay 12 €", "data-glyph=\"fingerprint\""]),
            (["plugin:biometric|authenticate", #"{"reason":"Pay 12 €"}"#], ["aria-label=\"Face ID\"", "data-glyph=\"faceID\""]),
            (["plugin:barcode-scanner|scan", #"{"windowed":true}"#, "--scan", "hello"], ["class=\"camera windowed\"", "viewfinder"]),
            (["plugin:notification|notify", #"{"options":{"id":7,"title":"Paid","body":"12 €"}}"#, "--permission", "notification=granted",
              "--app", FileManager.default.currentDirectoryPath + "/Tests/Fixtures/apps/deep-link"], ["class=\"banner ios\"", "Paid", "12 €", "Deep link example · now"]),
            (["plugin:clipboard-manager|read_text", "--clipboard", "x"], ["Allow Paste"]),
        ]
        for (call, expected) in cases {
            let path = temporaryPath("plugin.html")
            let r = try runBridge(["invoke"] + call + ["--capabilities", caps, "--preview", path], executable: Products.bridge)
            #expect(r.status == 0, "\(call): \(r.stderr)")
            let html = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            for text in expected { #expect(html.contains(text), "\(call[0]) draws \(text)") }
            #expect(html.contains("Content-Security-Policy"), "self-contained, as every rendering")
        }
        let record = temporaryPath("haptics.json")
        let inspected = try runBridge(["invoke", "plugin:haptics|vibrate", #"{"duration":10}"#, "--capabilities", caps, "--inspect"], executable: Products.bridge)
        try inspected.stdout.write(toFile: record, atomically: true, encoding: .utf8)
        let refused = try runBridge(["render", record], executable: Products.bridge)
        #expect(refused.status == 2 && refused.stderr.contains("haptics shows nothing on screen"), "\(refused.stderr)")
    }

    @Test("plugin:share records render too: the files delivered on iOS, the files previewed on Android")
    func shareRecords() throws {
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=="
        let ios = temporaryPath("share-ios.html")
        var r = try runBridge(["invoke", "plugin:share|share", #"{"title":"Shot","files":["\#(png)"]}"#,
                               "--activity", "com.apple.UIKit.activity.Mail", "--preview", ios], executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        let mail = try String(contentsOfFile: ios, encoding: .utf8)
        #expect(mail.contains("<span data-role=\"mail-subject\">Shot</span>"))
        #expect(mail.contains("<p class=\"file-name\">image.png</p><p class=\"note\">public.png, as "))
        #expect(mail.contains("<p class=\"header-title\" data-role=\"title\">Shot</p>"))
        #expect(mail.contains("resolves with <code>{&quot;activityType&quot;:&quot;com.apple.UIKit.activity.Mail&quot;}</code>"))
        let android = temporaryPath("share-android.html")
        r = try runBridge(["invoke", "plugin:share|share", #"{"files":["\#(png)","\#(png)"]}"#, "--platform", "android",
                           "--cache-dir", temporaryPath("cache"), "--preview", android], executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        let chooser = try String(contentsOfFile: android, encoding: .utf8)
        #expect(chooser.contains("data-preview=\"image\""))
        #expect(chooser.components(separatedBy: "data-role=\"preview-image\" data-icon=\"image\"").count == 3)
        #expect(chooser.contains("<dt>EXTRA_STREAM</dt><dd data-role=\"streams\">content://"))
        #expect(!chooser.contains("<dt>EXTRA_TEXT</dt>"))
    }

    @Test("render reads a saved --inspect output, from a file (-o) or stdin (stdout), the same document")
    func renderSaved() throws {
        let inspected = try runBridge(["invoke", "share_text", RenderCommandTests.share, "--platform", "android", "--inspect"],
                                      executable: Products.bridge)
        #expect(inspected.status == 0)
        let record = temporaryPath("record.json")
        try inspected.stdout.write(toFile: record, atomically: true, encoding: .utf8)
        let out = temporaryPath("android.html")
        let toFile = try runBridge(["render", record, "-o", out], executable: Products.bridge)
        #expect(toFile.status == 0)
        #expect(toFile.stdout == "")
        let fromStdin = try runBridge(["render", "-"], stdin: inspected.stdout, executable: Products.bridge)
        #expect(fromStdin.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == fromStdin.stdout)
        #expect(fromStdin.stdout.contains("data-sheet=\"android\""))
    }

    @Test("a saved --inspect of plugin:share renders, checked against presentation/ios-share")
    func renderSavedShare() throws {
        let inspected = try runBridge(["invoke", "share", #"{"text":"hi","url":"https://frak.id/"}"#, "--inspect"],
                                      executable: Products.bridge)
        #expect(inspected.status == 0, "\(inspected.stderr)")
        let r = try runBridge(["render", "-"], stdin: inspected.stdout, executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("data-sheet=\"ios\""))
        let broken = inspected.stdout.replacingOccurrences(of: "\"header\":", with: "\"headr\":")
        let refused = try runBridge(["render", "-"], stdin: broken, executable: Products.bridge)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("missing required property \"header\""))
    }

    @Test("invoke --preview into a folder that does not exist is refused before the call runs")
    func previewNowhere() throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"x"}"#, "--preview", "/nonexistent/dir/a.html"],
                              executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("bridge: --preview /nonexistent/dir/a.html: the folder /nonexistent/dir does not exist"))
    }

    @Test("invoke --preview on a call that fails before presenting writes nothing and says so")
    func previewOfFailure() throws {
        let file = temporaryPath("none.html")
        let r = try runBridge(["invoke", "share_text", #"{"text":"x"}"#, "--platform", "linux", "--preview", file],
                              executable: Products.bridge)
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("bridge: no preview written: the call failed before presenting anything\n"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("bad input is a usage error that says what is wrong", arguments: [
        (["render"], nil, "bridge: missing <record.json>: name a record file, or - for stdin\nRun 'bridge render --help' for usage.\n"),
        (["render", "a", "b"], nil, "bridge: expected one <record.json>, got 2 arguments\nRun 'bridge render --help' for usage.\n"),
        (["render", "/nonexistent/record.json"], nil, "bridge: cannot read /nonexistent/record.json: No such file or directory\n"),
        (["render", "/"], nil, "bridge: cannot read /: is a directory\n"),
        (["render", "/dev/zero"], nil, "bridge: cannot read /dev/zero: is not a regular file\n"),
        (["render", "-"], "{", "bridge: the record on stdin is not valid JSON: unexpected end of input at line 1, column 2\n"),
        (["render", "-"], #"{"platform":"linux"}"#,
         "bridge: - is not a presentation record: it needs \"platform\": \"ios\" or \"android\"\n"),
        (["render", "-"], #"{"platform":"ios","device":"iphone"}"#,
         "bridge: - is not a valid ios presentation record:\n  at the root: missing required property \"activityItems\" (schema /required)\n"
            + "  at the root: missing required property \"iconLoad\" (schema /required)\n"
            + "  at the root: missing required property \"popover\" (schema /required)\n"
            + "  at the root: missing required property \"completion\" (schema /required)\n"
            + "  at the root: missing required property \"delivered\" (schema /required)\n"),
        (["render", "-", "-o"], "{}", "bridge: option '--output' needs a value\nRun 'bridge render --help' for usage.\n"),
    ] as [([String], String?, String)])
    func usageErrors(arguments: [String], stdin: String?, message: String) throws {
        let r = try runBridge(arguments, stdin: stdin, executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    @Test("an unwritable -o is a usage error")
    func unwritable() throws {
        let inspected = try runBridge(["invoke", "share_text", RenderCommandTests.share, "--inspect"], executable: Products.bridge)
        let r = try runBridge(["render", "-", "-o", "/nonexistent/dir/out.html"], stdin: inspected.stdout, executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: -o /nonexistent/dir/out.html: the folder /nonexistent/dir does not exist"))
    }
}

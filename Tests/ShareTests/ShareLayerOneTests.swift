import BridgeCall
import BridgeContract
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeShareNatives
import BridgeSimulation
import Foundation
import TestSupport
import Testing

/// Layer 1 of `share`: the Web Share rules, then each file. `ROOT` in a row is the allowed folder.
@Suite("share, layer 1: Web Share rules and files", .serialized)
struct ShareLayerOneTests {
    struct Row: Sendable, CustomStringConvertible {
        let params: String
        /// nil: shared; else the exact message.
        let refusal: String?
        var description: String { params }
    }

    static let rows: [Row] = [
        Row(params: #"{"text":"hi"}"#, refusal: nil),
        Row(params: #"{"title":"Only a title"}"#, refusal: nil),
        Row(params: #"{"url":"https://example.com/a"}"#, refusal: nil),
        Row(params: #"{"files":["ROOT/shot.png"]}"#, refusal: nil),
        Row(params: #"{"files":["file://ROOT/report.pdf","file://localhost/ROOT/clip.mp4"]}"#, refusal: nil),
        Row(params: #"{"files":["ROOT/./notes.txt"]}"#, refusal: nil),
        Row(params: "{}", refusal: "Missing 'title', 'text', 'url' or 'files' parameter"),
        Row(params: #"{"title":"","text":"","url":""}"#, refusal: "Missing 'title', 'text', 'url' or 'files' parameter"),
        Row(params: #"{"files":[]}"#, refusal: "invalid args `files` for command `share`: must not be empty when present (the Web Share API refuses an empty files list)"),
        Row(params: #"{"text":"x","files":[]}"#, refusal: "invalid args `files` for command `share`: must not be empty when present (the Web Share API refuses an empty files list)"),
        Row(params: #"{"url":"javascript:alert(1)"}"#, refusal: "invalid args `url` for command `share`: \"javascript:alert(1)\" has the scheme `javascript:`, which the Web Share API refuses (TypeError)"),
        Row(params: #"{"url":"/relative"}"#, refusal: "invalid args `url` for command `share`: \"/relative\" is not an absolute URL (a scheme such as https: first); the bridge has no page base URL to resolve it against"),
        Row(params: #"{"files":[1]}"#, refusal: "invalid args `files[0]` for command `share`: invalid type: integer `1`, expected a string"),
        Row(params: #"{"files":"ROOT/shot.png"}"#, refusal: "invalid args `files` for command `share`: invalid type: string \"ROOT/shot.png\", expected a sequence"),
        Row(params: #"{"files":["ROOT/missing.png"]}"#, refusal: "invalid args `files[0]` for command `share`: \"ROOT/missing.png\" does not exist"),
        Row(params: #"{"files":["ROOT/sub"]}"#, refusal: "invalid args `files[0]` for command `share`: \"ROOT/sub\" is a folder, not a regular file"),
        Row(params: #"{"files":["ROOT/empty.bin"]}"#, refusal: "invalid args `files[0]` for command `share`: \"ROOT/empty.bin\" is an empty file: there is nothing to share"),
        Row(params: #"{"files":["ROOT/shot.png","ROOT/escape.png"]}"#, refusal: "invalid args `files[1]` for command `share`: \"ROOT/escape.png\" goes through the symbolic link ROOT/escape.png, which the bridge does not follow"),
        Row(params: #"{"files":["ROOT/../outside.png"]}"#, refusal: "invalid args `files[0]` for command `share`: \"ROOT/../outside.png\" is outside the folders files may be shared from (--files-root): ROOT"),
        Row(params: #"{"files":["/etc/hostname"]}"#, refusal: "invalid args `files[0]` for command `share`: \"/etc/hostname\" is outside the folders files may be shared from (--files-root): ROOT"),
        Row(params: #"{"files":["shot.png"]}"#, refusal: "invalid args `files[0]` for command `share`: \"shot.png\" is not an absolute path, a file:// URL, a data: URL or an http(s) URL"),
        Row(params: #"{"files":["file://host/ROOT/shot.png"]}"#, refusal: "invalid args `files[0]` for command `share`: \"file://host/ROOT/shot.png\" is not a local file URL: use file:///absolute/path (no host but localhost, valid % escapes)"),
        Row(params: #"{"files":["ftp://example.com/a.png"]}"#, refusal: "invalid args `files[0]` for command `share`: \"ftp://example.com/a.png\" is not an absolute path, a file:// URL, a data: URL or an http(s) URL"),
        Row(params: #"{"files":["data:image/png;base64,@@@"]}"#, refusal: "invalid args `files[0]` for command `share`: \"data:image/png;base64,@@@\" is not a data: URL the bridge can decode: its ;base64 payload is not valid base64"),
        Row(params: #"{"files":["data:,"]}"#, refusal: "invalid args `files[0]` for command `share`: \"data:,\" has an empty payload: there is nothing to share"),
        Row(params: #"{"text":"x","preview":{"title":3}}"#, refusal: "invalid args `preview.title` for command `share`: invalid type: integer `3`, expected a string"),
        Row(params: #"{"text":"x","preview":{"image":"ROOT/report.pdf"}}"#, refusal: "invalid args `preview.image` for command `share`: \"ROOT/report.pdf\" is not an image (its bytes are com.adobe.pdf)"),
    ]

    @Test("each row is shared or refused with exactly this message", arguments: rows)
    func row(_ row: Row) async throws {
        let root = try ShareFixtures.folder()
        let params = try JSONParser.parse(row.params.replacingOccurrences(of: "ROOT", with: root))
        // CopyToPasteboard takes everything, so every accepted row reaches a completion.
        let context = CallContext(simulation: Simulation(activity: "com.apple.UIKit.activity.CopyToPasteboard"))
        let outcome = try await ShareFixtures.call("share", params, root: root, context: context)
        if let refusal = row.refusal {
            #expect(outcome.failure?.code == .invalidParams)
            #expect(outcome.failure?.message == refusal.replacingOccurrences(of: "ROOT", with: root))
            Contract.check(outcome.failure?.json ?? .null, "error")
        } else {
            #expect(try outcome.get().result == ["activityType": "com.apple.UIKit.activity.CopyToPasteboard"])
        }
        // can_share says the same, without rejecting for the data itself.
        let can = try await ShareFixtures.call("can_share", params, root: root)
        if row.refusal == nil || (can.failure == nil) {
            #expect(try can.get().result == ["value": .bool(row.refusal == nil)])
        } else {
            // Only a wrong type is an error for can_share, as Tauri's binding refuses it.
            #expect(can.failure?.code == .invalidParams)
        }
    }

    @Test("the generated args schema accepts a row exactly when layer 1 lets it through, files aside", arguments: rows.filter { !$0.params.contains("ROOT") })
    func schemaAgrees(_ row: Row) throws {
        let validator = try SchemaCatalog.shared.validator("commands/share/share.args")
        let params = try JSONParser.parse(row.params)
        let fileProblem = row.refusal.map { $0.contains("files[0]") && !$0.contains("invalid type") } == true
        #expect(validator.isValid(params) == (row.refusal == nil || fileProblem), "\(row.params)")
    }

    @Test("a file over the per-file cap, and files over the total cap, are refused naming the cap")
    func caps() async throws {
        let root = try ShareFixtures.folder()
        var limits = ShareFileLimits()
        limits.maxFileBytes = 100
        let big = try await ShareFixtures.call("share", ["files": [.string(root + "/report.pdf")]], root: root, limits: limits)
        #expect(big.failure?.message == "invalid args `files[0]` for command `share`: \"\(root)/report.pdf\" is \(ShareFixtures.pdf.count) bytes, over the 100 bytes per-file cap (maxFileBytes)")
        limits = ShareFileLimits()
        limits.maxTotalBytes = ShareFixtures.pdf.count + 10
        let total = try await ShareFixtures.call("share", ["files": [.string(root + "/report.pdf"), .string(root + "/shot.png")]], root: root, limits: limits)
        #expect(total.failure?.message == "invalid args `files` for command `share`: the files weigh more than the \(ShareFixtures.pdf.count + 10) bytes total cap (maxTotalBytes) from `files[1]` on")
        limits = ShareFileLimits()
        limits.maxFiles = 1
        let many = try await ShareFixtures.call("share", ["files": [.string(root + "/report.pdf"), .string(root + "/shot.png")]], root: root, limits: limits)
        #expect(many.failure?.message == "invalid args `files` for command `share`: 2 files, over the 1-file cap (maxFiles)")
    }

    @Test("a data: URL's name parameter names the file (percent-encoded UTF-8, `/` as `:`); a bad one is refused", arguments: [
        ("data:image/png;name=Trip%20photo%20%C3%A9.png;base64,", "Trip photo é.png"),
        ("data:image/png;filename=\"a%2Fb.png\";base64,", "a:b.png"),
        ("data:image/png;name=;base64,", "image.png"),
        ("data:;base64,", "image.png"),
    ])
    func dataURLName(_ header: String, _ name: String) async throws {
        let entry = header + Data(ShareFixtures.png).base64EncodedString()
        let file = try await ShareFileResolver().resolve(entry, field: "files[0]", command: "share")
        #expect(file.displayName == name)
        #expect(file.mimeType == "image/png", "the type is the bytes', whatever the header says")
    }

    /// Bytes unrecognised (`\0\u{1}\u{2}\u{3}`), or text, PNG and PDF bytes; a name; a declared type.
    static let unrecognised: [UInt8] = [0, 1, 2, 3]

    @Test("a file's type: unmistakable bytes, else its name's extension (as iOS and Android type a shared file), else a data: URL's declared type, else text or data", arguments: [
        // A File from navigator.share whose bytes say nothing keeps its declared type.
        ("data:audio/mpeg;name=clip;base64,", unrecognised, "clip", "public.mp3", "audio/mpeg"),
        ("data:application/json;name=export;base64,", Array(#"{"a":1}"#.utf8), "export", "public.json", "application/json"),
        ("data:application/json;charset=utf-8;base64,", Array(#"{"a":1}"#.utf8), "document.json", "public.json", "application/json"),
        // The name's extension first, as the platforms read it.
        ("data:application/octet-stream;name=export.csv;base64,", Array("a,b\n1,2\n".utf8), "export.csv", "public.comma-separated-values-text", "text/csv"),
        ("data:text/plain;name=song.mp3;base64,", unrecognised, "song.mp3", "public.mp3", "audio/mpeg"),
        // Bytes an image or a PDF unmistakably are win over both.
        ("data:application/json;name=shot.json;base64,", ShareFixtures.png, "shot.json", "public.png", "image/png"),
        ("data:audio/mpeg;name=a;base64,", ShareFixtures.pdf, "a", "com.adobe.pdf", "application/pdf"),
        // Nothing to go on: text stays text, the rest is data.
        ("data:application/octet-stream;name=blob;base64,", unrecognised, "blob", "public.data", "application/octet-stream"),
        ("data:application/x-unknown;name=blob;base64,", unrecognised, "blob", "public.data", "application/octet-stream"),
        ("data:;base64,", Array("hello".utf8), "text.txt", "public.plain-text", "text/plain"),
    ])
    func fileType(_ header: String, _ bytes: [UInt8], _ name: String, _ typeIdentifier: String, _ mimeType: String) async throws {
        let file = try await ShareFileResolver().resolve(header + Data(bytes).base64EncodedString(), field: "files[0]", command: "share")
        #expect(file.displayName == name)
        #expect(file.typeIdentifier == typeIdentifier)
        #expect(file.mimeType == mimeType)
    }

    @Test("a file on disk whose bytes say nothing is typed by its extension, as the plugins share it")
    func fileTypeOnDisk() async throws {
        let root = try ShareFixtures.folder()
        try Data(Self.unrecognised).write(to: URL(fileURLWithPath: root + "/pass.pkpass"))
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: root + "/table.CSV"))
        let resolver = ShareFileResolver(rules: ShareFileRules(roots: [root]))
        let pass = try await resolver.resolve(root + "/pass.pkpass", field: "files[0]", command: "share")
        #expect((pass.typeIdentifier, pass.mimeType) == ("com.apple.pkpass", "application/vnd.apple.pkpass"))
        let table = try await resolver.resolve(root + "/table.CSV", field: "files[0]", command: "share")
        #expect((table.typeIdentifier, table.mimeType) == ("public.comma-separated-values-text", "text/csv"))
        let notes = try await resolver.resolve(root + "/notes.txt", field: "files[0]", command: "share")
        #expect(notes.kind == .document(.plainText))
    }

    @Test("a data: URL whose name parameter is not percent-encoded UTF-8 is refused naming the parameter")
    func dataURLBadName() async throws {
        let entry = "data:image/png;name=%FF.png;base64," + Data(ShareFixtures.png).base64EncodedString()
        do {
            _ = try await ShareFileResolver().resolve(entry, field: "files[0]", command: "share")
            Issue.record("a name that is not UTF-8 was accepted")
        } catch {
            #expect(error.message.hasSuffix("is not a data: URL the bridge can decode: its `name` parameter is not percent-encoded UTF-8 without control characters"))
        }
    }

    @Test("desktop targets refuse after layer 1 with the plugin's message; can_share is false there")
    func desktop() async throws {
        let root = try ShareFixtures.folder()
        for platform in [Platform.linux, .macos, .windows] {
            let out = try await ShareFixtures.call("share", ["text": "hi"], root: root, context: CallContext(platform: platform))
            #expect(out.failure?.code == .unsupportedPlatform)
            #expect(out.failure?.message == "share is only available on iOS and Android")
            // Layer 1 first: a bad call gets its own refusal on desktop too.
            let bad = try await ShareFixtures.call("share", [:], root: root, context: CallContext(platform: platform))
            #expect(bad.failure?.message == "Missing 'title', 'text', 'url' or 'files' parameter")
            let can = try await ShareFixtures.call("can_share", ["text": "hi"], root: root, context: CallContext(platform: platform))
            #expect(try can.get().result == ["value": false])
        }
    }
}

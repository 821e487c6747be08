import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeDevice
import BridgeEvents
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization
import Testing

/// The official and core plugins at `versions`, under `permissions`, on a fresh sandbox; what
/// their Channels receive is kept.
private func router(_ versions: ModelledVersions, permissions: String = #"["core:default"]"#, dialog: DialogAnswers = DialogAnswers(),
                    fixtures: String = "[]") throws -> (Router, Sent, EventHub) {
    let sent = Sent()
    let hub = EventHub()
    var settings = OfficialSettings()
    settings.dialog = dialog
    settings.versions = versions
    settings.sandbox = SandboxHolder(root: NSTemporaryDirectory() + "versions-\(UUID().uuidString)")
    settings.send = { channel, _, message in sent.messages.withLock { $0.append((channel, message)) } }
    settings.endChannel = { channel, _ in sent.messages.withLock { $0.append((channel, ["end": true])) } }
    settings.http = HttpPlugin.Config(fixtures: try HttpFixture.load(fixtures, file: "fixtures.json"))
    let plugins: [any Plugin] = OfficialPlugins.plugins(settings)
        + CorePlugins.plugins(AppInfo(), events: hub, surface: AppSurface(), resources: settings.resources, versions: versions)
    let capability = #"{"identifier": "main", "windows": ["main"], "permissions": \#(permissions)}"#
    let authority = try Authority(manifests: try ACLSetup.manifests(plugins, versions: versions),
                                  capabilities: try Capability.decodeFile(capability, path: "caps.json"))
    return (Router(registry: try CommandRegistry(plugins: plugins), authority: authority), sent, hub)
}

private final class Sent: Sendable {
    let messages = Mutex<[(UInt32, JSON)]>([])
}

private func bytes(_ json: JSON) -> [UInt8] { json.arrayValue?.compactMap { $0.numberValue?.intValue }.map { UInt8($0) } ?? [] }

private func pinned(_ plugin: String, _ version: String) -> ModelledVersions {
    var v = ModelledVersions.newest
    v.plugins[plugin] = ReleaseVersion(version)
    return v
}

private let fsGrant = #"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive", "core:default"]"#

@Suite("Each upstream change answered at the versions it applies to, and not before")
struct VersionedAnswersTests {
    @Test("fs ≥ 2.1 answers read_text_file as the file's bytes and each line with a flag byte; fs 2.0 as strings",
          arguments: [("2.0.2", false), ("2.1.0", true), ("2.4.2", true)])
    func fsTextAsBytes(version: String, asBytes: Bool) async throws {
        let (r, _, _) = try router(pinned("fs", version), permissions: fsGrant)
        let options: JSON = ["baseDir": 14]
        _ = await call("plugin:fs|mkdir", ["path": "", "options": ["baseDir": 14, "recursive": true]], router: r)
        let body = TauriRequest(headers: ["path": "a.txt", "options": #"{"baseDir":14}"#], body: Array("hé\r\nwörld".utf8)).json
        #expect(try await call("plugin:fs|write_text_file", [TauriRequest.key: body], router: r).0.get() == .null)
        let text = try await call("plugin:fs|read_text_file", ["path": "a.txt", "options": options], router: r).0.get()
        let rid = try await call("plugin:fs|read_text_file_lines", ["path": "a.txt", "options": options], router: r).0.get()
        var lines: [JSON] = []
        for _ in 0..<3 { lines.append(try await call("plugin:fs|read_text_file_lines_next", ["rid": rid], router: r).0.get()) }
        if asBytes {
            // guest-js: new TextDecoder().decode(Uint8Array.from(answer)).
            #expect(String(decoding: bytes(text), as: UTF8.self) == "hé\r\nwörld")
            #expect(lines.map(bytes) == [Array("hé".utf8) + [0], Array("wörld".utf8) + [0], [1]])
        } else {
            #expect(text == "hé\r\nwörld")
            #expect(lines == [["hé", false], ["wörld", false], [.null, true]])
        }
    }

    @Test("fs ≥ 2.1's size: a file's length, a folder's files summed; before, no such command", arguments: [("2.0.2", false), ("2.1.0", true)])
    func fsSize(version: String, exists: Bool) async throws {
        let grant = #"[{"identifier": "fs:allow-size", "allow": [{"path": "$APPDATA/**"}]}, "fs:allow-appdata-write-recursive", "fs:allow-mkdir", "core:default"]"#
        let granted = (try? router(pinned("fs", version), permissions: grant)) != nil
        // fs:allow-size is no permission of fs 2.0: the capability itself does not load.
        #expect(granted == exists)
        guard exists else {
            let (r, _, _) = try router(pinned("fs", version), permissions: fsGrant)
            let refused = await call("plugin:fs|size", ["path": "a", "options": ["baseDir": 14]], router: r).0
            #expect(refused.failure?.data["newerVersion"] == "fs 2.1.0", "\(refused)")
            return
        }
        let (r, _, _) = try router(pinned("fs", version), permissions: grant)
        _ = await call("plugin:fs|mkdir", ["path": "d/e", "options": ["baseDir": 14, "recursive": true]], router: r)
        for (name, text) in [("d/a.txt", "12345"), ("d/e/b.txt", "123"), ("c.txt", "1234567")] {
            let body = TauriRequest(headers: ["path": name, "options": #"{"baseDir":14}"#], body: Array(text.utf8)).json
            #expect(try await call("plugin:fs|write_file", [TauriRequest.key: body], router: r).0.get() == .null)
        }
        #expect(try await call("plugin:fs|size", ["path": "c.txt", "options": ["baseDir": 14]], router: r).0.get() == 7)
        #expect(try await call("plugin:fs|size", ["path": "d", "options": ["baseDir": 14]], router: r).0.get() == 8)
        let missing = await call("plugin:fs|size", ["path": "nope", "options": ["baseDir": 14]], router: r).0
        #expect(missing.failure?.message == "No such file or directory (os error 2)", "\(missing)")
    }

    @Test("dialog ≥ 2.4's message answers the pressed button's label, for every buttons form and press", arguments: [
        (#""YesNo""#, DialogAnswers.Press.ok, "Yes", ["Yes", "No"]), (#""YesNo""#, .cancel, "No", ["Yes", "No"]), (#""YesNo""#, .no, "No", ["Yes", "No"]),
        (#""OkCancel""#, .ok, "Ok", ["Ok", "Cancel"]), (#""OkCancel""#, .cancel, "Cancel", ["Ok", "Cancel"]),
        (#""YesNoCancel""#, .no, "No", ["Yes", "No", "Cancel"]), (#""YesNoCancel""#, .cancel, "Cancel", ["Yes", "No", "Cancel"]),
        (#""Ok""#, .cancel, "Ok", ["Ok"]), ("null", .ok, "Ok", ["Ok"]),
        (#"{"OkCustom": "Got it"}"#, .ok, "Got it", ["Got it"]),
        (#"{"OkCancelCustom": ["Delete", "Keep"]}"#, .ok, "Delete", ["Delete", "Keep"]),
        (#"{"OkCancelCustom": ["Delete", "Keep"]}"#, .cancel, "Keep", ["Delete", "Keep"]),
        (#"{"YesNoCancelCustom": ["Save", "Discard", "Back"]}"#, .no, "Discard", ["Save", "Discard", "Back"]),
    ])
    func dialogLabels(buttons: String, press: DialogAnswers.Press, result: String, shown: [String]) async throws {
        let (r, _, _) = try router(pinned("dialog", "2.4.0"), permissions: #"["dialog:default"]"#, dialog: DialogAnswers(press: press))
        var params: JSONObject = ["message": "Sure?"]
        let value = try JSONParser.parse(Array(buttons.utf8), duplicateKeys: .keepLast)
        if value != .null { params["buttons"] = value }
        let (answer, record) = await call("plugin:dialog|message", .object(params), router: r)
        #expect(try answer.get() == .string(result))
        #expect(record?["buttons"] == .array(shown.map(JSON.string)))
    }

    @Test("ask() of dialog ≥ 2.7 (message, YesNo, compared with \"Yes\") resolves as the person pressed; dialog 2.3 answers a bool")
    func askThroughMessage() async throws {
        for (press, yes) in [(DialogAnswers.Press.ok, true), (.cancel, false)] {
            let (r, _, _) = try router(pinned("dialog", "2.7.0"), permissions: #"["dialog:default"]"#, dialog: DialogAnswers(press: press))
            let answer = try await call("plugin:dialog|message", ["message": "Leave?", "buttons": "YesNo"], router: r).0.get()
            #expect((answer == "Yes") == yes)
        }
        let (old, _, _) = try router(pinned("dialog", "2.3.3"), permissions: #"["dialog:default"]"#)
        #expect(try await call("plugin:dialog|message", ["message": "Saved", "buttons": "YesNo"], router: old).0.get() == true,
                "2.3's message knows no buttons: one Ok, answered true")
    }

    @Test("buttons that are not a MessageDialogButtons are serde's refusal", arguments: [
        (#""Maybe""#, "unknown variant `Maybe`, expected one of `Ok`, `OkCancel`, `YesNo`, `YesNoCancel`, `OkCustom`, `OkCancelCustom`, `YesNoCancelCustom`"),
        (#"{"OkCancelCustom": ["a"]}"#, "invalid length 1, expected tuple variant MessageDialogButtons::OkCancelCustom with 2 elements"),
        ("7", "invalid type: integer `7`, expected enum MessageDialogButtons"),
        (#"{"OkCustom": 1}"#, "invalid type: integer `1`, expected a string"),
    ])
    func dialogButtonsRefused(buttons: String, problem: String) async throws {
        let (r, _, _) = try router(pinned("dialog", "2.7.0"), permissions: #"["dialog:default"]"#)
        let value = try JSONParser.parse(Array(buttons.utf8), duplicateKeys: .keepLast)
        let answer = await call("plugin:dialog|message", ["message": "x", "buttons": value], router: r).0
        #expect(answer.failure?.message == "invalid args `buttons` for command `message`: \(problem)")
    }

    @Test("http ≥ 2.4.1 streams the body over streamChannel, each chunk ending 0, then [1]; 2.0 answers the bytes")
    func httpStreamedBody() async throws {
        let big = String(repeating: "b", count: HttpPlugin.streamChunk + 10)
        let fixtures = #"[{"url": "https://api.example.com/*", "body": "\#(big)"}]"#
        let grant = #"["core:default", {"identifier": "http:default", "allow": [{"url": "https://api.example.com"}]}]"#
        for version in ["2.4.1", "2.5.2", "2.0.3"] {
            let (r, sent, _) = try router(pinned("http", version), permissions: grant, fixtures: fixtures)
            let rid = try await call("plugin:http|fetch", ["clientConfig": ["method": "GET", "url": "https://api.example.com/x", "headers": []]], router: r).0.get()
            let response = try await call("plugin:http|fetch_send", ["rid": rid], router: r).0.get()
            let answer = try await call("plugin:http|fetch_read_body", ["rid": response["rid"] ?? .null, "streamChannel": "__CHANNEL__:9"], router: r).0.get()
            let messages = sent.messages.withLock { $0 }
            if version == "2.0.3" {
                #expect(String(decoding: bytes(answer), as: UTF8.self) == big)
                #expect(messages.isEmpty)
                continue
            }
            #expect(answer == .null)
            #expect(messages.allSatisfy { $0.0 == 9 })
            let chunks = messages.filter { $0.1 != ["end": true] }.map { bytes($0.1) }
            #expect(chunks.last == [1], "\(version): the end marker")
            #expect(chunks.dropLast().allSatisfy { $0.last == 0 }, "\(version): every chunk's last byte is 0")
            #expect(String(decoding: chunks.dropLast().flatMap { $0.dropLast() }, as: UTF8.self) == big)
            let missing = await call("plugin:http|fetch_read_body", ["rid": 1], router: r).0
            #expect(missing.failure?.message.contains("streamChannel") == true, "\(version): \(missing)")
        }
    }

    @Test("Tauri ≥ 2.5 ends the body's Channel after its last message; 2.4 leaves it open", arguments: [("2.4.2", false), ("2.5.0", true), ("2.8.5", true)])
    func channelEnd(tauri: String, ends: Bool) async throws {
        var versions = pinned("http", "2.5.2")
        versions.tauri = try #require(ReleaseVersion(tauri))
        let grant = #"["core:default", {"identifier": "http:default", "allow": [{"url": "https://api.example.com"}]}]"#
        let (r, sent, _) = try router(versions, permissions: grant, fixtures: #"[{"url": "https://api.example.com/*", "body": "hi"}]"#)
        let rid = try await call("plugin:http|fetch", ["clientConfig": ["method": "GET", "url": "https://api.example.com/x", "headers": []]], router: r).0.get()
        let response = try await call("plugin:http|fetch_send", ["rid": rid], router: r).0.get()
        _ = try await call("plugin:http|fetch_read_body", ["rid": response["rid"] ?? .null, "streamChannel": "__CHANNEL__:3"], router: r).0.get()
        let messages = sent.messages.withLock { $0 }.map(\.1)
        #expect(messages.last == (ends ? ["end": true] : [1]))
        #expect(messages.filter { $0 == ["end": true] }.count == (ends ? 1 : 0))
    }

    @Test("opener ≥ 2.5 reveals `paths` (a list), each canonicalised; before, one `path`", arguments: [
        ("2.4.0", #"{"path": "/nonexistent/a"}"#, "No such file or directory (os error 2)"),
        ("2.4.0", #"{"paths": ["/nonexistent/a"]}"#, "invalid args `path` for command `reveal_item_in_dir`: command reveal_item_in_dir missing required key path"),
        ("2.5.0", #"{"paths": ["/nonexistent/a"]}"#, "No such file or directory (os error 2)"),
        ("2.5.0", #"{"path": "/nonexistent/a"}"#, "invalid args `paths` for command `reveal_item_in_dir`: command reveal_item_in_dir missing required key paths"),
        ("2.5.4", #"{"paths": "/nonexistent/a"}"#, "invalid args `paths` for command `reveal_item_in_dir`: invalid type: string \"/nonexistent/a\", expected a sequence"),
    ])
    func openerRevealPaths(version: String, args: String, message: String) async throws {
        let (r, _, _) = try router(pinned("opener", version), permissions: #"["opener:default"]"#)
        let outcome = await call("plugin:opener|reveal_item_in_dir", try JSONParser.parse(args), on: .linux, router: r).0
        #expect(outcome.failure?.message == message, "\(version) \(args): \(outcome)")
    }

    @Test("store ≥ 2.4 starts from load's defaults, overrideDefaults and ignoreDefaults put the file in their place; before, they are not read",
          arguments: ["2.3.0", "2.4.0", "2.4.1"])
    func storeDefaults(version: String) async throws {
        let takes = ReleaseVersion(version)! >= ReleaseVersion(2, 4)
        let (r, _, _) = try router(pinned("store", version), permissions: #"["store:default", "core:default"]"#)
        func entries(_ rid: JSON) async throws -> JSON { try await call("plugin:store|entries", ["rid": rid], router: r).0.get() }
        func object(_ pairs: [(String, Int)]) -> JSON { .array(pairs.map { .array([.string($0.0), .number(JSONNumber($0.1))]) }) }
        func sorted(_ value: JSON) -> JSON { .array((value.arrayValue ?? []).sorted { ($0.arrayValue?.first?.stringValue ?? "") < ($1.arrayValue?.first?.stringValue ?? "") }) }

        let rid = try await call("plugin:store|load", ["path": "s.json", "defaults": ["a": 1, "b": 2], "autoSave": false], router: r).0.get()
        #expect(sorted(try await entries(rid)) == (takes ? object([("a", 1), ("b", 2)]) : object([])))
        for (key, value) in [("b", 7), ("c", 9)] {
            _ = try await call("plugin:store|set", ["rid": rid, "key": .string(key), "value": .number(JSONNumber(value))], router: r).0.get()
        }
        _ = try await call("plugin:store|save", ["rid": rid], router: r).0.get()
        // reset: back to the defaults (before 2.4, none: empty).
        _ = try await call("plugin:store|reset", ["rid": rid], router: r).0.get()
        #expect(sorted(try await entries(rid)) == (takes ? object([("a", 1), ("b", 2)]) : object([])))
        // reload: the file's members over the cache; with ignoreDefaults, in its place.
        _ = try await call("plugin:store|set", ["rid": rid, "key": "d", "value": 4], router: r).0.get()
        _ = try await call("plugin:store|reload", ["rid": rid], router: r).0.get()
        let merged = takes ? [("a", 1), ("b", 7), ("c", 9), ("d", 4)] : [("b", 7), ("c", 9), ("d", 4)]
        #expect(sorted(try await entries(rid)) == object(merged))
        _ = try await call("plugin:store|reload", ["rid": rid, "ignoreDefaults": true], router: r).0.get()
        #expect(sorted(try await entries(rid)) == object(takes ? [("a", 1), ("b", 7), ("c", 9)] : merged))

        // A store loaded again from its file: defaults under it, or (overrideDefaults) none.
        _ = try await call("plugin:resources|close", ["rid": rid], router: r).0.get()
        let again = try await call("plugin:store|load", ["path": "s.json", "defaults": ["a": 0, "z": 26], "autoSave": false], router: r).0.get()
        #expect(sorted(try await entries(again)) == object(takes ? [("a", 1), ("b", 7), ("c", 9), ("z", 26)] : [("b", 7), ("c", 9)]))
        _ = try await call("plugin:resources|close", ["rid": again], router: r).0.get()
        let override = try await call("plugin:store|load", ["path": "s.json", "defaults": ["z": 26], "overrideDefaults": true], router: r).0.get()
        #expect(sorted(try await entries(override)) == object(takes ? [("a", 1), ("b", 7), ("c", 9)] : [("b", 7), ("c", 9)]))
        // A missing file leaves the defaults, overridden or not.
        let fresh = try await call("plugin:store|load", ["path": "new.json", "defaults": ["n": 1], "overrideDefaults": true], router: r).0.get()
        #expect(sorted(try await entries(fresh)) == (takes ? object([("n", 1)]) : object([])))
        if takes {
            let bad = await call("plugin:store|load", ["path": "x.json", "defaults": [1, 2]], router: r).0
            #expect(bad.failure?.message == "invalid args `defaults` for command `load`: invalid type: sequence, expected a map", "\(bad)")
        }
    }

    @Test("geolocation:default exists from 2.2 and grants the position commands; before, a capability naming it does not load",
          arguments: [("2.0.1", false), ("2.2.0", true), ("2.2.4", true)])
    func geolocationDefault(version: String, exists: Bool) async throws {
        let made = Result { try router(pinned("geolocation", version), permissions: #"["geolocation:default", "core:default"]"#) }
        guard exists else {
            #expect(made.failure.map { "\($0)" }?.contains("geolocation:default") == true, "\(made)")
            return
        }
        let (r, _, _) = try made.get()
        #expect(try await call("plugin:geolocation|check_permissions", on: .android, router: r).0.get()["location"] != nil)
        let cleared = await call("plugin:geolocation|clear_watch", ["channelId": 1], on: .android, router: r).0
        #expect(cleared.failure?.data["kind"] != "acl", "\(cleared)")
    }

    @Test("Tauri 2.7 adds bundle_type and 2.9 register_listener to core:app:default; before, they do not exist", arguments: [
        ("2.0.6", false, false), ("2.7.0", true, false), ("2.8.5", true, false), ("2.9.0", true, true), ("2.11.1", true, true),
    ])
    func appCommands(tauri: String, bundleType: Bool, listeners: Bool) async throws {
        var versions = ModelledVersions.newest
        versions.tauri = try #require(ReleaseVersion(tauri))
        let (r, _, hub) = try router(versions)
        let bundle = await call("plugin:app|bundle_type", on: .linux, router: r).0
        #expect(bundleType ? (try? bundle.get()) == .null : bundle.failure != nil, "\(tauri): \(bundle)")
        let register = await call("plugin:app|register_listener", ["event": "back-button", "handler": "__CHANNEL__:4"], on: .android, router: r).0
        #expect(listeners ? (try? register.get()) == .null : register.failure != nil, "\(tauri): \(register)")
        #expect(hub.listenerCount(plugin: "app", event: "back-button") == (listeners ? 1 : 0))
        if listeners {
            #expect(try await call("plugin:app|remove_listener", ["event": "back-button", "channelId": 4], on: .android, router: r).0.get() == .null)
            #expect(hub.listenerCount(plugin: "app", event: "back-button") == 0)
        }
    }
}

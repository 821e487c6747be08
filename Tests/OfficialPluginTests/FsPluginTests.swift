import BridgeACL
import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeDevice
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A router over the official plugins and the core ones, under one capability's permissions,
/// with a fresh sandbox.
private func fsRouter(_ permissions: String, config: FsPlugin.Config = FsPlugin.Config(),
                      versions: ModelledVersions = .baseline) throws -> (Router, sandbox: String) {
    let (router, root, _) = try fsSetup(permissions, config: config, versions: versions)
    return (router, root)
}

private func fsSetup(_ permissions: String, config: FsPlugin.Config = FsPlugin.Config(),
                     versions: ModelledVersions = .baseline) throws -> (Router, sandbox: String, Authority) {
    let root = NSTemporaryDirectory() + "fs-\(UUID().uuidString)"
    var settings = OfficialSettings()
    settings.sandbox = SandboxHolder(root: root)
    settings.fs = config
    // fs 2.0's answers (text as a string); fs ≥ 2.1's are tested with `versions` set.
    settings.versions = versions
    let official = OfficialPlugins.plugins(settings)
    let plugins: [any Plugin] = official + CorePlugins.plugins(AppInfo(), events: nil, surface: AppSurface(), resources: settings.resources)
    let manifests = try ACLSetup.manifests(plugins)
    let capabilities = try Capability.decodeFile(#"{"identifier": "main", "windows": ["main"], "permissions": \#(permissions)}"#, path: "caps.json")
    let authority = try Authority(manifests: manifests, capabilities: capabilities)
    return (Router(registry: try CommandRegistry(plugins: plugins), authority: authority), root, authority)
}

private let appData = 14
private func opts(_ extra: JSONObject = [:]) -> JSON {
    var o: JSONObject = ["baseDir": .number(JSONNumber(appData))]
    for m in extra { o[m.key] = m.value }
    return .object(o)
}

/// `writeTextFile(path, text, {baseDir: AppData})` as guest-js sends it: a raw body, two headers.
private func writeText(_ path: String, _ text: String, options: String = #"{"baseDir":14}"#) -> JSON {
    TauriRequest(headers: ["path": path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path, "options": options],
                 body: Array(text.utf8)).json.wrapped
}

extension JSON {
    fileprivate var wrapped: JSON { .object([TauriRequest.key: self]) }
}

@Suite("fs as plugins-workspace@77149dc4 answers, on the sandbox's files, under Tauri's scope rules")
struct FsPluginTests {
    static let readWrite = #"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive"]"#

    @Test("the scope ids spell each base directory variable in lowercase, as fs's build.rs writes them")
    func lowercaseVariables() {
        #expect(FsPermissions.lowercaseVariables == FsPermissions.baseDirectoryVariables.map { $0.lowercased() })
        #expect(FsPermissions.sets.contains { $0.identifier == "allow-applocaldata-meta-recursive" && $0.permissions == ["read-meta", "scope-applocaldata-recursive"] })
    }

    @Test("the app's files round-trip under $APPDATA, at the device's path, bytes under DIR/<platform>", arguments: [Platform.ios, .android])
    func roundTrip(platform: Platform) async throws {
        let (r, root) = try fsRouter(Self.readWrite)
        #expect(try await call("plugin:fs|mkdir", ["path": "notes", "options": opts(["recursive": true])], on: platform, router: r).0.get() == .null)
        #expect(try await call("plugin:fs|write_text_file", writeText("notes/a.txt", "hello\nworld\r\n"), on: platform, router: r).0.get() == .null)
        #expect(try await call("plugin:fs|read_text_file", ["path": "notes/a.txt", "options": opts()], on: platform, router: r).0.get() == "hello\nworld\r\n")
        let listing = try await call("plugin:fs|read_dir", ["path": "notes", "options": opts()], on: platform, router: r).0.get()
        #expect(listing == [["name": "a.txt", "isDirectory": false, "isFile": true, "isSymlink": false]])
        let device = platform == .android ? "/data/user/0/com.example.app" : PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        #expect(FileManager.default.contents(atPath: root + "/" + platform.rawValue + device + "/notes/a.txt") == Data("hello\nworld\r\n".utf8))
        // Lines, as readTextFileLines reads them: `\r\n` stripped, then [null, true] and the reader gone.
        let rid = try await call("plugin:fs|read_text_file_lines", ["path": "notes/a.txt", "options": opts()], on: platform, router: r).0.get()
        #expect(try await call("plugin:fs|read_text_file_lines_next", ["rid": rid], on: platform, router: r).0.get() == ["hello", false])
        #expect(try await call("plugin:fs|read_text_file_lines_next", ["rid": rid], on: platform, router: r).0.get() == ["world", false])
        #expect(try await call("plugin:fs|read_text_file_lines_next", ["rid": rid], on: platform, router: r).0.get() == [.null, true])
        #expect(await call("plugin:fs|read_text_file_lines_next", ["rid": rid], on: platform, router: r).0.failure?.message == "The resource id \(rid) is invalid.")
    }

    @Test("a path and a baseDir of the wrong type are serde's words for SafeFilePath and serde_repr's u16 (as a real Tauri 2.8.5 answers)", arguments: [
        (#"{"path": 5}"#, Platform.linux, "invalid args `path` for command `exists`: invalid type: integer `5`, expected a string representing an file URL or a path"),
        (#"{"path": "x", "options": {"baseDir": "AppData"}}"#, .linux, "invalid args `options` for command `exists`: invalid type: string \"AppData\", expected u16"),
        (#"{"path": "x", "options": {"baseDir": -1}}"#, .linux, "invalid args `options` for command `exists`: invalid value: integer `-1`, expected u16"),
        (#"{"path": "x", "options": {"baseDir": 99}}"#, .linux, "invalid args `options` for command `exists`: invalid value: 99, expected one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23"),
        (#"{"path": "x", "options": {"baseDir": 18}}"#, .android, "invalid args `options` for command `exists`: invalid value: 18, expected one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 21"),
    ])
    func argumentTypes(_ args: String, _ platform: Platform, _ message: String) async throws {
        let (r, _) = try fsRouter(#"["fs:allow-exists"]"#)
        let outcome = await call("plugin:fs|exists", try JSONParser.parse(args), on: platform, router: r).0
        #expect(outcome.failure?.message == message, "\(outcome)")
    }

    @Test("the folders a freshly installed app finds exist before it writes: Android's data and cache folders, iOS's container folders",
          arguments: [(Platform.android, 13, "", true), (.android, 13, "cache", true), (.android, 13, "files", false),
                      (.ios, 21, "Documents", true), (.ios, 21, "Library/Caches", true), (.ios, 21, "tmp", true),
                      (.ios, 14, "", false)])
    func installFolders(_ platform: Platform, _ base: Int, _ path: String, _ exists: Bool) async throws {
        let (r, _) = try fsRouter(#"["fs:allow-exists", {"identifier": "fs:scope", "allow": [{"path": "$HOME/**"}, {"path": "$HOME"}, {"path": "$APPCONFIG"}, {"path": "$APPCONFIG/**"}, {"path": "$APPDATA"}]}]"#)
        let answer = await call("plugin:fs|exists", ["path": .string(path), "options": ["baseDir": .number(JSONNumber(base))]], on: platform, router: r).0
        #expect(try answer.get() == .bool(exists), "\(platform) \(base) \(path): \(answer)")
    }

    @Test("a path outside the granted scope is `forbidden path`, and nothing is touched")
    func forbidden() async throws {
        let (r, root) = try fsRouter(Self.readWrite)
        let outside = await call("plugin:fs|read_text_file", ["path": "/etc/passwd"], router: r).0
        #expect(outside.failure?.message == "forbidden path: /etc/passwd")
        let document = await call("plugin:fs|write_text_file", writeText("x.txt", "x", options: #"{"baseDir":6}"#), router: r).0
        #expect(document.failure?.message.hasPrefix("forbidden path: /var/mobile/Containers/Data/Application/") == true)
        #expect(document.failure?.message.hasSuffix("/Documents/x.txt") == true, "$DOCUMENT is not $APPDATA")
        let relative = await call("plugin:fs|exists", ["path": "a.txt"], router: r).0
        #expect(relative.failure?.message == "forbidden path: a.txt", "exists checks the scope first: an error, not false")
        #expect(!FileManager.default.fileExists(atPath: root + "/ios/etc"))
    }

    @Test("a path with .. is refused as SafePathBuf refuses it; a dotfile is out of ** unless requireLiteralLeadingDot is false")
    func dots() async throws {
        let (r, _) = try fsRouter(Self.readWrite)
        let up = await call("plugin:fs|read_file", ["path": "../../etc/passwd", "options": opts()], router: r).0
        #expect(up.failure?.message == #"invalid args `path` for command `read_file`: invalid value: string "../../etc/passwd", expected Unsafe PathBuf: cannot traverse directory, rewrite the path without the use of `../`"#)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let dot = await call("plugin:fs|write_text_file", writeText(".env", "SECRET=1"), router: r).0
        #expect(dot.failure?.message.hasPrefix("forbidden path: ") == true)
        let (open, _) = try fsRouter(Self.readWrite, config: FsPlugin.Config(requireLiteralLeadingDot: false))
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: open)
        #expect(try await call("plugin:fs|write_text_file", writeText(".env", "SECRET=1"), router: open).0.get() == .null)
    }

    @Test("deny wins over allow; $APPDATA/* reaches no sub-folder")
    func denyFirst() async throws {
        let perms = #"["fs:allow-appdata-write-recursive", "fs:allow-appdata-read-recursive", {"identifier": "fs:scope", "deny": [{"path": "$APPDATA/secret/**"}]}]"#
        let (r, _) = try fsRouter(perms)
        _ = await call("plugin:fs|mkdir", ["path": "secret", "options": opts(["recursive": true])], router: r)
        let denied = await call("plugin:fs|write_text_file", writeText("secret/k.txt", "k"), router: r).0
        #expect(denied.failure?.message.hasPrefix("forbidden path: ") == true)
        let (shallow, _) = try fsRouter(#"["fs:allow-appdata-write", "fs:allow-appdata-read"]"#)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: shallow)
        #expect(try await call("plugin:fs|write_text_file", writeText("top.txt", "t"), router: shallow).0.get() == .null)
        let deep = await call("plugin:fs|mkdir", ["path": "a/b", "options": opts(["recursive": true])], router: shallow).0
        #expect(deep.failure?.message.hasPrefix("forbidden path: ") == true, "require_literal_separator: * stays in its folder")
    }

    @Test("a grant's scope is compiled once, whatever the number of calls and of entries")
    func scopeCompiledOncePerGrant() async throws {
        let many = (0..<200).map { _ in "{\"identifier\": \"fs:allow-appdata-read-recursive\"}" }.joined(separator: ", ")
        let (r, _, authority) = try fsSetup("[\(many), \"fs:allow-appdata-write-recursive\"]")
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        for i in 0..<20 {
            #expect(try await call("plugin:fs|exists", ["path": .string("f\(i).txt"), "options": opts()], router: r).0.get() == false)
        }
        let grant = try authority.authorize(CommandName(plugin: "fs", command: "exists")!, context: CallContext(platform: .ios, device: .iphone)).get()
        #expect(grant.compiled?.compilations == 1, "20 calls, one compilation of the grant's scope")
    }

    @Test("fs:default at this pin grants no path (its scopes are listed as commands); the reason says what to add")
    func defaultGrantsNoPath() async throws {
        let (r, _) = try fsRouter(#"["fs:default"]"#)
        let read = await call("plugin:fs|read_dir", ["path": "", "options": opts()], router: r).0
        #expect(read.failure?.message.hasPrefix("forbidden path: ") == true)
        #expect(read.failure?.data["reason"]?.stringValue?.contains("fs:scope-app-recursive") == true)
        let write = await call("plugin:fs|write_text_file", writeText("a.txt", "a"), router: r).0
        #expect(write.failure?.code.rawValue == -32001, "write_text_file is not in fs:default: the ACL refuses it before the scope")
    }

    @Test("file handles: open, write, seek, read (the count in 8 big-endian bytes), fstat, close through plugin:resources")
    func handles() async throws {
        let (r, _) = try fsRouter(#"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive", "core:resources:default"]"#)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let rid = try await call("plugin:fs|open", ["path": "h.bin", "options": opts(["read": true, "write": true, "create": true])], router: r).0.get()
        #expect(try await call("plugin:fs|write", ["rid": rid, "data": [1, 2, 3]], router: r).0.get() == 3)
        #expect(try await call("plugin:fs|seek", ["rid": rid, "offset": 0, "whence": 0], router: r).0.get() == 0)
        #expect(try await call("plugin:fs|read", ["rid": rid, "len": 4], router: r).0.get() == [1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3])
        #expect(try await call("plugin:fs|fstat", ["rid": rid], router: r).0.get()["size"] == 3)
        #expect(try await call("plugin:resources|close", ["rid": rid], router: r).0.get() == .null)
        #expect(await call("plugin:fs|fstat", ["rid": rid], router: r).0.failure?.message == "The resource id \(rid) is invalid.")
    }

    @Test("a link planted in the sandbox is never followed by any command")
    func plantedLink() async throws {
        let (r, root) = try fsRouter(Self.readWrite)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let outside = NSTemporaryDirectory() + "outside-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "secret".write(toFile: outside + "/s.txt", atomically: true, encoding: .utf8)
        let appData = root + "/ios" + PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        try FileManager.default.createSymbolicLink(atPath: appData + "/out", withDestinationPath: outside)
        for (method, params) in [("plugin:fs|read_text_file", ["path": "out/s.txt", "options": opts()] as JSON),
                                 ("plugin:fs|write_text_file", writeText("out/s.txt", "pwned")),
                                 ("plugin:fs|remove", ["path": "out/s.txt", "options": opts()]),
                                 ("plugin:fs|truncate", ["path": "out/s.txt", "options": opts()]),
                                 ("plugin:fs|read_dir", ["path": "out", "options": opts()]),
                                 ("plugin:fs|rename", ["oldPath": "out/s.txt", "newPath": "mine.txt", "options": ["oldPathBaseDir": 14, "newPathBaseDir": 14]])] {
            let result = await call(method, params, router: r).0
            #expect(result.failure?.message.contains("symbolic link") == true, "\(method): \(result)")
        }
        #expect(try String(contentsOfFile: outside + "/s.txt", encoding: .utf8) == "secret")
    }

    @Test("a scope that allows every path still reaches nothing outside the sandbox, whatever the path", arguments: [Platform.ios, .android])
    func wideOpenScopeStaysInside(platform: Platform) async throws {
        let open = #"["fs:read-all", "fs:write-all", {"identifier": "fs:scope", "allow": [{"path": "/**"}, {"path": "**"}]}, "core:resources:default"]"#
        let (r, root) = try fsRouter(open, config: FsPlugin.Config(requireLiteralLeadingDot: false))
        let outside = NSTemporaryDirectory() + "outside-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "secret".write(toFile: outside + "/s.txt", atomically: true, encoding: .utf8)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], on: platform, router: r)
        _ = await call("plugin:fs|write_text_file", writeText("mine.txt", "mine"), on: platform, router: r)
        let paths: [String] = [outside + "/s.txt", "/etc/passwd", "/etc/hostname", "file://" + outside + "/s.txt", "/proc/self/environ",
                               outside + "/../" + (outside as NSString).lastPathComponent + "/s.txt", outside + "/s.txt\u{0}.png", "//" + outside + "/s.txt"]
        var answers: [String] = []
        for path in paths {
            for (method, params) in [("plugin:fs|read_text_file", ["path": .string(path)] as JSON), ("plugin:fs|read_file", ["path": .string(path)]),
                                     ("plugin:fs|stat", ["path": .string(path)]), ("plugin:fs|exists", ["path": .string(path)]),
                                     ("plugin:fs|open", ["path": .string(path), "options": ["read": true]]),
                                     ("plugin:fs|read_text_file_lines", ["path": .string(path)]),
                                     ("plugin:fs|write_text_file", writeText(path, "pwned", options: "{}")),
                                     ("plugin:fs|truncate", ["path": .string(path)]), ("plugin:fs|remove", ["path": .string(path)]),
                                     ("plugin:fs|mkdir", ["path": .string(path + ".d"), "options": ["recursive": true]]),
                                     ("plugin:fs|copy_file", ["fromPath": .string(path), "toPath": .string(outside + "/copied.txt")]),
                                     ("plugin:fs|copy_file", ["fromPath": "mine.txt", "toPath": .string(path), "options": ["fromPathBaseDir": 14]]),
                                     ("plugin:fs|rename", ["oldPath": "mine.txt", "newPath": .string(path), "options": ["oldPathBaseDir": 14]])] {
                let (result, _) = await call(method, params, on: platform, router: r)
                answers.append("\(method) \(path): \(result)")
            }
        }
        let listing = try await call("plugin:fs|read_dir", ["path": "/"], on: platform, router: r).0.get()
        let names = Set((listing.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
        #expect(names == Set(try FileManager.default.contentsOfDirectory(atPath: root + "/" + platform.rawValue)), "/ is the device's, under DIR")
        #expect(!answers.contains { $0.contains("secret") || $0.contains("root:x:0:0") }, "no answer holds a byte from outside")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["s.txt"], "nothing was created outside")
        #expect(try String(contentsOfFile: outside + "/s.txt", encoding: .utf8) == "secret", "nor changed")
        #expect(FileManager.default.fileExists(atPath: root + "/" + platform.rawValue), "what was written is under DIR/<platform>")
    }

    @Test("an integer option out of its Rust type's range is serde's refusal, never a trap", arguments: [
        ("-1", "invalid value: integer `-1`, expected u32"), ("4294967296", "invalid value: integer `4294967296`, expected u32"),
        ("-9223372036854775808", "invalid value: integer `-9223372036854775808`, expected u32"),
        ("18446744073709551615", "invalid value: integer `18446744073709551615`, expected u32"),
        ("18446744073709551616", "invalid type: floating point `18446744073709552000.0`, expected u32"),
        ("1e3", "invalid type: floating point `1000.0`, expected u32"), ("0.5", "invalid type: floating point `0.5`, expected u32"),
        ("\"493\"", "invalid type: string \"493\", expected u32"), ("true", "invalid type: boolean `true`, expected u32"),
    ])
    func modeOutOfRange(mode: String, problem: String) async throws {
        let (r, root) = try fsRouter(Self.readWrite)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let value = try JSONParser.parse(Array(mode.utf8), duplicateKeys: .keepLast)
        for (method, params) in [("plugin:fs|mkdir", ["path": "d", "options": opts(["mode": value])] as JSON),
                                 ("plugin:fs|open", ["path": "f", "options": opts(["write": true, "create": true, "mode": value])]),
                                 ("plugin:fs|create", ["path": "f", "options": opts(["mode": value])])] {
            let answer = await call(method, params, router: r).0
            let command = method.split(separator: "|").last.map(String.init) ?? ""
            #expect(answer.failure?.message == "invalid args `options` for command `\(command)`: \(problem)", "\(method) mode \(mode): \(answer)")
        }
        let appData = root + "/ios" + PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        #expect(!FileManager.default.fileExists(atPath: appData + "/d") && !FileManager.default.fileExists(atPath: appData + "/f"), "nothing was made")
        #expect(try await call("plugin:fs|mkdir", ["path": "ok", "options": opts(["mode": 0o700])], router: r).0.get() == .null, "a mode in range still works")
    }

    @Test("truncate past i64::MAX fails as set_len fails; the file keeps its bytes")
    func truncateHuge() async throws {
        let (r, _) = try fsRouter(Self.readWrite)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        _ = await call("plugin:fs|write_text_file", writeText("t.txt", "keep me"), router: r)
        for len in ["9223372036854775808", "18446744073709551615"] {
            let value = try JSONParser.parse(Array(len.utf8), duplicateKeys: .keepLast)
            let answer = await call("plugin:fs|truncate", ["path": "t.txt", "len": value, "options": opts()], router: r).0
            #expect(answer.failure?.message.hasSuffix("with error: out of range integral type conversion attempted") == true, "\(len): \(answer)")
        }
        let beyond = await call("plugin:fs|truncate", ["path": "t.txt", "len": .number(JSONNumber(text: "18446744073709551616")!), "options": opts()], router: r).0
        #expect(beyond.failure?.message.contains("expected u64") == true, "\(beyond)")
        #expect(try await call("plugin:fs|read_text_file", ["path": "t.txt", "options": opts()], router: r).0.get() == "keep me")
        #expect(try await call("plugin:fs|truncate", ["path": "t.txt", "len": 4, "options": opts()], router: r).0.get() == .null)
        #expect(try await call("plugin:fs|read_text_file", ["path": "t.txt", "options": opts()], router: r).0.get() == "keep")
    }

    @Test("a hard link placed in the sandbox is neither read, written nor truncated through, by any command")
    func plantedHardLink() async throws {
        let (r, root) = try fsRouter(#"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive", "core:resources:default"]"#)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let appData = root + "/ios" + PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        let outside = root + "-outside.txt"
        try "outside secret".write(toFile: outside, atomically: false, encoding: .utf8)
        #expect(link(outside, appData + "/h.txt") == 0)
        for (method, params) in [("plugin:fs|read_text_file", ["path": "h.txt", "options": opts()] as JSON),
                                 ("plugin:fs|read_file", ["path": "h.txt", "options": opts()]),
                                 ("plugin:fs|read_text_file_lines", ["path": "h.txt", "options": opts()]),
                                 ("plugin:fs|open", ["path": "h.txt", "options": opts(["read": true, "write": true])]),
                                 ("plugin:fs|open", ["path": "h.txt", "options": opts(["write": true, "truncate": true])]),
                                 ("plugin:fs|create", ["path": "h.txt", "options": opts()]),
                                 ("plugin:fs|truncate", ["path": "h.txt", "len": 3, "options": opts()]),
                                 ("plugin:fs|write_text_file", writeText("h.txt", "pwned")),
                                 ("plugin:fs|copy_file", ["fromPath": "h.txt", "toPath": "copy.txt", "options": ["fromPathBaseDir": 14, "toPathBaseDir": 14]]),
                                 ("plugin:fs|copy_file", ["fromPath": "copy-src.txt", "toPath": "h.txt", "options": ["fromPathBaseDir": 14, "toPathBaseDir": 14]])] {
            if method == "plugin:fs|copy_file" { _ = await call("plugin:fs|write_text_file", writeText("copy-src.txt", "x"), router: r) }
            let answer = await call(method, params, router: r).0
            #expect(answer.failure?.message.contains("hard link") == true, "\(method): \(answer)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside secret")
        #expect(try await call("plugin:fs|remove", ["path": "h.txt", "options": opts()], router: r).0.get() == .null, "removing the name is harmless")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside secret")
    }

    @Test("remove {recursive} of a folder 2,000 levels deep is linear: done at once, everything gone")
    func deepRemove() async throws {
        let (r, root) = try fsRouter(Self.readWrite)
        let deep = Array(repeating: "a", count: 2000).joined(separator: "/")
        #expect(try await call("plugin:fs|mkdir", ["path": .string("top/" + deep), "options": opts(["recursive": true])], router: r).0.get() == .null)
        _ = await call("plugin:fs|write_text_file", writeText("top/" + Array(repeating: "a", count: 1000).joined(separator: "/") + "/f.txt", "x"), router: r)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(try await call("plugin:fs|remove", ["path": "top", "options": opts(["recursive": true])], router: r).0.get() == .null)
        // Quadratic took ~20 s here; linear takes milliseconds: the bound is generous.
        #expect(clock.now - started < .seconds(10))
        #expect(try await call("plugin:fs|exists", ["path": "top", "options": opts()], router: r).0.get() == false)
        let appData = root + "/ios" + PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        #expect(try FileManager.default.contentsOfDirectory(atPath: appData).isEmpty)
    }

    @Test("a FIFO in the sandbox: its reader waits alone, other calls answer, cancelling ends it, a writer's bytes arrive")
    func fifo() async throws {
        let (r, root) = try fsRouter(#"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive", "core:resources:default"]"#)
        _ = await call("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])], router: r)
        let appData = root + "/ios" + PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        #expect(mkfifo(appData + "/pipe", 0o600) == 0)
        for method in ["plugin:fs|read_text_file", "plugin:fs|read_file"] {
            let reading = Task { await call(method, ["path": "pipe", "options": opts()], router: r).0 }
            // Other calls answer while it waits.
            #expect(try await call("plugin:fs|exists", ["path": "pipe", "options": opts()], router: r).0.get() == true)
            try await Task.sleep(for: .milliseconds(200))
            reading.cancel()
            let answer = await reading.value
            #expect(answer.failure?.code.rawValue == -32800, "\(method) cancelled: \(answer)")
        }
        // A writer comes: the reader gets its bytes once it closes.
        let reading = Task { await call("plugin:fs|read_text_file", ["path": "pipe", "options": opts()], router: r).0 }
        try await Task.sleep(for: .milliseconds(200))
        let writer = Glibc.open(appData + "/pipe", O_WRONLY)
        #expect(writer >= 0)
        _ = "from the writer".withCString { Glibc.write(writer, $0, 15) }
        close(writer)
        #expect(try await reading.value.get() == "from the writer")
        // read(rid) on an open FIFO waits for bytes too, cancellably.
        let rid = try await call("plugin:fs|open", ["path": "pipe", "options": opts(["read": true])], router: r).0.get()
        let chunk = Task { await call("plugin:fs|read", ["rid": rid, "len": 4], router: r).0 }
        try await Task.sleep(for: .milliseconds(200))
        chunk.cancel()
        #expect(await chunk.value.failure?.code.rawValue == -32800)
    }

    @Test("file handles belong to the webview that opened them: another webview can neither read, close nor exhaust them")
    func handlesPerWebview() async throws {
        let (r, _) = try fsRouter(#"["fs:allow-appdata-read-recursive", "fs:allow-appdata-write-recursive", "core:resources:default"]"#)
        func on(_ webview: String, _ method: String, _ params: JSON) async -> Result<JSON, ResponseError> {
            switch r.prepare(method: method, params: params, context: CallContext(window: "main", webview: webview, platform: .ios)) {
            case .failure(let error): return .failure(error)
            case .success(let prepared): return await r.run(prepared).map(\.result)
            }
        }
        _ = await on("main", "plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])])
        _ = await on("main", "plugin:fs|write_text_file", writeText("mine.txt", "main's"))
        let rid = try await on("main", "plugin:fs|open", ["path": "mine.txt", "options": opts(["read": true])]).get()
        for (method, params) in [("plugin:fs|read", ["rid": rid, "len": 6] as JSON), ("plugin:fs|fstat", ["rid": rid]),
                                 ("plugin:fs|seek", ["rid": rid, "offset": 0, "whence": 0]), ("plugin:fs|ftruncate", ["rid": rid]),
                                 ("plugin:fs|write", ["rid": rid, "data": [1]]), ("plugin:resources|close", ["rid": rid])] {
            let answer = await on("other", method, params)
            #expect(answer.failure?.message == "The resource id \(rid) is invalid.", "\(method) from another webview: \(answer)")
        }
        // Another webview's table fills up on its own.
        for _ in 0..<1024 { _ = await on("other", "plugin:fs|open", ["path": "mine.txt", "options": opts(["read": true])]) }
        #expect(await on("other", "plugin:fs|open", ["path": "mine.txt", "options": opts(["read": true])]).failure?.message.contains("at most 1024") == true)
        #expect(try await on("main", "plugin:fs|open", ["path": "mine.txt", "options": opts(["read": true])]).get() != .null)
        let bytes = try await on("main", "plugin:fs|read", ["rid": rid, "len": 6]).get()
        #expect(bytes.arrayValue?.prefix(6).compactMap { $0.numberValue?.intValue }.map { UInt8($0) } == Array("main's".utf8))
        #expect(try await on("main", "plugin:resources|close", ["rid": rid]).get() == .null)
    }

    @Test("byte answers are held as bytes; what one session's answers hold at once is bounded, freed as each is")
    func sessionByteBound() async throws {
        let (r, _) = try fsRouter(Self.readWrite)
        var context = CallContext()
        context.byteBudget = ByteBudget(limit: 1000)
        func on(_ method: String, _ params: JSON) async -> Result<JSON, ResponseError> {
            switch r.prepare(method: method, params: params, context: context) {
            case .failure(let error): return .failure(error)
            case .success(let prepared): return await r.run(prepared).map(\.result)
            }
        }
        _ = await on("plugin:fs|mkdir", ["path": "", "options": opts(["recursive": true])])
        #expect(try await on("plugin:fs|write_text_file", writeText("six.txt", String(repeating: "6", count: 600))).get() == .null)
        var first: JSON? = try await on("plugin:fs|read_file", ["path": "six.txt", "options": opts()]).get()
        #expect(first?.bytesValue == Array(repeating: UInt8(ascii: "6"), count: 600))
        #expect(context.byteBudget.heldBytes == 600)
        let refused = await on("plugin:fs|read_file", ["path": "six.txt", "options": opts()])
        #expect(refused.failure?.code == .rejected)
        let appData = PlatformPaths(platform: .ios, app: AppInfo()).resolve(.appData)!
        #expect(refused.failure?.message == "read_file of \(appData)/six.txt would hold 600 bytes beside the 600 bytes this session's earlier calls hold until their answers are written, past the bridge's limit of 1000 bytes a session: wait for the earlier calls' answers, read in smaller parts (open, then read) or raise --max-session-bytes", "\(refused)")
        #expect(refused.failure?.data["limit"] == 1000 && refused.failure?.data["held"] == 600)
        #expect(first?.arrayValue?.count == 600, "the first answer is still held here")
        first = nil
        #expect(context.byteBudget.heldBytes == 0)
        let again = try await on("plugin:fs|read_file", ["path": "six.txt", "options": opts()]).get()
        #expect(again.arrayValue?.count == 600)
    }

    @Test("watch is not registered without the plugin's cargo feature: Tauri's not-found, with why")
    func watch() async throws {
        let (r, _) = try fsRouter(#"["fs:allow-watch"]"#)
        let result = await call("plugin:fs|watch", ["paths": [], "options": ["recursive": false]], router: r).0
        #expect(result.failure?.message == "Command plugin:fs|watch not found")
    }
}

@Suite("fs stat's birthtime, per platform")
struct FsBirthTimeTests {
    @Test("std's created(): a number on Linux (statx) and Apple platforms, null on Android", arguments: [
        (Platform.linux, true), (.macos, true), (.ios, true), (.android, false),
    ])
    func birthtime(platform: Platform, has: Bool) async throws {
        let (r, _) = try fsRouter(FsPluginTests.readWrite)
        _ = try await call("plugin:fs|mkdir", ["path": "d", "options": opts(["recursive": true])], on: platform, router: r).0.get()
        let info = try await call("plugin:fs|stat", ["path": "d", "options": opts()], on: platform, router: r).0.get()
        #expect((info["birthtime"]?.numberValue != nil) == has, "\(String(describing: info["birthtime"]))")
    }
}

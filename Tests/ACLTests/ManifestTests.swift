import BridgeJSON
import Testing
@testable import BridgeACL

func manifest(_ files: [(String, String)]) throws(ACLError) -> PluginManifest {
    try PluginManifest.load(plugin: "demo", files: files)
}

@Suite("Permission manifests")
struct ManifestTests {
    @Test("TOML and JSON files merge into one manifest")
    func loads() throws {
        let m = try manifest([
            ("default.toml", "[default]\ndescription = \"d\"\npermissions = [\"allow-a\", \"reads\"]\n"),
            ("perms.json", #"{"permission": [{"identifier": "allow-a", "commands": {"allow": ["a"]}, "scope": {"deny": [{"path": "/x"}]}, "platforms": ["iOS"]}]}"#),
            ("sets.toml", "[[set]]\nidentifier = \"reads\"\ndescription = \"r\"\npermissions = [\"allow-a\", \"other:thing\"]\n"),
        ])
        #expect(m.identifiers == ["allow-a", "default", "reads"])
        #expect(m.permission("allow-a")?.scopeDeny == [["path": "/x"]])
        #expect(m.permission("allow-a")?.isActive(on: "iOS") == true)
        #expect(m.permission("allow-a")?.isActive(on: "android") == false)
    }

    @Test("load errors name the file, the line and the problem", arguments: [
        ([("a.toml", "[[permission]]\nidentifier = \"Allow-A\"\n")], "a.toml:2:14: invalid identifier 'Allow-A': identifiers can only include lowercase ASCII, hyphens which are not leading or trailing, and a single colon if using a prefix"),
        ([("a.toml", "[[permission]]\nidentifier = \"x\"\n"), ("b.toml", "[[permission]]\nidentifier = \"x\"\n")], "b.toml:2:14: identifier 'x' is declared twice (first in a.toml)"),
        ([("a.toml", "[[set]]\nidentifier = \"s\"\ndescription = \"\"\npermissions = [\"nope\"]\n")], "a.toml:4:16: set 's' includes 'nope', which demo does not declare; expected one of s"),
        ([("a.toml", "[[set]]\nidentifier = \"s\"\ndescription = \"\"\npermissions = [\"t\"]\n[[set]]\nidentifier = \"t\"\ndescription = \"\"\npermissions = [\"s\"]\n")], "a.toml: permission sets of demo form a cycle: s → t → s"),
        ([("a.toml", "[default]\npermissions = [\"default\"]\n")], "a.toml: permission sets of demo form a cycle: default → default"),
        ([("a.toml", "[[permission]]\nidentifer = \"x\"\n")], "a.toml:2:1: unknown key 'identifer' in a [[permission]]; did you mean 'identifier'? (allowed: identifier, description, commands, scope, platforms, version)"),
        ([("a.toml", "[[permission]]\nidentifier = \"x\"\nplatforms = [\"ios\"]\n")], "a.toml:3:14: unknown platform 'ios' in 'x'; expected one of linux, macOS, windows, android, iOS"),
        ([("a.toml", "[[permission]\n")], "a.toml:1:13: invalid TOML: expected ']]' to close the array-of-tables header"),
        ([("a.json", "{\"permission\": [}")], "a.json:1:17: invalid JSON: unexpected character '}'"),
    ])
    func errors(files: [(String, String)], message: String) {
        do {
            _ = try manifest(files)
            Issue.record("loaded")
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite("Capabilities")
struct CapabilityTests {
    @Test("one capability, an array, or {\"capabilities\": [...]}; TOML too")
    func forms() throws {
        let one = #"{"identifier": "a", "windows": ["main"], "permissions": ["demo:default"]}"#
        #expect(try Capability.decodeFile(one, path: "a.json").map(\.identifier) == ["a"])
        #expect(try Capability.decodeFile("[\(one), {\"identifier\": \"b\", \"webviews\": [\"w\"]}]", path: "a.json").map(\.identifier) == ["a", "b"])
        #expect(try Capability.decodeFile("{\"capabilities\": [\(one)]}", path: "a.json").map(\.identifier) == ["a"])
        let toml = try Capability.decodeFile("identifier = \"t\"\nwindows = [\"main\"]\nlocal = false\n[remote]\nurls = [\"https://x.example\"]\n", path: "t.toml")
        #expect(toml.first?.local == false)
        #expect(toml.first?.remote.map(\.text) == ["https://x.example"])
    }

    @Test("inline scopes are kept with their permission")
    func inlineScopes() throws {
        let c = try Capability.decodeFile(#"{"identifier": "a", "windows": ["main"], "permissions": [{"identifier": "demo:default", "allow": [{"url": "https://*"}]}]}"#, path: "a.json")
        #expect(c.first?.permissions.first?.allow == [["url": "https://*"]])
    }

    @Test("bad capabilities are refused with their place", arguments: [
        (#"{"windows": ["main"]}"#, "c.json: a capability needs 'identifier'"),
        (#"{"identifier": "a", "windows": ["main"], "permissions": ["Demo:x"]}"#, "c.json:1:58: invalid permission identifier 'Demo:x' in capability 'a': identifiers can only include lowercase ASCII, hyphens which are not leading or trailing, and a single colon if using a prefix"),
        (#"{"identifier": "a", "windows": ["main"], "platform": ["iOS"]}"#, "c.json:1:42: unknown key 'platform' in a capability; did you mean 'platforms'? (allowed: $schema, identifier, description, local, remote, windows, webviews, permissions, platforms)"),
        (#"{"identifier": "a", "windows": ["main"], "remote": {"urls": ["tauri.app"]}}"#, "c.json:1:62: remote URL pattern \"tauri.app\" needs a scheme, e.g. https://*.example.com/*"),
        (#"{"identifier": "a", "windows": ["[main"]}"#, "c.json:1:33: unterminated '[' in pattern \"[main\""),
        (#"{"identifier": "a", "windows": "main"}"#, "c.json:1:21: 'windows' in a capability must be an array of strings"),
    ])
    func errors(text: String, message: String) {
        do {
            _ = try Capability.decodeFile(text, path: "c.json")
            Issue.record("accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}

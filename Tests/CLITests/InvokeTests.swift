import BridgeJSON
import BridgeOfficialPlugins
import BridgePlugins
import Testing
import TestSupport

@Suite("bridge invoke (spawned)")
struct InvokeTests {
    @Test("success: exit 0 and stdout is exactly the result")
    func success() throws {
        let r = try runBridge(["invoke", "bridge-test|echo", #"{"text":"Hello","n":1.50}"#])
        #expect(r.status == 0)
        #expect(r.stdout == "{\"text\":\"Hello\",\"n\":1.50}\n")
        #expect(r.stderr == "")
    }

    @Test("every accepted spelling of the command name", arguments: ["plugin:bridge-test|sleep", "bridge-test|sleep", "sleep"])
    func names(name: String) throws {
        let r = try runBridge(["invoke", name, #"{"ms":1}"#])
        #expect(r.status == 0)
        #expect(r.stdout == "{\"slept\":1}\n")
    }

    @Test("arguments from stdin with -")
    func stdinArguments() throws {
        let r = try runBridge(["invoke", "bridge-test|echo", "-"], stdin: "{\n  \"text\": \"from stdin\"\n}\n")
        #expect(r.status == 0)
        #expect(r.stdout == "{\"text\":\"from stdin\"}\n")
    }

    @Test("no arguments means {}")
    func noArguments() throws {
        let r = try runBridge(["invoke", "bridge-test|echo"])
        #expect(r.stdout == "{}\n")
    }

    @Test("a command error: exit 1, the error object on stdout, one line on stderr")
    func commandError() throws {
        let r = try runBridge(["invoke", "bridge-test|fail", #"{"message":"No way"}"#])
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        #expect(error == ["code": -32003, "message": "No way", "data": ["kind": "rejected", "command": "plugin:bridge-test|fail"]])
        Contract.check(error, "error")
        #expect(r.stderr == "bridge: fail failed: No way (-32003 rejected)\n")
    }

    @Test("positional arguments carry no keys, as in Tauri: a warning, and a -32602 refusal under --strict")
    func positional() throws {
        let r = try runBridge(["invoke", "share_text", #"["https://frak.id"]"#])
        #expect(r.status == 1)
        #expect(try JSONParser.parse(r.stdout)["message"] == "Missing 'url' or 'text' parameter")
        #expect(r.stderr.hasPrefix("bridge: warning: invalid args for command `share_text`: params are positional (an array)"))
        let strict = try runBridge(["invoke", "bridge-test|echo", "[1]", "--strict"])
        #expect(strict.status == 1)
        #expect(try JSONParser.parse(strict.stdout)["data"]?["warning"] == "positional_params")
    }

    @Test("a bug in a command is -32603, not a crash")
    func internalError() throws {
        let r = try runBridge(["invoke", "bridge-test|crash"])
        #expect(r.status == 1)
        #expect(try JSONParser.parse(r.stdout)["code"] == -32603)
    }

    @Test("stray prints from a command go to stderr, never into the result")
    func strayPrint() throws {
        let r = try runBridge(["invoke", "bridge-test|print"])
        #expect(r.status == 0)
        #expect(r.stdout == "{\"printed\":true}\n")
        #expect(r.stderr.contains("stray output from a plugin"))
    }

    @Test("usage errors exit 2 with a message that says what to do", arguments: [
        (["invoke"], "bridge: missing <command>: name the command to run, e.g. 'bridge invoke share_text'\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "echo"], "bridge: command 'echo' is ambiguous; name one of: plugin:bridge-test-other|echo, plugin:bridge-test|echo\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "bridge-test|echo", "{bad"], "bridge: <args-json> are not valid JSON: unexpected character 'b' at line 1, column 2; pass a JSON object such as '{\"text\":\"Hello\"}'\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "bridge-test|echo", "{}", "{}"], "bridge: too many arguments: expected <command> and one <args-json>, got 3 arguments (quote the JSON)\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "bridge-test|echo", "--frobnicate"], "bridge: unknown option '--frobnicate' for 'bridge invoke'\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "bridge-test|echo", "--platform", "symbian"], "bridge: option '--platform' must be one of ios|android|linux|macos|windows, got 'symbian'\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "bridge-test|echo", "--window"], "bridge: option '--window' needs a value\nRun 'bridge invoke --help' for usage.\n"),
        (["frobnicate"], "bridge: unknown subcommand 'frobnicate'; expected capabilities, dev, doctor, extension, invoke, permissions, render, replay, schema, serve, types or validate\nRun 'bridge --help' for usage.\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let r = try runBridge(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    @Test("an unknown plugin is Tauri's refusal (exit 1), with the plugins that exist on stderr")
    func unknownPlugin() throws {
        let r = try runBridge(["invoke", "nope|echo"])
        #expect(r.status == 1)
        #expect(r.stdout == #"{"code":-32601,"message":"nope.echo not allowed. Plugin not found","data":{"kind":"not_found","command":"plugin:nope|echo"}}"# + "\n")
        #expect(r.stderr.contains("unknown plugin 'nope'; plugins: \((["bridge-test", "bridge-test-other"] + ProductPlugins.entries.map(\.name) + OfficialPlugins.names).sorted().joined(separator: ", "))"))
    }

    @Test("unknown bare commands list what exists")
    func unknownCommand() throws {
        let r = try runBridge(["invoke", "share_txt"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: unknown command 'share_txt' (did you mean 'share_text'?); commands: plugin:barcode-scanner|cancel, "))
        #expect(r.stderr.contains("plugin:bridge-test-other|echo, plugin:bridge-test|context"))
    }

    @Test("malformed arguments on stdin are a usage error, as are oversized ones")
    func badStdin() throws {
        let bad = try runBridge(["invoke", "bridge-test|echo", "-"], stdin: "{\"a\":")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("bridge: the arguments on stdin are not valid JSON: unexpected end of input"))
        let big = try runBridge(["invoke", "bridge-test|echo", "-", "--max-message-bytes", "10"], stdin: #"{"text":"more than ten bytes"}"#)
        #expect(big.status == 2)
        #expect(big.stderr.hasPrefix("bridge: the arguments on stdin are larger than 10 bytes (raise it with --max-message-bytes)"))
    }

    @Test("context options reach the command")
    func contextOptions() throws {
        let r = try runBridge(["invoke", "bridge-test|context", "--platform=android", "--window", "settings", "--origin", "https://app.example",
                               "--capabilities", try openCapabilities()])
        #expect(r.status == 0)
        #expect(try JSONParser.parse(r.stdout) == [
            "window": "settings", "webview": "settings", "origin": "https://app.example", "platform": "android", "device": "iphone",
        ])
    }
}

@Suite("bridge help and version (spawned)")
struct HelpTests {
    @Test("--version prints the version")
    func version() throws {
        let r = try runBridge(["--version"], executable: Products.bridge)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "bridge 0.1.0", "the first line is the version alone")
        #expect(lines.dropFirst().map { String($0.prefix { $0 != "@" }) } == ["frak-share", "tauri", "@tauri-apps/api", "plugins-workspace", "opener"].map { $0.hasPrefix("@") ? "" : $0 },
                "then each upstream the models are pinned to: \(lines)")
        #expect(lines.contains { $0.hasPrefix("frak-share@da58e5f8  frak-id/wallet") })
        #expect(lines.contains { $0.hasPrefix("tauri@a8105ecc  tauri-apps/tauri") })
    }

    @Test("--help prints the whole usage on stdout")
    func help() throws {
        let r = try runBridge(["--help"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == """
        bridge 0.1.0: the native plugin surface of a Tauri mobile app, headless.

        Usage:
          bridge invoke <command> [<args-json> | -] [options]   one call; prints its result
          bridge serve [options]                                 JSON-RPC 2.0 on stdin/stdout
          bridge dev [options] -- <command>                      run a dev server, serve its pages with the script
          bridge permissions [explain <command>] [options]       the ACL: reference, or why a call is refused
          bridge capabilities check [PATH] [--app DIR]           validate capability files
          bridge extension receive --app-group DIR [share]       what a share extension stores
          bridge extension receive --platform android …          what an Android share activity stores
          bridge doctor PATH                                     check a Tauri mobile project's share setup
          bridge validate <schema> <instance|->                  check JSON against a schema
          bridge schema <command> | --list                       the contract's schemas
          bridge render <record.json | -> [-o FILE.html]         draw a presentation record as the sheet
          bridge replay FILE [options]                           send a --record FILE's calls again, print what differs
          bridge types --app DIR [-o FILE]                       TypeScript for the app's own commands
          bridge --help | --version

        Run 'bridge <subcommand> --help' for the options of each.

        """)
    }

    @Test("no arguments prints the usage on stderr and exits 2")
    func noArguments() throws {
        let r = try runBridge([], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("bridge 0.1.0: the native plugin surface"))
    }
}

import BridgeJSON
import Foundation
import Testing

/// The mistakes a front-end developer made trying the bridge, each answered with what to do.
@Suite("mistakes get a message that says what to do (spawned)")
struct MistakeMessageTests {
    @Test("an option missing its value does not take the next option as its value")
    func missingValue() throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"a"}"#, "--capabilities", "--inspect"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bridge: option '--capabilities' needs a value before --inspect"), "\(r.stderr)")
    }

    @Test("a port in use suggests --http 0")
    func portInUse() throws {
        let first = try BridgeProcess(["serve", "--http", "0"], executable: Products.bridge)
        let listening = try JSONParser.parse(try #require(first.nextLine(), "bridge/listening; stderr: \(first.stderr)"))
        let url = try #require(listening["params"]?["url"]?.stringValue)
        let port = String(url.split(separator: ":").last?.filter(\.isNumber) ?? "")
        let second = try runBridge(["serve", "--http", port], stdin: "", executable: Products.bridge)
        #expect(second.status == 2)
        #expect(second.stderr.contains("Address already in use") && second.stderr.contains("--http 0 for any free one"), "\(second.stderr)")
    }

    @Test("--platform iphone and --device android point at each other", arguments: [
        (["--platform", "iphone"], "(iphone is a device: --platform ios --device iphone)"),
        (["--device", "android"], "(android is a platform: --platform android; --device chooses an iPhone or an iPad)"),
    ])
    func platformAndDevice(options: [String], hint: String) throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"a"}"#] + options, executable: Products.bridge)
        #expect(r.status == 2 && r.stderr.contains(hint), "\(r.stderr)")
    }

    @Test("validate suggests the schema or command meant")
    func validateDidYouMean() throws {
        let r = try runBridge(["validate", "share_tex", "{}"], executable: Products.bridge)
        #expect(r.status == 2 && r.stderr.contains("(did you mean 'share_text'?)"), "\(r.stderr)")
    }

    @Test("an unquoted | (plugin:frak-share alone) says to quote the name")
    func unquotedPipe() throws {
        let r = try runBridge(["invoke", "plugin:frak-share"], executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stderr.contains("'plugin:frak-share' names a plugin, not a command: quote the whole name"), "\(r.stderr)")
        #expect(r.stderr.contains("('plugin:frak-share|share_text')"))
    }

    @Test("bridge help invoke prints invoke's help; help of something else names what exists")
    func helpOfASubcommand() throws {
        let r = try runBridge(["help", "invoke"], executable: Products.bridge)
        let own = try runBridge(["invoke", "--help"], executable: Products.bridge)
        #expect(r.status == 0 && r.stdout == own.stdout && r.stdout.hasPrefix("Usage: bridge invoke"))
        let unknown = try runBridge(["help", "invok"], executable: Products.bridge)
        #expect(unknown.status == 2 && unknown.stderr.contains("(did you mean 'invoke'?)"), "\(unknown.stderr)")
    }
}

@Suite("bridge dev: what it needs, and the Tauri CLI's variables (spawned)")
struct DevCommandTests {
    @Test("without a command after --, or without a dev server URL, it says what to give")
    func usage() throws {
        let none = try runBridge(["dev", "--dev-url", "http://127.0.0.1:1"], executable: Products.bridge)
        #expect(none.status == 2 && none.stderr.contains("missing the dev server's command: bridge dev [options] -- <command>"), "\(none.stderr)")
        let noURL = try runBridge(["dev", "--", "true"], executable: Products.bridge)
        #expect(noURL.status == 2 && noURL.stderr.contains("bridge dev needs the dev server's URL"), "\(noURL.stderr)")
    }

    @Test("the command gets TAURI_ENV_* for the platform and runs in the project's folder; its status is the bridge's")
    func environment() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("dev-env-\(UUID().uuidString)").path
        let app = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/apps/deep-link"
        let r = try runBridge(["dev", "--app", app, "--platform", "android", "--dev-url", "http://127.0.0.1:1", "--",
                               "sh", "-c", "env | grep ^TAURI_ENV_ | sort > \(out); pwd >> \(out); exit 7"], executable: Products.bridge)
        #expect(r.status == 7, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        for line in ["TAURI_ENV_ARCH=aarch64", "TAURI_ENV_DEBUG=true", "TAURI_ENV_FAMILY=unix", "TAURI_ENV_PLATFORM=android",
                     "TAURI_ENV_TARGET_TRIPLE=aarch64-linux-android"] {
            #expect(text.contains(line + "\n"), "\(line) in \(text)")
        }
        #expect(text.contains("TAURI_ENV_PLATFORM_VERSION="))
        #expect(text.hasSuffix("/Tests/Fixtures/apps/deep-link\n"), "the folder above src-tauri, as beforeDevCommand's: \(text)")
    }
}

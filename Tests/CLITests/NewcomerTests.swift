import BridgeJSON
import BridgeOfficialPlugins
import BridgePlugins
import Foundation
import Testing

/// The product's command list, as usage errors print it (from the one plugin list).
private let commands = productCommandNames.joined(separator: ", ")
/// The product's plugins, as usage errors print them.
private let plugins = (ProductPlugins.entries.map(\.name) + OfficialPlugins.names).sorted().joined(separator: ", ")

@Suite("The CLI, as a newcomer meets it")
struct NewcomerTests {
    @Test("typos get a did-you-mean: subcommands, options, short options, commands, sub-subcommands", arguments: [
        (["invok", "share_text"],
         "bridge: unknown subcommand 'invok' (did you mean 'invoke'?); expected capabilities, dev, doctor, extension, invoke, permissions, render, replay, schema, serve, types or validate\nRun 'bridge --help' for usage.\n"),
        (["sever"],
         "bridge: unknown subcommand 'sever' (did you mean 'serve'?); expected capabilities, dev, doctor, extension, invoke, permissions, render, replay, schema, serve, types or validate\nRun 'bridge --help' for usage.\n"),
        (["valdiate", "share_text", "-"],
         "bridge: unknown subcommand 'valdiate' (did you mean 'validate'?); expected capabilities, dev, doctor, extension, invoke, permissions, render, replay, schema, serve, types or validate\nRun 'bridge --help' for usage.\n"),
        (["invoke", "share_text", #"{"text":"hi"}"#, "--platfrom", "android"],
         "bridge: unknown option '--platfrom' for 'bridge invoke' (did you mean '--platform'?)\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "share_text", #"{"text":"hi"}"#, "-p", "android"],
         "bridge: unknown option '-p' for 'bridge invoke': options are spelt --name (did you mean '--paste', '--permission', '--pick', '--platform', '--plugin-dir', '--plugin-version', '--preview' or '--provider-paths'?)\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "share_text", "-inspect"],
         "bridge: unknown option '-inspect' for 'bridge invoke': options are spelt --name (did you mean '--inspect'?)\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "share_txt"],
         "bridge: unknown command 'share_txt' (did you mean 'share_text'?); commands: \(commands)\nRun 'bridge invoke --help' for usage.\n"),
        (["schema", "share_txt"],
         "bridge: unknown command 'share_txt' (did you mean 'share_text'?); commands: \(commands)\nRun 'bridge schema --help' for usage.\n"),
        (["capabilities", "chek", "src-tauri/capabilities"],
         "bridge: unknown capabilities subcommand 'chek' (did you mean 'check'?); expected 'bridge capabilities check PATH'\nRun 'bridge capabilities --help' for usage.\n"),
        (["permissions", "explian", "share_text"],
         "bridge: unknown permissions subcommand 'explian' (did you mean 'explain'?); expected explain\nRun 'bridge permissions --help' for usage.\n"),
        (["extension", "recieve", "--app-group", "/tmp"],
         "bridge: unknown extension subcommand 'recieve' (did you mean 'receive'?); expected 'bridge extension receive …' or 'bridge extension activity EVENT --files-dir DIR'\nRun 'bridge extension --help' for usage.\n"),
        (["extension", "activity", "restor", "--files-dir", "/tmp"],
         "bridge: unknown activity event 'restor' (did you mean 'restore'?); expected recreate|kill|restore|launch|finish\nRun 'bridge extension --help' for usage.\n"),
        (["--verison"],
         "bridge: unknown option '--verison' (did you mean '--version'?); the options come after a subcommand (capabilities, dev, doctor, extension, invoke, permissions, render, replay, schema, serve, types or validate)\nRun 'bridge --help' for usage.\n"),
        (["invoke", "share_text", "--platform", "andriod"],
         "bridge: option '--platform' must be one of ios|android|linux|macos|windows, got 'andriod' (did you mean 'android'?)\nRun 'bridge invoke --help' for usage.\n"),
        (["serve", "--inspect"],
         "bridge: unknown option '--inspect' for 'bridge serve': a session asks for records with initialize {\"inspect\": true} (each call's record then comes as a bridge/presentation notification)\nRun 'bridge serve --help' for usage.\n"),
        (["invoke", "share_text", "--origin", "wallet.frak.id"],
         "bridge: option '--origin' must be local or an absolute URL such as https://wallet.frak.id, got 'wallet.frak.id'\nRun 'bridge invoke --help' for usage.\n"),
        (["invoke", "share", #"{"text":"x"}"#, "--files-root", "/nonexistent/folder"],
         "bridge: option '--files-root' /nonexistent/folder: No such file or directory; name an existing folder\nRun 'bridge invoke --help' for usage.\n"),
        (["permissions", "--outcome", "never"],
         "bridge: unknown option '--outcome' for 'bridge permissions'\nRun 'bridge permissions --help' for usage.\n"),
    ])
    func didYouMean(arguments: [String], message: String) throws {
        let r = try runBridge(arguments, executable: Products.bridge)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    @Test("a plugin command no plugin has is a call Tauri refuses: its words on stdout, exit 1, the did-you-mean on stderr",
          arguments: [("plugin:frak-share|share_txt", "frak-share.share_txt not allowed. Command not found", "did you mean 'plugin:frak-share|share_text'?"),
                      ("frak-shar|share_text", "frak-shar.share_text not allowed. Plugin not found", "did you mean 'plugin:frak-share|share_text'?")])
    func unknownPluginCommand(command: String, message: String, hint: String) throws {
        let r = try runBridge(["invoke", command, #"{"text":"hi"}"#], executable: Products.bridge)
        #expect(r.status == 1)
        let error = try JSONParser.parse(r.stdout)
        #expect(error["code"] == -32601)
        #expect(error["message"] == .string(message))
        #expect(error["data"]?["suggestion"] == "plugin:frak-share|share_text")
        #expect(r.stderr.contains(hint), "\(r.stderr)")
    }

    @Test("--activity on iOS: a near-miss of a UIKit activity type, or a bare name, warns with the did-you-mean and still picks it",
          arguments: [
        ("com.apple.UIKit.activity.Mial",
         "bridge: warning: --activity com.apple.UIKit.activity.Mial is not one of UIKit's activity types (did you mean com.apple.UIKit.activity.Mail?); the simulated user picks it as a third-party activity\n"),
        ("airdrop",
         "bridge: warning: --activity airdrop is not an activity type: UIKit reports reverse-DNS names (did you mean com.apple.UIKit.activity.AirDrop?); the simulated user picks it as a third-party activity\n"),
        ("com.apple.UIKit.activity.Mail", ""),
        ("net.whatsapp.WhatsApp.ShareExtension", ""),
    ])
    func activityTypos(activity: String, warning: String) throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--activity", activity, "--inspect"], executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == warning)
        #expect(try JSONParser.parse(r.stdout)["presentation"]?["completion"]?["activityType"] == .string(activity))
    }

    @Test("a call that will never settle says so on stderr at once (--outcome never), and stays pending")
    func pendingSaysSo() throws {
        let p = try BridgeProcess(["invoke", "share_text", #"{"text":"hi"}"#, "--outcome", "never"], executable: Products.bridge)
        let deadline = Date().addingTimeInterval(30)
        while !p.stderr.contains("\n"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(p.stderr.hasPrefix("bridge: the call is pending and will never settle"))
        #expect(p.waitForExit(timeout: 0.5) == nil, "the call must stay pending")
    }

    @Test("bridge-generate: --help describes it; a typo is a usage error with the did-you-mean; --check finds the tree up to date",
          arguments: [
        (["--chek"], "bridge-generate: unknown option '--chek' (did you mean '--check'?)\nRun 'swift run bridge-generate --help' for usage.\n"),
        (["check"], "bridge-generate: unexpected argument 'check' (did you mean '--check'?); it takes only options\nRun 'swift run bridge-generate --help' for usage.\n"),
        (["--root"], "bridge-generate: option '--root' needs a folder\nRun 'swift run bridge-generate --help' for usage.\n"),
    ])
    func generatorUsage(arguments: [String], message: String) throws {
        let r = try runBridge(arguments, executable: Products.generator)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == message)
        let help = try runBridge(["--help"], executable: Products.generator)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: swift run bridge-generate [--check] [--root DIR]\n"))
        #expect(help.stdout.contains("--check      write nothing"))
    }

    @Test("a lone - is still stdin, not an option")
    func dashIsNotAnOption() throws {
        let r = try runBridge(["invoke", "share_text", "-"], stdin: #"{"text":"hi"}"#, executable: Products.bridge)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "{\"shared\":true}\n")
    }

    @Test("serve: a bare method keeps Tauri's -32601 message and hints at the plugin command")
    func serveBareMethod() throws {
        let r = try runBridge(["serve"], stdin: #"{"jsonrpc":"2.0","id":1,"method":"share_text","params":{"text":"hi"}}"# + "\n",
                              executable: Products.bridge)
        let response = try JSONParser.parse(r.stdout)
        #expect(response["error"]?["code"] == -32601)
        #expect(response["error"]?["message"] == "Command share_text not found")
        #expect(response["error"]?["data"]?["suggestion"] == "plugin:frak-share|share_text")
        #expect(response["error"]?["data"]?["hint"] == "did you mean plugin:frak-share|share_text?")
    }

    @Test("validate takes a command name as schema does: its arguments, or .result")
    func validateCommandName() throws {
        let valid = try runBridge(["validate", "share_text", "-"], stdin: #"{"text":"hi"}"#, executable: Products.bridge)
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == "valid\n")
        let invalid = try runBridge(["validate", "share_text", "-"], stdin: #"{"txt":"hi"}"#, executable: Products.bridge)
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix(#"invalid: at /txt: unexpected property "txt""#))
        let result = try runBridge(["validate", "plugin:frak-share|share_text.result", "-"], stdin: #"{"shared":true}"#, executable: Products.bridge)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("an unknown key for a command without parameters says so, never 'expected one of' an empty list")
    func noParameters() throws {
        let group = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-newcomer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
        let r = try runBridge(["invoke", "plugin:share-extension|read", #"{"limit":1}"#, "--app-group", group], executable: Products.bridge)
        let said = r.stdout + r.stderr
        #expect(said.contains("invalid args `limit` for command `read`: unknown key"), "\(said)")
        #expect(said.contains("the command takes no arguments"))
        #expect(!said.contains("expected one of"))
    }

    @Test("a thumbnail that did not load is said on stderr without --inspect, and only then")
    func failedThumbnailWarns() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-newcomer-\(UUID().uuidString)").path
        let call = ["invoke", "share_text", #"{"text":"hi","imageUrl":"http://127.0.0.1:9/logo.png"}"#, "--platform", "android", "--cache-dir", cache]
        let plain = try runBridge(call, executable: Products.bridge)
        #expect(plain.status == 0)
        #expect(plain.stdout == "{\"shared\":true}\n")
        #expect(plain.stderr.hasPrefix("bridge: warning: no thumbnail: "), "\(plain.stderr)")
        #expect(plain.stderr.hasSuffix(" (thumbnail failed; --inspect shows the record)\n"))
        let inspected = try runBridge(call + ["--inspect"], executable: Products.bridge)
        #expect(inspected.status == 0)
        #expect(!inspected.stderr.contains("no thumbnail"))
        #expect(try JSONParser.parse(inspected.stdout)["presentation"]?["thumbnail"]?["outcome"] == "failed")
    }

    @Test("--cancel with --platform android warns that Android reports no completion")
    func cancelOnAndroid() throws {
        let r = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--platform", "android", "--cancel"], executable: Products.bridge)
        #expect(r.status == 0)
        #expect(r.stdout == "{\"shared\":true}\n")
        #expect(r.stderr == "bridge: warning: --cancel has no effect on share_text with --platform android: Android reports no completion, so share_text answers {\"shared\": true} as soon as the chooser is presented\n")
        let ios = try runBridge(["invoke", "share_text", #"{"text":"hi"}"#, "--cancel"], executable: Products.bridge)
        #expect(ios.stdout == "{\"shared\":false}\n")
        #expect(ios.stderr == "")
    }
}

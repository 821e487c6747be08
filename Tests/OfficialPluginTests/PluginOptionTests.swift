import BridgeDevice
import BridgeJSON
import BridgeKit
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import Foundation
import Synchronization
import Testing

/// A plugin's command-line options and its part of the app's configuration are declared in its
/// folder (`CatalogPlugin`), read there into its part of `OfficialSettings`, and the CLI only
/// iterates them.
@Suite("each official plugin declares and reads its own options")
struct PluginOptionTests {
    /// Reads `values` (and `flags`) as the CLI hands them over.
    static func configured(_ values: [String: [String]], flags: Set<String> = []) throws(PluginOptionError) -> OfficialSettings {
        var settings = OfficialSettings()
        try OfficialPlugins.configure(PluginOptionValues(values: values, flags: flags), &settings)
        return settings
    }

    static func refusal(_ values: [String: [String]]) -> PluginOptionError? {
        do throws(PluginOptionError) {
            _ = try configured(values)
            return nil
        } catch {
            return error
        }
    }

    @Test("every option is declared once, its help starting with its name; every catalog line is a plugin the catalog builds")
    func declaredOnce() {
        let names = OfficialPlugins.options.map(\.name)
        #expect(Set(names).count == names.count, "an option declared twice: \(names)")
        #expect(names.count == 14)
        for option in OfficialPlugins.options {
            #expect(option.help.hasPrefix("  --\(option.name)"), "\(option.name)'s help starts \(option.help.prefix(20))")
            #expect(!option.help.hasSuffix("\n"))
        }
        #expect(OfficialPlugins.folders.filter { $0.plugin != nil }.count == OfficialPlugins.plugins().count)
        #expect(Set(OfficialPlugins.names).count == 15)
        #expect(OfficialPlugins.options.filter(\.isFlag).map(\.name) == ["http-passthrough"])
    }

    @Test("the options given reach the part of the plugin that reads them, and its answers")
    func readIntoParts() async throws {
        let s = try Self.configured(["clipboard": ["copied"], "paste": ["deny"], "biometry": ["iris"], "location": ["1,2,3", "4,5"],
                                     "scan": ["https://frak.id"], "scan-format": ["EAN_13"], "dialog": ["no"], "pick": ["file:///a", "file:///b"],
                                     "locale": ["fr-FR"], "open-url": ["https://frak.id/open"], "permission": ["camera=deny", "location=granted"]])
        #expect(s.clipboard.paste == .deny)
        #expect(s.biometry == .iris)
        #expect(s.track == [TrackPoint("1,2,3"), TrackPoint("4,5")].compactMap { $0 })
        #expect(s.scan == ScannedCode(content: "https://frak.id", format: "EAN_13"))
        #expect(s.dialog == DialogAnswers(press: .no, picks: ["file:///a", "file:///b"]))
        #expect(s.locale == "fr-FR")
        #expect(s.openURL == "https://frak.id/open")
        #expect(s.hostname == nil, "the machine's name, asked when a desktop call reads it")
        let r = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(s)))
        #expect(try await call("plugin:os|locale", router: r).0.get() == "fr-FR")
        #expect(try await call("plugin:biometric|status", on: .android, router: r).0.get()["biometryType"] == 3, "iris is Android's 3")
        #expect(try await call("plugin:os|hostname", on: .linux, router: r).0.get() == .string(ProcessInfo.processInfo.hostName))
        // Nothing given: each part is its standard.
        let none = try Self.configured([:])
        #expect(none.locale == "en-US" && none.biometry == nil && none.scan == nil && none.track.isEmpty && none.dialog == DialogAnswers())
        #expect(none.http.fixtures.isEmpty && none.http.passthrough == nil)
        #expect(try Self.configured([:], flags: ["http-passthrough"]).http.passthrough != nil)
    }

    /// One bad value per option: the refusal names the option and what it takes.
    static let refusals: [(given: [String: [String]], message: String, pointsToHelp: Bool)] = [
        (["paste": ["maybe"]], "option '--paste' must be allow or deny, got 'maybe'", true),
        (["biometry": ["facee"]], "option '--biometry' must be one of face|fingerprint|iris|none|not-enrolled, got 'facee' (did you mean 'face'?)", true),
        (["location": ["north"]], "option '--location' takes LAT,LON[,ACCURACY] in degrees and metres, such as 48.8584,2.2945,10, got 'north'", true),
        (["location": ["1,2", "91,0"]], "option '--location' takes LAT,LON[,ACCURACY] in degrees and metres, such as 48.8584,2.2945,10, got '91,0'", true),
        (["scan-format": ["QR"]], "option '--scan-format' must be one of \(ScannedCode.formats.joined(separator: "|")), got 'QR'", true),
        (["scan-format": [""]], "option '--scan-format' must not be empty", true),
        (["dialog": ["yes"]], "option '--dialog' must be one of ok|cancel|no, got 'yes'", true),
        (["permission": ["camera"]], "option '--permission' takes NAME=allow|deny|granted|denied, such as location=deny, got 'camera'", true),
        (["permission": ["=deny"]], "option '--permission' takes NAME=allow|deny|granted|denied, such as location=deny, got '=deny'", true),
        (["locale": [""]], "option '--locale' must not be empty", true),
        (["open-url": [""]], "option '--open-url' must not be empty", true),
        (["sandbox": [""]], "option '--sandbox' must not be empty", true),
        (["http-fixtures": ["/nonexistent/fixtures.json"]], "option '--http-fixtures': cannot read /nonexistent/fixtures.json", false),
    ]

    @Test("a bad value is refused in the CLI's words, naming the option and what it takes", arguments: refusals.indices)
    func refused(index: Int) {
        let row = Self.refusals[index]
        let error = Self.refusal(row.given)
        #expect(error?.message == row.message)
        #expect(error?.pointsToHelp == row.pointsToHelp)
    }

    @Test("any value of any option is read or refused naming that option: 3,000 random ones")
    func fuzzed() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("aAzZ09,.=-_:/ éü\u{0}\n\"'@") + ["ok", "no", "face", "allow", "deny", "granted", "QR_CODE", "1,2", "camera=deny"].flatMap { [Character]($0) }
        let valued = OfficialPlugins.options.filter { !$0.isFlag && $0.name != "http-fixtures" && $0.name != "sandbox" }.map(\.name)
        for _ in 0..<3_000 {
            let name = valued.randomElement(using: &rng)!
            let value = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            if let error = Self.refusal([name: [value]]) {
                #expect(error.message.hasPrefix("option '--\(name)'"), "\(name)=\(value.debugDescription): \(error.message)")
            }
        }
    }

    @Test("the app's configuration is read by the folder that reads it: deep-link, fs and log; a bad one names the app")
    func appConfiguration() throws {
        let warnings = Mutex<[String]>([])
        func setup(_ plugins: JSON?, root: String? = "/app", platform: Platform = .ios) -> PluginAppSetup {
            PluginAppSetup(plugins: plugins, root: root, platform: platform, warn: { line in warnings.withLock { $0.append(line) } })
        }
        var s = try Self.configured(["open-url": ["https://elsewhere.example/x"]])
        try OfficialPlugins.configure(app: setup(["fs": ["requireLiteralLeadingDot": false],
                                                  "deep-link": ["mobile": [["host": "frak.id"]]]], root: nil), &s)
        #expect(s.fs.requireLiteralLeadingDot == false)
        #expect(s.deepLink.mobile.map(\.host) == ["frak.id"])
        #expect(s.logTargets == LogPlugin.Targets(), "no app folder: the builder's defaults")
        #expect(warnings.withLock { $0.count } == 1, "--open-url to a host the app does not route is said at start")
        for (plugins, start) in [(["fs": ["watch": true]] as JSON, "--app /app: plugins.fs: unknown field `watch`"),
                                 (["deep-link": ["mobile": [["host": "https://frak.id"]]]] as JSON,
                                  "--app /app: plugins.deep-link.mobile[0]: host `https://frak.id` cannot start with a scheme")] {
            var settings = OfficialSettings()
            do throws(PluginOptionError) {
                try OfficialPlugins.configure(app: setup(plugins), &settings)
                Issue.record("\(plugins) was read")
            } catch {
                #expect(error.message.hasPrefix(start), "\(error.message)")
                #expect(!error.pointsToHelp)
            }
        }
    }
}

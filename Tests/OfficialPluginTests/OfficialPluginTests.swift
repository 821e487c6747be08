import BridgeACL
import BridgeCall
import BridgeDevice
import BridgeJSON
@testable import BridgeOfficialPlugins
import BridgeProtocol
import BridgeRouter
import BridgeSimulation
import Foundation
import Synchronization
import Testing

/// One call through the router (no ACL unless `authority`): the answer and its record.
func call(_ method: String, _ params: JSON = [:], on platform: Platform = .ios, device: DeviceClass = .iphone,
          router: Router) async -> (Result<JSON, ResponseError>, JSON?) {
    switch router.prepare(method: method, params: params, context: CallContext(platform: platform, device: device)) {
    case .failure(let error): return (.failure(error), nil)
    case .success(let prepared):
        let outcome = await router.run(prepared)
        return (outcome.map(\.result), try? outcome.get().presentation)
    }
}

func router(_ clipboard: SessionClipboard = SessionClipboard()) throws -> Router {
    Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.clipboard = clipboard })))
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f }; return nil }
}

@Suite("clipboard-manager as plugins-workspace@77149dc4 answers on iOS, Android and desktop")
struct ClipboardManagerTests {
    @Test("what the app writes it reads back, on every platform; clear empties it", arguments: [Platform.ios, .android, .linux])
    func roundTrip(platform: Platform) async throws {
        let r = try router()
        #expect(try await call("plugin:clipboard-manager|write_text", ["text": "Join me"], on: platform, router: r).0.get() == .null)
        #expect(try await call("plugin:clipboard-manager|read_text", on: platform, router: r).0.get() == "Join me")
        _ = await call("plugin:clipboard-manager|clear", on: platform, router: r)
        let empty = await call("plugin:clipboard-manager|read_text", on: platform, router: r).0
        #expect(empty.failure?.message == (platform == .linux
            ? "The clipboard contents were not available in the requested format or the clipboard is empty." : "Clipboard is empty"))
    }

    @Test("iOS asks before pasting what another app copied: Allow Paste reads it, Don't Allow is an empty clipboard")
    func pastePrompt() async throws {
        let allowed = await call("plugin:clipboard-manager|read_text", router: try router(SessionClipboard(text: "from Safari")))
        #expect(try allowed.0.get() == "from Safari")
        #expect(allowed.1?["answer"] == "Allow Paste")
        let denied = await call("plugin:clipboard-manager|read_text", router: try router(SessionClipboard(text: "from Safari", paste: .deny)))
        #expect(denied.0.failure?.message == "Clipboard is empty")
        #expect(denied.0.failure?.data["reason"]?.stringValue?.contains("Don't Allow") == true)
        // What the app copied itself is pasted without asking; Android shows its toast instead.
        let own = try router(SessionClipboard(text: "from Safari", paste: .deny))
        _ = await call("plugin:clipboard-manager|write_text", ["text": "mine"], router: own)
        #expect(try await call("plugin:clipboard-manager|read_text", router: own).0.get() == "mine")
        let android = await call("plugin:clipboard-manager|read_text", on: .android, router: try router(SessionClipboard(text: "x", paste: .deny)))
        #expect(try android.0.get() == "x", "Android has no paste prompt")
        #expect(android.1?["toast"]?.stringValue?.contains("pasted from your clipboard") == true)
    }

    @Test("mobile answers images and HTML Unsupported on this platform (src/mobile.rs); desktop keeps HTML's alternative text",
          arguments: [Platform.ios, .android])
    func unsupportedOnMobile(platform: Platform) async throws {
        let r = try router()
        for (method, params) in [("write_image", ["image": [1, 2, 3]] as JSON), ("read_image", [:]), ("write_html", ["html": "<b>hi</b>"])] {
            #expect(await call("plugin:clipboard-manager|\(method)", params, on: platform, router: r).0.failure?.message == "Unsupported on this platform", "\(method)")
        }
        let desktop = try router()
        _ = await call("plugin:clipboard-manager|write_html", ["html": "<b>hi</b>", "altText": "hi"], on: .macos, router: desktop)
        #expect(try await call("plugin:clipboard-manager|read_text", on: .macos, router: desktop).0.get() == "hi")
    }

    @Test("arguments are bound as Tauri binds them")
    func binding() async throws {
        let r = try router()
        #expect(await call("plugin:clipboard-manager|write_text", [:], router: r).0.failure?.message
                == "invalid args `text` for command `write_text`: command write_text missing required key text")
        #expect(await call("plugin:clipboard-manager|write_text", ["text": 3], router: r).0.failure?.message
                == "invalid args `text` for command `write_text`: invalid type: integer `3`, expected a string")
        #expect(await call("plugin:clipboard-manager|write_image", [:], router: r).0.failure?.message
                == "invalid args `image` for command `write_image`: command write_image missing required key image")
    }

    @Test("its permissions are Tauri's ids: nothing by default, each command granted by name")
    func permissions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"identifier":"main","windows":["main"],"permissions":["clipboard-manager:allow-read-text","clipboard-manager:default"]}"#
            .write(toFile: dir + "/main.json", atomically: true, encoding: .utf8)
        let plugins = OfficialPlugins.plugins()
        let authority = try ACLSetup.authority(plugins: plugins, capabilitiesPath: dir, messages: .verbose) { _ in }
        let r = Router(registry: try CommandRegistry(plugins: plugins), authority: authority)
        #expect(try r.prepare(method: "plugin:clipboard-manager|read_text", params: nil, context: CallContext()).get().entry.name.command == "read_text")
        let refused = r.prepare(method: "plugin:clipboard-manager|write_text", params: ["text": "x"], context: CallContext()).failure
        #expect(refused?.code.rawValue == -32001)
        #expect(refused?.message.contains("clipboard-manager:allow-write-text") == true)
        try #"{"identifier":"main","windows":["main"],"permissions":["clipboard-manager:allow-read-txt"]}"#.write(toFile: dir + "/main.json", atomically: true, encoding: .utf8)
        #expect(throws: ACLError.self) { try ACLSetup.authority(plugins: plugins, capabilitiesPath: dir, messages: .verbose) { _ in } }
    }
}

@Suite("haptics as plugins-workspace@77149dc4 plays on iOS and Android, nothing on desktop")
struct HapticsTests {
    @Test("each call answers null with the record of what the device plays")
    func records() async throws {
        let r = try router()
        let impact = await call("plugin:haptics|impact_feedback", ["style": "heavy"], router: r)
        #expect(try impact.0.get() == .null)
        #expect(impact.1?["effect"] == "UIImpactFeedbackGenerator(style: .heavy).impactOccurred()")
        #expect(impact.1?["felt"] == true)
        let ipad = await call("plugin:haptics|notification_feedback", ["type": "error"], device: .ipad, router: r)
        #expect(ipad.1?["felt"] == false, "an iPad has no Taptic Engine")
        let android = await call("plugin:haptics|notification_feedback", ["type": "warning"], on: .android, router: r)
        #expect(android.1?["timingsMs"] == [0, 40, 120, 60])
        #expect(android.1?["amplitudes"] == [0, 40, 0, 60])
        let vibrate = await call("plugin:haptics|vibrate", ["duration": 250], on: .android, router: r)
        #expect(vibrate.1?["effect"] == "VibrationEffect.createOneShot(250, DEFAULT_AMPLITUDE)")
        let selection = await call("plugin:haptics|selection_feedback", on: .linux, router: r)
        #expect(try selection.0.get() == .null)
        #expect(selection.1?["effect"] == .null, "the desktop build plays nothing")
    }

    @Test("enums and integers are refused in serde's words")
    func binding() async throws {
        let r = try router()
        #expect(await call("plugin:haptics|impact_feedback", ["style": "hevy"], router: r).0.failure?.message
                == "invalid args `style` for command `impact_feedback`: unknown variant `hevy`, expected one of `light`, `medium`, `heavy`, `soft`, `rigid`")
        #expect(await call("plugin:haptics|notification_feedback", [:], router: r).0.failure?.message
                == "invalid args `type` for command `notification_feedback`: command notification_feedback missing required key type")
        #expect(await call("plugin:haptics|impact_feedback", ["style": 1], router: r).0.failure?.message
                == "invalid args `style` for command `impact_feedback`: invalid type: integer `1`, expected enum ImpactFeedbackStyle")
        #expect(await call("plugin:haptics|vibrate", ["duration": "long"], router: r).0.failure?.message.hasPrefix(
            "invalid args `duration` for command `vibrate`: invalid type: string \"long\"") == true)
    }

    @Test("the plugin has no default set: its permission files are the generated ones")
    func permissionFiles() throws {
        let haptics = OfficialPlugins.plugins().first { $0.name == "haptics" }
        #expect(haptics?.permissionFiles.map(\.path) == ["vibrate", "impact_feedback", "notification_feedback", "selection_feedback"]
            .map { "autogenerated/commands/\($0).toml" })
    }
}

@Suite("biometric as plugins-workspace@77149dc4 answers on iOS and Android (native commands, {message, code} rejections)")
struct BiometricTests {
    func run(_ method: String, _ params: JSON = [:], platform: Platform = .ios, biometry: Biometry? = nil,
             person: Simulation.Biometric = .success) async throws -> (Result<JSON, ResponseError>, JSON?) {
        let r = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.biometry = biometry })))
        let context = CallContext(platform: platform, simulation: Simulation(biometric: person))
        switch r.prepare(method: method, params: params, context: context) {
        case .failure(let error): return (.failure(error), nil)
        case .success(let prepared):
            let outcome = await r.run(prepared)
            return (outcome.map(\.result), try? outcome.get().presentation)
        }
    }

    @Test("status per device: Face ID, Touch ID, fingerprint, none, not enrolled", arguments: [
        (Platform.ios, Biometry.face, ["isAvailable": true, "biometryType": 2] as JSON),
        (.ios, .fingerprint, ["isAvailable": true, "biometryType": 1]),
        (.ios, .none, ["isAvailable": false, "biometryType": 0, "error": "Biometry is not available on this device.", "errorCode": "biometryNotAvailable"]),
        (.ios, .notEnrolled, ["isAvailable": false, "biometryType": 2, "error": "No identities are enrolled.", "errorCode": "biometryNotEnrolled"]),
        (.android, .fingerprint, ["isAvailable": true, "biometryType": 1]),
        (.android, .iris, ["isAvailable": true, "biometryType": 3]),
        (.android, .notEnrolled, ["isAvailable": false, "biometryType": 1, "error": "Biometrics not enrolled.", "errorCode": "biometryNotEnrolled"]),
        (.android, .none, ["isAvailable": false, "biometryType": 0, "error": "No biometric on this device.", "errorCode": "biometryNotAvailable"]),
    ] as [(Platform, Biometry, JSON)])
    func status(platform: Platform, biometry: Biometry, expected: JSON) async throws {
        #expect(try await run("plugin:biometric|status", platform: platform, biometry: biometry).0.get() == expected)
    }

    @Test("authenticate: the person's answer as LAError on iOS, BiometricPrompt's on Android; invoke() rejects with {message, code}", arguments: [
        (Platform.ios, Simulation.Biometric.cancel, "Canceled by user.", "userCancel"),
        (.ios, .fallback, "Fallback authentication mechanism selected.", "userFallback"),
        (.ios, .lockout, "Biometry is locked out.", "biometryLockout"),
        (.ios, .fail, "Application retry limit exceeded.", "authenticationFailed"),
        (.android, .cancel, "Cancel button was pressed", "userCancel"),
        (.android, .lockout, "Too many attempts. Try again later.", "biometryLockout"),
        (.android, .fail, "Too many attempts. Try again later.", "biometryLockout"),
    ] as [(Platform, Simulation.Biometric, String, String)])
    func outcomes(platform: Platform, person: Simulation.Biometric, message: String, code: String) async throws {
        let (outcome, _) = try await run("plugin:biometric|authenticate", ["reason": "Unlock"], platform: platform, person: person)
        #expect(outcome.failure?.message == .some(message))
        #expect(outcome.failure?.data["rejection"] == ["message": .string(message), "code": .string(code)])
    }

    @Test("success resolves null with the prompt's record; a device credential turns fallback and lockout into the passcode")
    func success() async throws {
        let ok = try await run("plugin:biometric|authenticate", ["reason": "Unlock", "cancelTitle": "Not now"])
        #expect(try ok.0.get() == .null)
        #expect(ok.1?["prompt"]?["localizedReason"] == "Unlock")
        #expect(ok.1?["prompt"]?["sensor"] == "Face ID")
        for person in [Simulation.Biometric.fallback, .lockout] {
            for platform in [Platform.ios, .android] {
                let passcode = try await run("plugin:biometric|authenticate", ["reason": "Unlock", "allowDeviceCredential": true], platform: platform, person: person)
                #expect(try passcode.0.get() == .null, "\(platform) \(person)")
            }
        }
        let android = try await run("plugin:biometric|authenticate", ["reason": "Unlock"], platform: .android)
        #expect(android.1?["prompt"]?["title"] == "Fingerprint Authentication", "the title defaults to the sensor's name")
        #expect(android.1?["prompt"]?["negativeButton"] == "Cancel")
    }

    @Test("unavailable biometry: iOS refuses before prompting; Android's prompt errors; desktop has no such plugin")
    func unavailable() async throws {
        let ios = try await run("plugin:biometric|authenticate", ["reason": "Unlock"], biometry: .notEnrolled)
        #expect(ios.0.failure?.data["rejection"] == ["message": "No identities are enrolled.", "code": "biometryNotEnrolled"])
        let android = try await run("plugin:biometric|authenticate", ["reason": "Unlock"], platform: .android, biometry: .notEnrolled)
        #expect(android.0.failure?.data["rejection"] == ["message": "No fingerprints enrolled.", "code": "biometryNotEnrolled"])
        let desktop = try await run("plugin:biometric|status", platform: .macos)
        #expect(desktop.0.failure?.message == "Command status not found")
        let missing = try await run("plugin:biometric|authenticate", [:])
        #expect(missing.0.failure?.data["rejection"]?["code"] == nil, "a native parse failure has no code")
    }
}

@Suite("deep-link: the link the app opened with, only when plugins.deep-link routes it to the app")
struct DeepLinkTests {
    /// The frak wallet's configuration (apps/wallet/src-tauri/tauri.conf.json @ da58e5f8) and
    /// plugins-workspace's deep-link example's (`pathPrefix`, `desktop.schemes`).
    static let wallet: JSON = ["mobile": [["host": "wallet.frak.id", "scheme": ["https"], "pathPattern": ["/.*"]], ["scheme": ["frakwallet"]]]]
    static let example: JSON = ["mobile": [["host": "fabianlars.de", "pathPrefix": ["/intent"]], ["host": "tauri.app"]],
                                "desktop": ["schemes": ["fabianlars", "my-tauri-app"]]]

    func current(_ url: String, _ config: JSON, on platform: Platform) async throws -> JSON {
        let plugins = OfficialPlugins.plugins(.with(try DeepLinkConfig(config)) { $0.deepLink = $1; $0.openURL = url })
        let r = Router(registry: try CommandRegistry(plugins: plugins))
        return try await call("plugin:deep-link|get_current", on: platform, router: r).0.get()
    }

    @Test("a link the configuration routes to the app is get_current's answer, normalised as url::Url writes it", arguments: [
        ("https://WALLET.frak.id", wallet, Platform.android, "https://wallet.frak.id/"),
        ("frakwallet://open/abc", wallet, .android, "frakwallet://open/abc"),
        ("frakwallet://open/abc", wallet, .ios, "frakwallet://open/abc"),
        ("https://fabianlars.de/intent/x", example, .android, "https://fabianlars.de/intent/x"),
        ("http://tauri.app/anything", example, .android, "http://tauri.app/anything"),
        ("https://fabianlars.de/elsewhere", example, .ios, "https://fabianlars.de/elsewhere"),
        ("my-tauri-app://settings", example, .linux, "my-tauri-app://settings"),
    ] as [(String, JSON, Platform, String)])
    func routed(url: String, config: JSON, platform: Platform, expected: String) async throws {
        #expect(try await current(url, config, on: platform) == [.string(expected)])
    }

    @Test("a link that would not open the app never reaches it, and the warning says which rule missed", arguments: [
        ("https://fabianlars.de/elsewhere", example, Platform.android, "path /elsewhere matches none of the entry's path rules (/intent)"),
        ("https://evil.example/intent", example, .android, "host evil.example is not in plugins.deep-link.mobile"),
        ("http://tauri.app/x", example, .ios, "iOS opens an app for a universal link only over https"),
        ("http://wallet.frak.id/x", wallet, .android, "scheme http is in no plugins.deep-link.mobile entry"),
        ("fabianlars://x", example, .android, "scheme fabianlars is in no plugins.deep-link.mobile entry"),
        ("frakwallet://x", wallet, .macos, "scheme frakwallet is not in plugins.deep-link.desktop.schemes (none)"),
    ] as [(String, JSON, Platform, String)])
    func missed(url: String, config: JSON, platform: Platform, why: String) async throws {
        #expect(try await current(url, config, on: platform) == .null)
        let warning = DeepLinkPlugin.startupWarning(url, config: try DeepLinkConfig(config), platform: platform)
        #expect(warning?.contains(why) == true, "\(warning ?? "no warning")")
    }

    @Test("the configuration is refused as the plugin refuses it")
    func config() throws {
        #expect(throws: DeepLinkConfigError.self) { try DeepLinkConfig(["mobile": [["host": "https://wallet.frak.id"]]]) }
        do {
            _ = try DeepLinkConfig(["mobile": [["scheme": ["https"]]]])
            Issue.record("a web link without a host loads")
        } catch {
            #expect(error.description == "plugins.deep-link.mobile[0]: Web link requires a host")
        }
        #expect(try DeepLinkConfig(nil) == DeepLinkConfig())
    }

    @Test("register, unregister and is_registered exist on Linux and Windows only")
    func registration() async throws {
        let r = try router()
        #expect(await call("plugin:deep-link|register", ["protocol": "frak"], on: .ios, router: r).0.failure?.message == "unsupported platform")
        #expect(await call("plugin:deep-link|is_registered", ["protocol": "frak"], on: .macos, router: r).0.failure?.message == "unsupported platform")
        #expect(try await call("plugin:deep-link|is_registered", ["protocol": "frak"], on: .linux, router: r).0.get() == false)
        _ = await call("plugin:deep-link|register", ["protocol": "frak"], on: .linux, router: r)
        #expect(try await call("plugin:deep-link|is_registered", ["protocol": "frak"], on: .linux, router: r).0.get() == true)
        #expect(await call("plugin:deep-link|register", [:], on: .linux, router: r).0.failure?.message
                == "invalid args `protocol` for command `register`: command register missing required key protocol")
    }

    @Test("Android's pathPattern: . any character, X* any run of X, the whole path", arguments: [
        ("/.*", "/a/b", true), ("/open/.*", "/open/", true), ("/open/.*", "/close/x", false), ("/a*b", "/aaab", true),
        ("/a*b", "/b", true), ("/a.c", "/abc", true), ("/a.c", "/abbc", false), ("/x\\.y", "/x.y", true), ("/x\\.y", "/xzy", false),
    ])
    func pathPattern(pattern: String, path: String, matches: Bool) {
        #expect(AndroidPathPattern.matches(Array(pattern), Array(path)) == matches)
    }
}

@Suite("the device's runtime permissions: iOS asks once, Android asks again after the rationale")
struct DevicePermissionTests {
    @Test("iOS: a denial is final; Android: prompt, prompt-with-rationale, then denied")
    func rounds() {
        let ios = DevicePermissions(["location": .deny])
        #expect(ios.state("location") == .prompt)
        #expect(ios.request("location", platform: .ios) == (.denied, true))
        #expect(ios.request("location", platform: .ios) == (.denied, false), "iOS never asks twice")
        let android = DevicePermissions(["location": .deny])
        #expect(android.request("location", platform: .android) == (.promptWithRationale, true))
        #expect(android.request("location", platform: .android) == (.denied, true), "the rationale round asks once more")
        #expect(android.request("location", platform: .android) == (.denied, false))
        let allowed = DevicePermissions()
        #expect(allowed.request("camera", platform: .android) == (.granted, true))
        #expect(DevicePermissions(["location": .granted]).request("location", platform: .ios) == (.granted, false))
        #expect(DevicePermissions(["location": .denied]).state("location") == .denied)
    }
}

@Suite("geolocation as plugins-workspace@77149dc4 answers: positions, permissions, watches")
struct GeolocationTests {
    func run(_ method: String, _ params: JSON = [:], platform: Platform = .ios, permissions: DevicePermissions = DevicePermissions(),
             track: [TrackPoint] = []) async throws -> (Result<JSON, ResponseError>, JSON?) {
        let r = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.permissions = permissions; $0.track = track })))
        return await call(method, params, on: platform, router: r)
    }

    @Test("iOS asks on the first position request; allowed, the track's first point; denied, kCLErrorDomain error 1")
    func ios() async throws {
        let allowed = try await run("plugin:geolocation|get_current_position", track: [TrackPoint(latitude: 43.6, longitude: 1.44, accuracy: 5)])
        #expect(try allowed.0.get()["coords"]?["latitude"] == .double(43.6))
        #expect(try allowed.0.get()["coords"]?["speed"] == -1, "CLLocation reports -1 for an unknown speed")
        #expect(allowed.1?["prompt"] != nil, "the when-in-use alert was shown")
        let denied = try await run("plugin:geolocation|get_current_position", permissions: DevicePermissions(["location": .deny]))
        #expect(denied.0.failure?.message == "The operation couldn’t be completed. (kCLErrorDomain error 1.)")
    }

    @Test("Android reads the position without asking: without a grant the provider's SecurityException")
    func android() async throws {
        let missing = try await run("plugin:geolocation|get_current_position", platform: .android)
        #expect(missing.0.failure?.message == "Client must have ACCESS_COARSE_LOCATION or ACCESS_FINE_LOCATION permission to perform any location operations.")
        let permissions = DevicePermissions(["location": .deny, "coarseLocation": .allow])
        let after = try await run("plugin:geolocation|request_permissions", platform: .android, permissions: permissions)
        #expect(try after.0.get() == ["location": "prompt-with-rationale", "coarseLocation": "granted"], "approximate location only")
        let approximate = try await run("plugin:geolocation|get_current_position", platform: .android, permissions: permissions)
        #expect(try approximate.0.get()["coords"]?["heading"] == 0)
    }

    @Test("options are serde's PositionOptions: every field once given; desktop answers defaults")
    func options() async throws {
        let partial = try await run("plugin:geolocation|get_current_position", ["options": ["enableHighAccuracy": true]])
        #expect(partial.0.failure?.message == "invalid args `options` for command `get_current_position`: missing field `timeout`")
        let watch = try await run("plugin:geolocation|watch_position", ["channel": "__CHANNEL__:1"])
        #expect(watch.0.failure?.message == "invalid args `options` for command `watch_position`: command watch_position missing required key options")
        let desktop = try await run("plugin:geolocation|get_current_position", platform: .linux)
        #expect(try desktop.0.get()["timestamp"] == 0)
        #expect(try await run("plugin:geolocation|check_permissions", platform: .macos).0.get() == ["location": "prompt", "coarseLocation": "prompt"])
        #expect(try await run("plugin:geolocation|request_permissions", ["permissions": ["camera"]]).0.failure?.message
                == "invalid args `permissions` for command `request_permissions`: unknown variant `camera`, expected `location` or `coarseLocation`")
    }

    @Test("a watch iOS was denied sends the CLError on its Channel; Android refuses the command itself")
    func deniedWatch() async throws {
        let sent = Mutex<[JSON]>([])
        let plugins = OfficialPlugins.plugins(.init(permissions: DevicePermissions(["location": .deny, "coarseLocation": .deny]),
                                              send: { _, _, message in sent.withLock { $0.append(message) } }))
        let r = Router(registry: try CommandRegistry(plugins: plugins))
        let options: JSON = ["options": ["enableHighAccuracy": false, "timeout": 1000, "maximumAge": 0], "channel": "__CHANNEL__:3"]
        #expect(try await call("plugin:geolocation|watch_position", options, router: r).0.get() == .null)
        #expect(sent.withLock { $0 } == ["The operation couldn’t be completed. (kCLErrorDomain error 1.)"])
        #expect(await call("plugin:geolocation|watch_position", options, on: .android, router: r).0.failure?.message
                == "Client must have ACCESS_COARSE_LOCATION or ACCESS_FINE_LOCATION permission to perform any location operations.")
    }

    @Test("--location takes LAT,LON[,ACCURACY]")
    func trackPoints() {
        #expect(TrackPoint("48.8584, 2.2945") == TrackPoint(latitude: 48.8584, longitude: 2.2945, accuracy: 10))
        #expect(TrackPoint("1,2,3")?.accuracy == 3)
        #expect(TrackPoint("91,0") == nil)
        #expect(TrackPoint("a,b") == nil)
        #expect(TrackPoint("1") == nil)
    }
}

@Suite("os as plugins-workspace@77149dc4: locale and hostname are commands, the rest the init script's")
struct OSPluginTests {
    @Test("locale is --locale; hostname is localhost on a phone, the machine's name on desktop; the other names have no handler")
    func commands() async throws {
        let r = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.locale = "fr-FR"; $0.hostname = "build-box" })))
        #expect(try await call("plugin:os|locale", router: r).0.get() == "fr-FR")
        #expect(try await call("plugin:os|hostname", on: .android, router: r).0.get() == "localhost")
        #expect(try await call("plugin:os|hostname", on: .linux, router: r).0.get() == "build-box")
        #expect(await call("plugin:os|platform", router: r).0.failure?.message == "Command platform not found")
        let none = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.locale = nil })))
        #expect(try await call("plugin:os|locale", router: none).0.get() == .null, "sys_locale finds none: None")
    }

    @Test("the init script's values per platform, as the guest-js reads them")
    func values() {
        #expect(DeviceOS.values(for: .ios)["os_type"] == "ios")
        #expect(DeviceOS.values(for: .windows)["exe_extension"] == "exe")
        #expect(DeviceOS.values(for: .windows)["eol"] == "\r\n")
        #expect(DeviceOS.values(for: .linux)["family"] == "unix")
    }
}

@Suite("barcode-scanner as plugins-workspace@77149dc4: a code in front of the camera, the camera permission, cancel")
struct BarcodeScannerTests {
    func router(_ code: ScannedCode?, _ permissions: DevicePermissions = DevicePermissions()) throws -> Router {
        Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(.with { $0.permissions = permissions; $0.scan = code })))
    }

    @Test("scan resolves {content, format} for a code of an accepted format")
    func scans() async throws {
        let r = try router(ScannedCode(content: "4006381333931", format: "EAN_13"), DevicePermissions(["camera": .granted]))
        #expect(try await call("plugin:barcode-scanner|scan", ["formats": ["EAN_13", "QR_CODE"]], on: .android, router: r).0.get()
                == ["content": "4006381333931", "format": "EAN_13", "bounds": "220 140 420 340"], "Android adds the code's box")
        #expect(try await call("plugin:barcode-scanner|scan", router: r).0.get()["format"] == "EAN_13", "iOS asks on the first capture, allowed")
    }

    @Test("Android refuses a scan without the camera; its first denial answers requestPermissions {} (no camera key)")
    func android() async throws {
        let r = try router(ScannedCode(content: "x"), DevicePermissions(["camera": .deny]))
        #expect(await call("plugin:barcode-scanner|scan", on: .android, router: r).0.failure?.data["rejection"]
                == ["message": "No permission to use camera. Did you request it yet?"])
        #expect(try await call("plugin:barcode-scanner|request_permissions", on: .android, router: r).0.get() == [:])
        #expect(try await call("plugin:barcode-scanner|check_permissions", on: .android, router: r).0.get() == ["camera": "prompt-with-rationale"])
        #expect(try await call("plugin:barcode-scanner|request_permissions", on: .android, router: r).0.get() == ["camera": "denied"])
    }

    @Test("a scan with nothing acceptable in front of the camera waits; cancel rejects it cancelled")
    func cancel() async throws {
        let r = try router(ScannedCode(content: "x", format: "QR_CODE"))
        let prepared = try r.prepare(method: "plugin:barcode-scanner|scan", params: ["formats": ["PDF_417"]], context: CallContext()).get()
        let scan = Task { await r.run(prepared) }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(try await call("plugin:barcode-scanner|cancel", router: r).0.get() == .null)
        let outcome = await scan.value
        #expect(outcome.failure?.data["rejection"] == ["message": "cancelled"])
    }

    @Test("desktop builds have no such plugin; vibrate is Android's only")
    func platforms() async throws {
        let r = try router(nil)
        #expect(await call("plugin:barcode-scanner|scan", on: .windows, router: r).0.failure?.message == "Command scan not found")
        #expect(await call("plugin:barcode-scanner|vibrate", router: r).0.failure?.message == "No command vibrate found for plugin barcode-scanner")
        #expect(try await call("plugin:barcode-scanner|vibrate", on: .android, router: r).0.get() == .null)
    }
}

@Suite("the official plugins' manifests built as values are what their permission files load to")
struct OfficialManifestTests {
    @Test("for every official plugin, the generated manifest equals loading its files")
    func agree() throws {
        for plugin in OfficialPlugins.plugins() {
            let generated = try #require(plugin.generatedPermissions)
            let built = PluginManifest.generated(plugin: plugin.name, generated)
            let read = try PluginManifest.load(plugin: plugin.name, files: plugin.permissionFiles.map { ($0.path, $0.text) })
            #expect(built.defaultSet == read.defaultSet, "\(plugin.name)")
            #expect(built.permissions.sorted { $0.identifier < $1.identifier } == read.permissions.sorted { $0.identifier < $1.identifier }, "\(plugin.name)")
            #expect(built.sets.sorted { $0.identifier < $1.identifier } == read.sets.sorted { $0.identifier < $1.identifier }, "\(plugin.name)")
        }
    }
}

@Suite("dialog as plugins-workspace@77149dc4: the buttons lib.rs makes, the person's press, the picked files")
struct DialogTests {
    func run(_ method: String, _ params: JSON, _ answers: DialogAnswers = DialogAnswers(), on platform: Platform = .ios,
             versions: ModelledVersions = .baseline) async throws -> (Result<JSON, ResponseError>, JSON?) {
        var settings = OfficialSettings()
        settings.dialog = answers
        settings.versions = versions
        let r = Router(registry: try CommandRegistry(plugins: OfficialPlugins.plugins(settings)))
        return await call(method, params, on: platform, router: r)
    }

    @Test("ask and confirm answer the press; message has one button, unless a custom OK label brings Cancel (OkCustom)")
    func buttons() async throws {
        let no = try await run("plugin:dialog|ask", ["message": "Leave?"], DialogAnswers(press: .cancel))
        #expect(try no.0.get() == false)
        #expect(no.1?["buttons"] == ["No", "Yes"])
        #expect(no.1?["pressed"] == "No")
        let ok = try await run("plugin:dialog|confirm", ["message": "Delete?", "okButtonLabel": "Delete"])
        #expect(try ok.0.get() == true)
        #expect(ok.1?["buttons"] == ["Cancel", "Delete"])
        let single = try await run("plugin:dialog|message", ["message": "Saved"], DialogAnswers(press: .cancel))
        #expect(try single.0.get() == true, "a lone Ok button is all the person can press")
        let custom = try await run("plugin:dialog|message", ["message": "Saved", "okButtonLabel": "Great"], DialogAnswers(press: .cancel))
        #expect(try custom.0.get() == false)
        #expect(custom.1?["buttons"] == ["Cancel", "Great"])
        #expect(try await run("plugin:dialog|message", [:]).0.failure?.message
                == "invalid args `message` for command `message`: command message missing required key message")
    }

    @Test("open and save answer the picked files, null when the picker is closed; mobile has no folder picker")
    func pickers() async throws {
        let picks = DialogAnswers(picks: ["content://com.android.providers.downloads.documents/document/1"])
        #expect(try await run("plugin:dialog|open", ["options": [:]], picks, on: .android).0.get()
                == "content://com.android.providers.downloads.documents/document/1")
        #expect(try await run("plugin:dialog|open", ["options": ["multiple": true]], picks).0.get()
                == ["content://com.android.providers.downloads.documents/document/1"])
        #expect(try await run("plugin:dialog|save", ["options": [:]]).0.get() == .null, "no --pick: closed")
        #expect(try await run("plugin:dialog|open", ["options": [:]], DialogAnswers(press: .cancel, picks: ["/a"])).0.get() == .null)
        #expect(try await run("plugin:dialog|open", ["options": ["directory": true]]).0.failure?.message == "Folder picker is not implemented on mobile")
        #expect(try await run("plugin:dialog|open", ["options": ["directory": true]], DialogAnswers(picks: ["/home/a"]), on: .linux).0.get() == "/home/a")
        #expect(try await run("plugin:dialog|open", [:]).0.failure?.message == "invalid args `options` for command `open`: command open missing required key options")
    }
}

extension OfficialSettings {
    /// The default settings with `change` applied (each plugin's part is set through its folder's accessor).
    static func with(_ change: (inout OfficialSettings) -> Void) -> OfficialSettings {
        var settings = OfficialSettings()
        change(&settings)
        return settings
    }

    /// The default settings with `change` applied to `value`.
    static func with<Value>(_ value: Value, _ change: (inout OfficialSettings, Value) -> Void) -> OfficialSettings {
        var settings = OfficialSettings()
        change(&settings, value)
        return settings
    }
}

import BridgeCall
import BridgeKit
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeSimulation

/// The device's biometry (`--biometry`): which sensor it has, and whether anything is enrolled.
public enum Biometry: String, Sendable, CaseIterable {
    /// iOS Face ID; Android face authentication.
    case face
    /// iOS Touch ID; Android fingerprint.
    case fingerprint
    /// Android iris.
    case iris
    /// No biometric hardware.
    case none
    /// The platform's usual sensor (Face ID, a fingerprint reader), nothing enrolled.
    case notEnrolled = "not-enrolled"
}

/// `plugin:biometric|…` (`@tauri-apps/plugin-biometric`) as plugins-workspace@77149dc4 has it.
/// The plugin has no Rust commands (`src/lib.rs` is `#![cfg(mobile)]` and registers none), so a
/// call goes straight to the native side (tauri `webview/mod.rs`: the lowerCamelCase method, the
/// payload as sent) and a rejection reaches `invoke()` as the native side's object
/// `{message, code}`; on desktop the plugin does not exist. iOS is `ios/Sources/
/// BiometricPlugin.swift` (LocalAuthentication), Android `android/src/main/java/
/// BiometricPlugin.kt` and `BiometricActivity.kt` (BiometricPrompt).
public enum BiometricPlugin {
    static let commandNames = ["authenticate", "status"]
    static let defaultDescription = """
        This permission set configures which
        biometric features are by default exposed.

        #### Granted Permissions

        It allows acccess to all biometric commands.

        """

    public static func plugin(_ biometry: Biometry?) -> KitPlugin {
        KitPlugin(name: "biometric", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, ["allow-authenticate", "allow-status"]), commands: [
            KitCommand("status") { (_, context) throws(ResponseError) -> JSON in
                try MobileOnly.require("status", context)
                return .object(Device(biometry ?? defaultBiometry(context), context.platform).status)
            },
            KitCommand("authenticate", recording: { (payload, context) throws(ResponseError) -> CommandOutput in
                try MobileOnly.require("authenticate", context)
                let device = Device(biometry ?? defaultBiometry(context), context.platform)
                return context.platform == .ios ? try iosAuthenticate(payload, device, context) : try androidAuthenticate(payload, device, context)
            }),
        ])
    }

    static func defaultBiometry(_ context: CallContext) -> Biometry {
        context.platform == .ios && context.device == .iphone ? .face : (context.platform == .ios ? .fingerprint : .fingerprint)
    }

    /// What each platform reports about the sensor (`load` on iOS, `status` on Android).
    struct Device {
        let biometry: Biometry
        let platform: Platform

        init(_ biometry: Biometry, _ platform: Platform) {
            self.biometry = biometry
            self.platform = platform
        }

        /// `LABiometryType` on iOS (none 0, touchID 1, faceID 2); on Android the first feature
        /// of NONE 0, FINGERPRINT 1, FACE 2, IRIS 3 (the fingerprint first when enrolled is unknown).
        var type: Int {
            switch biometry {
            case .none: return 0
            case .fingerprint: return 1
            case .face: return 2
            case .iris: return platform == .ios ? 0 : 3
            case .notEnrolled: return platform == .ios ? 2 : 1
            }
        }

        var available: Bool { biometry != .none && biometry != .notEnrolled && !(platform == .ios && biometry == .iris) }

        /// Why not, and the plugin's code: iOS from `canEvaluatePolicy`'s `LAError`, Android from
        /// `BiometricManager.canAuthenticate`.
        var unavailable: (reason: String, code: String)? {
            guard !available else { return nil }
            let enrolled = biometry != .notEnrolled
            if platform == .ios {
                return enrolled ? ("Biometry is not available on this device.", "biometryNotAvailable")
                    : ("No identities are enrolled.", "biometryNotEnrolled")
            }
            return enrolled ? ("No biometric on this device.", "biometryNotAvailable") : ("Biometrics not enrolled.", "biometryNotEnrolled")
        }

        var status: JSONObject {
            var r: JSONObject = ["isAvailable": .bool(available), "biometryType": .integer(type)]
            if let unavailable {
                r["error"] = .string(unavailable.reason)
                r["errorCode"] = .string(unavailable.code)
            }
            return r
        }

        var name: String {
            switch (platform, type) {
            case (.ios, 2): return "Face ID"
            case (.ios, 1): return "Touch ID"
            case (_, 1): return "Fingerprint Authentication"
            case (_, 2): return "Face Authentication"
            case (_, 3): return "Iris Authentication"
            default: return "No Authentication"
            }
        }
    }

    static func string(_ payload: JSONObject, _ key: String) -> String? { payload[key]?.stringValue }

    /// iOS: refused at once when biometry is unavailable; else `evaluatePolicy` with the
    /// person's answer (`--biometric`), its `LAError` as `{message, code}`.
    static func iosAuthenticate(_ payload: JSONObject, _ device: Device, _ context: CallContext) throws(ResponseError) -> CommandOutput {
        if let unavailable = device.unavailable {
            throw ResponseError.nativeObject(unavailable.reason, code: unavailable.code, layer: "ios", reason: "status.available is false, so authenticate rejects before prompting")
        }
        guard let reason = string(payload, "reason") else {
            // The method throws; Tauri's iOS runner rejects with the error's description (no code).
            throw ResponseError.nativeObject("The data couldn’t be read because it is missing.", layer: "ios",
                           reason: "invoke.parseArgs(AuthOptions.self) throws DecodingError.keyNotFound(reason): AuthOptions.reason is required")
        }
        let deviceCredential = payload["allowDeviceCredential"]?.boolValue ?? false
        let outcome = context.simulation.biometric
        var prompt: JSONObject = ["sensor": .string(device.name), "localizedReason": .string(reason),
                                  "policy": .string(deviceCredential ? "deviceOwnerAuthentication" : "deviceOwnerAuthenticationWithBiometrics"),
                                  "person": .string(outcome.rawValue)]
        if let fallback = string(payload, "fallbackTitle") { prompt["localizedFallbackTitle"] = .string(fallback) }
        if let cancel = string(payload, "cancelTitle") { prompt["localizedCancelTitle"] = .string(cancel) }
        let record = JSON.object(officialRecord("biometric", context, "authenticate", ["prompt": .object(prompt)]))
        switch outcome {
        case .success:
            return CommandOutput(result: .null, presentation: { record })
        case .fallback where deviceCredential, .lockout where deviceCredential:
            // With the passcode allowed, the fallback button and a locked-out sensor lead to the passcode.
            return CommandOutput(result: .null, presentation: { record })
        case .cancel: throw ResponseError.nativeObject("Canceled by user.", code: "userCancel", layer: "ios", record: record)
        case .fallback: throw ResponseError.nativeObject("Fallback authentication mechanism selected.", code: "userFallback", layer: "ios", record: record)
        case .lockout: throw ResponseError.nativeObject("Biometry is locked out.", code: "biometryLockout", layer: "ios", record: record)
        case .fail: throw ResponseError.nativeObject("Application retry limit exceeded.", code: "authenticationFailed", layer: "ios", record: record)
        }
    }

    /// Android: `BiometricActivity` shows `BiometricPrompt` (no availability check first); its
    /// result comes back as the plugin maps it.
    static func androidAuthenticate(_ payload: JSONObject, _ device: Device, _ context: CallContext) throws(ResponseError) -> CommandOutput {
        guard let reason = string(payload, "reason") else {
            // Reading the unset lateinit throws; Tauri's PluginManager rejects with its message (no code).
            throw ResponseError.nativeObject("lateinit property reason has not been initialized", layer: "android",
                           reason: "invoke.parseArgs(AuthOptions::class.java) leaves the lateinit reason unset")
        }
        let deviceCredential = payload["allowDeviceCredential"]?.boolValue ?? false
        let title = string(payload, "title").flatMap { $0.isEmpty ? nil : $0 } ?? device.name
        var prompt: JSONObject = ["title": .string(title), "description": .string(reason),
                                  "allowedAuthenticators": .string(deviceCredential ? "BIOMETRIC_WEAK | DEVICE_CREDENTIAL" : "BIOMETRIC_WEAK"),
                                  "person": .string(context.simulation.biometric.rawValue)]
        if let subtitle = string(payload, "subtitle") { prompt["subtitle"] = .string(subtitle) }
        if !deviceCredential { prompt["negativeButton"] = .string(string(payload, "cancelTitle").flatMap { $0.isEmpty ? nil : $0 } ?? "Cancel") }
        let record = JSON.object(officialRecord("biometric", context, "authenticate", ["prompt": .object(prompt)]))
        if device.unavailable != nil {
            let message = device.biometry == .notEnrolled ? "No fingerprints enrolled." : "This device does not have a fingerprint sensor"
            throw ResponseError.nativeObject(message, code: device.biometry == .notEnrolled ? "biometryNotEnrolled" : "biometryNotAvailable", layer: "android",
                           reason: "BiometricPrompt.onAuthenticationError(\(device.biometry == .notEnrolled ? "ERROR_NO_BIOMETRICS" : "ERROR_HW_NOT_PRESENT"))", record: record)
        }
        switch context.simulation.biometric {
        case .success:
            return CommandOutput(result: .null, presentation: { record })
        case .fallback where deviceCredential, .lockout where deviceCredential:
            return CommandOutput(result: .null, presentation: { record })
        case .cancel, .fallback:
            // Without a device credential the prompt's only other button is the negative one.
            if deviceCredential {
                throw ResponseError.nativeObject("Fingerprint operation canceled by user.", code: "userCancel", layer: "android", record: record)
            }
            throw ResponseError.nativeObject("Cancel button was pressed", code: "userCancel", layer: "android",
                           reason: context.simulation.biometric == .fallback ? "Android's prompt has no fallback button: the person can only cancel" : nil, record: record)
        case .lockout, .fail:
            // BiometricPrompt retries a face or finger it does not recognise until it locks out.
            throw ResponseError.nativeObject("Too many attempts. Try again later.", code: "biometryLockout", layer: "android",
                           reason: "BiometricPrompt.onAuthenticationError(ERROR_LOCKOUT)", record: record)
        }
    }
}

extension BiometricPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// The device's sensor (`--biometry`); `nil`: Face ID on an iPhone, else a fingerprint.
    public struct Sensor: OfficialSetting {
        public var biometry: Biometry?
        public static var standard: Sensor { Sensor() }
    }

    public static let options = [
        PluginOption("biometry", help: """
              --biometry face|fingerprint|iris|none|not-enrolled
                                      biometric: the device's sensor [face on an iPhone, else
                                      fingerprint]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        settings.biometry = try given.choice("biometry", Biometry.self)
    }

    public static func plugin(_ settings: OfficialSettings) -> KitPlugin { plugin(settings.biometry) }
}

extension OfficialSettings {
    /// The device's sensor (`--biometry`); `nil`: Face ID on an iPhone, else a fingerprint.
    public var biometry: Biometry? {
        get { self[BiometricPlugin.Sensor.self].biometry }
        set { self[BiometricPlugin.Sensor.self].biometry = newValue }
    }
}

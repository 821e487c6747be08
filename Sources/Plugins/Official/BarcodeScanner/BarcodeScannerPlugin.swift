import BridgeCall
import BridgeJSON
import BridgeKit
import BridgeProtocol
import BridgeSystem

/// What is in front of the camera (`--scan CONTENT`, `--scan-format FORMAT`).
public struct ScannedCode: Sendable, Equatable {
    public let content: String
    public let format: String

    public init(content: String, format: String = "QR_CODE") {
        self.content = content
        self.format = format
    }

    /// The plugin's `Format` values (guest-js `Format`, the natives' `SupportedFormat`).
    public static let formats = ["QR_CODE", "UPC_A", "UPC_E", "EAN_8", "EAN_13", "CODE_39", "CODE_93", "CODE_128", "CODABAR",
                                 "ITF", "AZTEC", "DATA_MATRIX", "PDF_417"]
}

/// `plugin:barcode-scanner|…` (`@tauri-apps/plugin-barcode-scanner`) as plugins-workspace@77149dc4
/// has it. Like biometric it has no Rust commands (`#![cfg(mobile)]`): calls reach
/// `ios/Sources/BarcodeScannerPlugin.swift` (AVCapture) and
/// `android/src/main/java/BarcodeScannerPlugin.kt` (CameraX, ML Kit) directly, rejections are
/// `{message}` objects. `scan` resolves `{content, format}` (Android adds `bounds`) once a code of an accepted format is
/// in front of the camera — never, while none is (`--scan` absent, another format, or a camera
/// iOS was denied: the preview stays black); `cancel` rejects it `cancelled`. The camera
/// permission is the device's (`--permission camera=…`).
public enum BarcodeScannerPlugin {
    /// Where the simulated code sits in the frame Android analyses: `Rect.flattenToString()`.
    static let simulatedBounds = "220 140 420 340"
    static let commandNames = ["scan", "cancel", "request_permissions", "check_permissions", "open_app_settings", "vibrate"]
    static let defaultDescription = """
        This permission set configures which
        barcode scanning features are by default exposed.

        #### Granted Permissions

        It allows all barcode related features.

        """

    /// The scans waiting for a code, resumed by `cancel` or their call's cancellation.
    final class Pending: Sendable {
        private let waiting = SharedLock<[Int: CheckedContinuation<Result<JSON, ResponseError>, Never>]>([:])
        private let next = SharedLock(0)

        func wait() async -> Result<JSON, ResponseError> {
            let id = next.withLock { n in n += 1; return n }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let stored = waiting.withLock { w -> Bool in
                        guard !Task.isCancelled else { return false }
                        w[id] = continuation
                        return true
                    }
                    if !stored { continuation.resume(returning: .failure(.cancelled)) }
                }
            } onCancel: {
                waiting.withLock { $0.removeValue(forKey: id) }?.resume(returning: .failure(.cancelled))
            }
        }

        /// `cancel`: every waiting scan rejects `cancelled`; how many there were.
        @discardableResult
        func cancelAll(layer: String) -> Int {
            let all = waiting.withLock { w -> [CheckedContinuation<Result<JSON, ResponseError>, Never>] in
                defer { w.removeAll() }
                return Array(w.values)
            }
            for c in all { c.resume(returning: .failure(.nativeObject("cancelled", layer: layer))) }
            return all.count
        }
    }

    public static func plugin(code: ScannedCode?, permissions: DevicePermissions) -> KitPlugin {
        // Built at the plugin's first call: its waiting scans' table is a generic type whose
        // first use costs a start ~260k instructions.
        KitPlugin(name: "barcode-scanner", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, [
            "allow-cancel", "allow-check-permissions", "allow-open-app-settings", "allow-request-permissions", "allow-scan", "allow-vibrate",
        ]), building: {
            let made = commands(code: code, permissions: permissions)
            return (made.declared, [made.scan])
        })
    }

    /// The commands: `cancel` and `scan` share one `Pending`.
    static func commands(code: ScannedCode?, permissions: DevicePermissions) -> (declared: [KitCommand], scan: Command) {
        let pending = Pending()
        let summary = "barcode-scanner (plugins-workspace@\(PluginsWorkspacePin.commit.prefix(8))): scan"
        let scan = Command("scan", summary: summary) { invocation in
            let context = invocation.context
            try MobileOnly.require("scan", context)
            let args = invocation.arguments
            let accepted = args["formats"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for format in accepted where !ScannedCode.formats.contains(format) {
                throw ResponseError.nativeObject("Error deserializing arguments: unknown format \(format)", layer: context.platform.rawValue,
                                               reason: "the natives' SupportedFormat has no \(format)")
            }
            let windowed = args["windowed"]?.boolValue ?? false
            let direction = args["cameraDirection"]?.stringValue ?? "back"
            let record = JSON.object(officialRecord("barcode-scanner", context, "scan", [
                                "camera": .string(direction), "windowed": .bool(windowed),
                                "view": .string(windowed ? "the camera behind a transparent webview: the page's own UI stays on top"
                                                         : "the camera fills the screen over the webview")]))
            if context.platform == .android {
                // The Kotlin scan throws unless the camera was granted first.
                guard permissions.state("camera", context) == .granted else {
                    throw ResponseError.nativeObject("No permission to use camera. Did you request it yet?", layer: "android")
                }
            } else {
                // iOS 14+ starts the capture session, which asks the first time; a denied camera
                // shows a black preview and the scan never completes.
                let asked = await permissions.request("camera", context, prompt: {
                    .object(officialRecord("barcode-scanner", context, "scan", ["prompt": "“the app” Would Like to Access the Camera", "buttons": ["Don't Allow", "OK"]]))
                })
                if asked.state != .granted {
                    try LiveWarnings.warn(CallWarning(code: "scan_never_completes", message:
                        "the camera is denied: iOS shows a black preview and scan never resolves (the plugin does not check the permission on iOS 14+); call checkPermissions()/requestPermissions() first"),
                                          context: context)
                    return try await wait(pending, record: record)
                }
            }
            guard let code, accepted.isEmpty || accepted.contains(code.format) else {
                // Nothing the scanner accepts is in front of the camera.
                return try await wait(pending, record: record)
            }
            // Android adds the code's box in the analysed frame (`barcode.boundingBox
            // ?.flattenToString()`, "left top right bottom", BarcodeScannerPlugin.kt @ 713c54ef):
            // the simulated code is centred in CameraX's default 640×480 analysis frame.
            var result: JSONObject = ["content": .string(code.content), "format": .string(code.format)]
            if context.platform == .android { result["bounds"] = .string(BarcodeScannerPlugin.simulatedBounds) }
            return CommandOutput(result: .object(result), presentation: { record })
        }
        let declared: [KitCommand] = [
            KitCommand("cancel") { (_, context) throws(ResponseError) -> JSON in
                try MobileOnly.require("cancel", context)
                pending.cancelAll(layer: context.platform.rawValue)
                return .null
            },
            KitCommand("check_permissions") { (_, context) throws(ResponseError) -> JSON in
                try MobileOnly.require("checkPermissions", context)
                return ["camera": .string(permissions.state("camera", context).rawValue)]
            },
            KitCommand("request_permissions", waiting: { (i) async throws(ResponseError) -> CommandOutput in
                let context = i.context
                try MobileOnly.require("requestPermissions", context)
                let ios = context.platform == .ios
                let (state, _) = await permissions.request("camera", context, prompt: {
                    .object(officialRecord("barcode-scanner", context, "requestPermissions", [
                        "prompt": .string(ios ? "“the app” Would Like to Access the Camera" : "Allow the app to take pictures and record video?"),
                        "buttons": ios ? ["Don't Allow", "OK"] : ["While using the app", "Only this time", "Don't allow"]]))
                })
                // Android: after a first denial (the rationale may still be shown) the callback
                // puts no camera key at all, so the answer is `{}`.
                if context.platform == .android && state == .promptWithRationale { return CommandOutput(result: [:]) }
                return CommandOutput(result: ["camera": .string(state.rawValue)])
            }),
            KitCommand("open_app_settings", recording: { (_, context) throws(ResponseError) -> CommandOutput in
                try MobileOnly.require("openAppSettings", context)
                let opened: JSON = context.platform == .ios ? "UIApplication.openSettingsURLString: the app's page in Settings"
                    : "Settings.ACTION_APPLICATION_DETAILS_SETTINGS for the app's package"
                let record = officialRecord("barcode-scanner", context, "openAppSettings", ["opens": opened])
                return CommandOutput(result: .null, presentation: { .object(record) })
            }),
            KitCommand("vibrate", recording: { (_, context) throws(ResponseError) -> CommandOutput in
                try MobileOnly.require("vibrate", context)
                guard context.platform == .android else {
                    throw ResponseError.nativeObject("No command vibrate found for plugin barcode-scanner", layer: "ios",
                                                   reason: "only the Kotlin plugin has vibrate; Tauri's iOS runner finds no such method")
                }
                let record = officialRecord("barcode-scanner", context, "vibrate", ["effect": "the vibrator, VibrationEffect.DEFAULT_AMPLITUDE"])
                return CommandOutput(result: .null, presentation: { .object(record) })
            }),
        ]
        return (declared, scan)
    }

    /// A scan that waits for a code, until `cancel` or its call's cancellation.
    static func wait(_ pending: Pending, record: JSON) async throws -> CommandOutput {
        CallObserver.current?.presented { record }
        switch await pending.wait() {
        case .success(let value): return CommandOutput(result: value, presentation: { record })
        case .failure(let error): throw error
        }
    }
}

extension BarcodeScannerPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    /// The code in front of the camera (`--scan`, `--scan-format`).
    public struct Camera: OfficialSetting {
        public var code: ScannedCode?
        public static var standard: Camera { Camera() }
    }

    public static let options = [
        PluginOption("scan", help: """
              --scan CONTENT          barcode-scanner: the code in front of the camera [none: a
                                      scan waits until cancelled]
            """),
        PluginOption("scan-format", help: """
              --scan-format FORMAT    its format, QR_CODE, EAN_13, … [QR_CODE]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        let format = try given.nonEmpty("scan-format") ?? "QR_CODE"
        guard ScannedCode.formats.contains(format) else {
            throw PluginOptionError("option '--scan-format' must be one of \(ScannedCode.formats.joined(separator: "|")), got '\(format)'")
        }
        settings.scan = given.value("scan").map { ScannedCode(content: $0, format: format) }
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin(code: s.scan, permissions: s.permissions) }
}

extension OfficialSettings {
    /// The code in front of the camera (`--scan`).
    public var scan: ScannedCode? {
        get { self[BarcodeScannerPlugin.Camera.self].code }
        set { self[BarcodeScannerPlugin.Camera.self].code = newValue }
    }
}

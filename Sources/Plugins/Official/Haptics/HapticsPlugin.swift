import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol

/// `plugin:haptics|…` (`@tauri-apps/plugin-haptics`), as plugins-workspace@77149dc4 has it:
/// `src/commands.rs` binds `duration: u32`, `style: ImpactFeedbackStyle`, `type:
/// NotificationFeedbackType` (camelCase unit variants); desktop builds answer `Ok(())` and do
/// nothing (`src/desktop.rs`); iOS (`ios/Sources/HapticsPlugin.swift`) and Android
/// (`android/src/main/java/HapticsPlugin.kt`, `patterns/*.kt`) play what each call's record
/// says. No permission file beyond the generated ones: the plugin has no default set, so an app
/// grants each command (`haptics:allow-vibrate`, …).
public enum HapticsPlugin {
    static let commandNames = ["vibrate", "impact_feedback", "notification_feedback", "selection_feedback"]
    static let styles = ["light", "medium", "heavy", "soft", "rigid"]
    static let types = ["success", "warning", "error"]

    /// Android's `patterns/*.kt`: timings (ms) and amplitudes of `createWaveform` (API 26+).
    static let androidPatterns: [String: (timings: [Int], amplitudes: [Int])] = [
        "light": ([0, 50], [0, 30]), "medium": ([0, 43], [0, 50]), "heavy": ([0, 60], [0, 70]),
        "soft": ([0, 50], [0, 30]), "rigid": ([0, 43], [0, 50]),
        "success": ([0, 40, 100, 40], [0, 50, 0, 60]), "warning": ([0, 40, 120, 60], [0, 40, 0, 60]),
        "error": ([0, 60, 100, 40, 80, 50], [0, 50, 0, 40, 0, 50]), "selection": ([0, 50], [0, 30]),
    ]

    public static func plugin() -> KitPlugin {
        KitPlugin(name: "haptics", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: nil, commands: [
            KitCommand("vibrate", [("duration", .integer("u32"))], recording: { (payload, context) throws(ResponseError) in
                let duration = payload["duration"]?.numberValue?.intValue ?? 0
                return played(context, "vibrate", ios: { felt in
                    felt ? ["effect": .string("CHHapticEngine: a continuous event, intensity 1.0, sharpness 1.0, \(Double(duration) / 1000) s"), "felt": true]
                        : ["effect": "AudioServicesPlayAlertSound(kSystemSoundID_Vibrate)", "felt": false,
                           "reason": "an iPad has no Taptic Engine (CHHapticEngine.capabilitiesForHardware().supportsHaptics is false) and no vibration motor"]
                }, android: ["effect": .string("VibrationEffect.createOneShot(\(duration), DEFAULT_AMPLITUDE)"), "durationMs": .integer(duration)])
            }),
            KitCommand("impact_feedback", [("style", .any("ImpactFeedbackStyle"))], recording: { (payload, context) throws(ResponseError) in
                let style = try SerdeEnum.variant(payload, key: "style", command: "impact_feedback", type: "ImpactFeedbackStyle", variants: styles)
                return played(context, "impactFeedback", ios: { felt in
                    generator("UIImpactFeedbackGenerator(style: .\(style)).impactOccurred()", felt: felt)
                }, android: waveform(style))
            }),
            KitCommand("notification_feedback", [("type", .any("NotificationFeedbackType"))], recording: { (payload, context) throws(ResponseError) in
                let type = try SerdeEnum.variant(payload, key: "type", command: "notification_feedback", type: "NotificationFeedbackType", variants: types)
                return played(context, "notificationFeedback", ios: { felt in
                    generator("UINotificationFeedbackGenerator().notificationOccurred(.\(type))", felt: felt)
                }, android: waveform(type))
            }),
            KitCommand("selection_feedback", recording: { (_, context) throws(ResponseError) in
                played(context, "selectionFeedback", ios: { felt in
                    generator("UISelectionFeedbackGenerator().selectionChanged()", felt: felt)
                }, android: waveform("selection"))
            }),
        ])
    }

    /// `Ok(())` with the record of what the device plays; desktop builds play nothing.
    private static func played(_ context: CallContext, _ method: String, ios: (Bool) -> JSONObject, android: JSONObject) -> CommandOutput {
        var record = officialRecord("haptics", context, method)
        switch context.platform {
        case .ios:
            record["device"] = .string(context.device.rawValue)
            for member in ios(context.device == .iphone) { record[member.key] = member.value }
        case .android:
            for member in android { record[member.key] = member.value }
            record["permission"] = "android.permission.VIBRATE (the plugin's manifest declares it; a normal permission, granted at install)"
        default:
            record["effect"] = .null
            record["reason"] = "the desktop build answers Ok(()) and plays nothing (src/desktop.rs)"
        }
        let done = record
        return CommandOutput(result: .null, presentation: { .object(done) })
    }

    private static func generator(_ effect: String, felt: Bool) -> JSONObject {
        felt ? ["effect": .string(effect), "felt": true]
            : ["effect": .string(effect), "felt": false, "reason": "an iPad has no Taptic Engine: UIKit's feedback generators do nothing there"]
    }

    private static func waveform(_ name: String) -> JSONObject {
        let pattern = androidPatterns[name] ?? ([], [])
        return ["effect": .string("VibrationEffect.createWaveform([\(pattern.timings.map(String.init).joined(separator: ", "))], [\(pattern.amplitudes.map(String.init).joined(separator: ", "))], -1)"),
                "timingsMs": .array(pattern.timings.map { .integer($0) }), "amplitudes": .array(pattern.amplitudes.map { .integer($0) })]
    }
}

extension HapticsPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin() }
}

import BridgeCall
import BridgeKit
import BridgeDevice
import BridgeProtocol
import BridgeShareNatives

/// What the product's plugins make of the options every command takes. The CLI asks here, so
/// it names no plugin: which options a plugin reads on which platform, which versions of a
/// plugin the backends model, and what browser mode shims for a hosted plugin.
public enum PluginOptions {
    /// Warnings for the simulated user's options (`--activity`, `--device`, `--cancel`) given
    /// where no plugin reads them: only the share sheets read them, the iOS one all three and
    /// the `share` plugin's Android chooser `--activity` and `--cancel`. `plugin` is the plugin of
    /// the command `invoke` runs (`nil` for a `serve` session, which may call any plugin).
    public static func ignored(activity: Bool, device: Bool, cancel: Bool, platform: Platform, plugin: String? = nil) -> [CallWarning] {
        guard platform != .ios else { return [] }
        let sharePlugin = plugin.map { $0 == "share" }
        if platform == .android && sharePlugin == true {
            return device ? [CallWarning(code: CallWarning.optionIgnored, message: "--device has no effect with --platform android: it describes the iOS share sheet")] : []
        }
        let alsoShare = platform == .android && sharePlugin == nil
            ? "; plugin:share|share's chooser does read it" : ""
        var lines: [String] = []
        if cancel {
            lines.append(platform == .android
                ? "--cancel has no effect on share_text with --platform android: Android reports no completion, so share_text answers {\"shared\": true} as soon as the chooser is presented" + alsoShare
                : "--cancel has no effect with --platform \(platform.rawValue): no share sheet is presented there")
        }
        for (option, given) in [("activity", activity), ("device", device)] where given {
            let subject = option == "activity" && !alsoShare.isEmpty ? " on share_text" : ""
            lines.append("--\(option) has no effect\(subject) with --platform \(platform.rawValue): it describes the iOS share sheet" + (option == "activity" ? alsoShare : ""))
        }
        return lines.map { CallWarning(code: CallWarning.optionIgnored, message: $0) }
    }

    /// `--plugin-version NAME@COMMIT`: the version of a plugin the backends follow, into
    /// `settings`; the refusal says what to write instead.
    public static func apply(version value: String, to settings: inout PluginSettings) throws(PluginOptionError) {
        let parts = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw PluginOptionError("option '--plugin-version' takes NAME@COMMIT, such as frak-share@0fd3b566, got '\(value)'")
        }
        guard parts[0] == "frak-share" else {
            throw PluginOptionError("option '--plugin-version': only frak-share has more than one modelled version, got '\(parts[0])' "
                                    + "(`bridge --version` lists what each plugin follows)")
        }
        guard let found = FrakShareVersion.named(String(parts[1])) else {
            let known = FrakShareVersion.known.map { "\($0.short) (\($0.date): \($0.summary))" }.joined(separator: "; ")
            throw PluginOptionError("option '--plugin-version': frak-share@\(parts[1]) is not a version the bridge models; "
                                    + "name one of these commits (7 digits or more): \(known)")
        }
        settings.frakShare = found
    }

    /// The limits of `navigator.share` in browser mode when the `share` plugin is hosted (its
    /// file caps and the schemes it refuses), or `nil` when it is not.
    public static func webShare(hosting: (String) -> Bool) -> (maxFiles: Int, maxFileBytes: Int, maxTotalBytes: Int, refusedSchemes: [String])? {
        guard hosting("share") else { return nil }
        let limits = ShareFileLimits()
        return (limits.maxFiles, limits.maxFileBytes, limits.maxTotalBytes, ShareLink.refusedSchemes)
    }
}

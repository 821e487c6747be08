import BridgeDevice
import BridgeMatching
import BridgeMedia
import BridgeProtocol

/// A check of `--activity` on iOS: UIKit's own activity types are a closed list, so a value
/// that looks like one but is not (`com.apple.UIKit.activity.Mial`), or a bare name
/// (`airdrop`), is almost surely a typo. It is still what the simulated user picks (a
/// third-party share extension may be named anything), so this is a warning with the
/// did-you-mean, never a refusal.
enum ActivityTypeCheck {
    /// The warning for `value` given as `--activity` on iOS, or `nil` when it is a system
    /// activity type or reads as a share extension's bundle id.
    static func warning(for value: String) -> CallWarning? {
        let prefix = ActivityType.prefix
        guard !ActivityType.system.contains(value) else { return nil }
        // DidYouMean folds case, so `airdrop` finds `AirDrop`.
        let names = ActivityType.system.map { String($0.dropFirst(prefix.count)) }
        let lead: String
        let typed: String
        if value.hasPrefix(prefix) {
            lead = "--activity \(value) is not one of UIKit's activity types"
            typed = String(value.dropFirst(prefix.count))
        } else if !value.contains(".") {
            lead = "--activity \(value) is not an activity type: UIKit reports reverse-DNS names"
            typed = value
        } else {
            return nil
        }
        let hint = DidYouMean.suggest(for: typed, among: names).map { " (did you mean \(prefix)\($0)?)" }
            ?? (typed == value ? " such as \(prefix)Mail" : "")
        return CallWarning(code: CallWarning.optionIgnored, message: lead + hint + "; the simulated user picks it as a third-party activity")
    }
}

import BridgeMatching
import BridgeMedia
import BridgeProtocol

/// A check of `--activity` on iOS: UIKit's own activity types are a closed list, so a value
/// that looks like one but is not (`com.apple.UIKit.activity.Mial`), or a bare name
/// (`airdrop`), is almost surely a typo. It is still what the simulated user picks (a
/// third-party share extension may be named anything), so this is a warning with the
/// did-you-mean, never a refusal.
enum ActivityTypeCheck {
    static let prefix = ActivityType.prefix
    static let systemTypes = ActivityType.system

    /// The warning for `value` given as `--activity` on iOS, or `nil` when it is a system
    /// activity type or reads as a share extension's bundle id.
    static func warning(for value: String) -> CallWarning? {
        if systemTypes.contains(value) { return nil }
        let message: String
        if value.hasPrefix(prefix) {
            let suggestion = DidYouMean.suggest(for: String(value.dropFirst(prefix.count)),
                                                among: systemTypes.map { String($0.dropFirst(prefix.count)) })
            message = "--activity \(value) is not one of UIKit's activity types"
                + (suggestion.map { " (did you mean \(prefix)\($0)?)" } ?? "")
                + "; the simulated user picks it as a third-party activity"
        } else if !value.contains(".") {
            let names = systemTypes.map { String($0.dropFirst(prefix.count)) }
            let suggestion = names.first { $0.lowercased() == value.lowercased() }
                ?? DidYouMean.suggest(for: value, among: names)
            message = "--activity \(value) is not an activity type: UIKit reports reverse-DNS names"
                + (suggestion.map { " (did you mean \(prefix)\($0)?)" } ?? " such as \(prefix)Mail")
                + "; the simulated user picks it as a third-party activity"
        } else {
            return nil
        }
        return CallWarning(code: CallWarning.optionIgnored, message: message)
    }
}

import BridgeJSON
import BridgeProtocol
import BridgeRouter

/// The chooser of the `share` plugin on Android, as `@capacitor/share`'s `SharePlugin.java`
/// starts it, and how it ends.
///
/// `Intent.createChooser(intent, dialogTitle, intentSender)`, started with
/// `startActivityForResult` (no `FLAG_ACTIVITY_NEW_TASK`: a result never comes back across
/// tasks). `createChooser` copies the target's `ClipData` and grant flags onto the chooser.
/// When the user picks a target, the chooser sends `EXTRA_CHOSEN_COMPONENT` through the
/// `IntentSender` and starts the target, which covers the app (`onStop`); whatever result code
/// the target leaves (`RESULT_CANCELED`, as most do), the plugin resolves
/// `{"activityType": <the component's package>}`. A dismissal ends the chooser with
/// `RESULT_CANCELED` while the app was never stopped: `Share canceled`.
struct ShareChooser: Sendable {
    /// The second argument of `createChooser`.
    let dialogTitle: String?
    /// Whether the target intent grants read access (the chooser then carries its `ClipData`).
    let grantsRead: Bool

    /// The target picked when the call names none: Google Messages, the counterpart of iOS's
    /// default Messages activity.
    static let defaultTarget = "com.google.android.apps.messaging"
    /// The plugin's rejection of a dismissed chooser.
    static let canceled = "Share canceled"

    /// What the simulated user does in the chooser.
    enum Pick: Sendable, Equatable {
        /// Picks a target: `EXTRA_CHOSEN_COMPONENT` is `component` (`package/class`, or the
        /// package alone when only that is known).
        case target(package: String, component: String)
        case dismissed
    }

    /// The user of `simulation`: `--cancel` dismisses, `--activity` names the target as a
    /// package (`com.google.android.gm`) or a flattened component
    /// (`com.google.android.gm/.ComposeActivityGmail`); iOS's default activity stands for
    /// "none named", which picks `defaultTarget`.
    /// - Throws: `-32602` for an activity that is neither.
    static func pick(_ simulation: Simulation) throws(ResponseError) -> Pick {
        if simulation.cancel { return .dismissed }
        let named = simulation.activity == Simulation.defaultActivity ? defaultTarget : simulation.activity
        let parts = named.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let package = parts[0]
        let className = parts.count == 2 ? parts[1] : nil
        guard AndroidConfiguration.isApplicationID(package), className.map(isClassName) ?? true else {
            throw .invalidParams(
                "the chosen target on android must be a package name such as com.google.android.gm, or a component such as com.google.android.gm/.ComposeActivityGmail; got '\(named)' (--activity, or \"__bridge\": {\"activity\": …})",
                details: ["layer": "android", "field": "__bridge.activity"])
        }
        // ComponentName.unflattenFromString: a class starting with "." is relative to the package.
        let component = className.map { "\(package)/\($0.hasPrefix(".") ? package + $0 : $0)" } ?? package
        return .target(package: package, component: component)
    }

    /// A Java class name, possibly relative (`.Compose`), possibly nested (`A$B`).
    private static func isClassName(_ name: String) -> Bool {
        let body = name.hasPrefix(".") ? String(name.dropFirst()) : name
        return !body.isEmpty && body.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { segment in
            guard let first = segment.first, first.isASCII, first.isLetter || first == "_" else { return false }
            return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        }
    }

    /// How the chooser ended, as the plugin's activity callback sees it.
    struct Completion: Sendable, Equatable {
        let pick: Pick

        /// The plugin's answer: the chosen package, or the dismissal's rejection.
        var result: Result<String, ResponseError> {
            switch pick {
            case .target(let package, _): .success(package)
            case .dismissed: .failure(.rejected(ShareChooser.canceled, details: ["layer": "android"]))
            }
        }

        var record: JSON {
            switch pick {
            case .target(let package, let component):
                ["chosenComponent": .string(component), "hostStopped": true, "resultCode": "RESULT_CANCELED",
                 "activityType": .string(package)]
            case .dismissed:
                ["chosenComponent": nil, "hostStopped": false, "resultCode": "RESULT_CANCELED", "activityType": nil]
            }
        }
    }

    var record: JSON {
        [
            "title": .optional(dialogTitle),
            // ChooserActivity drops its title for ACTION_SEND / ACTION_SEND_MULTIPLE on API 29+.
            "titleShown": false,
            "intentSender": "android.intent.extra.CHOSEN_COMPONENT",
            "startedForResult": true,
            "flags": grantsRead ? [.string(ShareIntent.grantRead)] : [],
        ]
    }

    /// What a non-null `dialogTitle` does on Android 10+: nothing, for a share.
    static let dialogTitleWarning = CallWarning(
        code: "dialog_title_ignored",
        message: "`dialogTitle` is not shown on Android 10+ (API 29+): the chooser ignores its title for ACTION_SEND and ACTION_SEND_MULTIPLE (\"Ignoring intent's EXTRA_TITLE, deprecated in P\") and shows the content preview headed by EXTRA_TITLE (the `title`) instead; only Android 9 and earlier show it",
        field: "dialogTitle")
}

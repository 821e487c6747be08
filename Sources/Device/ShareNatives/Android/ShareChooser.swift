import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeSimulation

/// The chooser of the `share` plugin on Android, as `@capacitor/share`'s `SharePlugin.java`
/// starts it, and how it ends.
///
/// `Intent.createChooser(intent, dialogTitle, intentSender)`, started with
/// `startActivityForResult` (no `FLAG_ACTIVITY_NEW_TASK`: a result never comes back across
/// tasks). `createChooser` copies the target's `ClipData` and grant flags onto the chooser.
/// When the user picks a target, the chooser sends `EXTRA_CHOSEN_COMPONENT` through the
/// `IntentSender` and starts the target with the result forwarded; a target that opens a window
/// covers the app (`onStop`), and whatever result code it leaves (`RESULT_CANCELED`, as most
/// do) the plugin resolves `{"activityType": <the component's package>}`. The plugin cannot
/// tell anything else from a dismissal — `RESULT_CANCELED` while the app was never stopped — so
/// it rejects `Share canceled` for a dismissal, for the chooser's Copy action (which reports no
/// target), and for a target that sends without opening a window (KDE Connect's send to a
/// device: capacitor-plugins#2545). The other way round, a dismissal after the app was stopped
/// while the chooser was up (the user went Home, a call came in, the screen locked) resolves
/// `{"activityType": ""}`: the plugin reads `RESULT_CANCELED` with `stopped` set as a share,
/// and `chosenComponent` is null, which it reports as the empty string.
struct ShareChooser: Sendable {
    /// The second argument of `createChooser`.
    let dialogTitle: String?
    /// Whether the target intent grants read access (the chooser then carries its `ClipData`).
    let grantsRead: Bool

    /// The target picked when the call names none: Google Messages, the counterpart of iOS's
    /// default Messages activity.
    static let defaultTarget = "com.google.android.apps.messaging"
    /// `--activity copy`: the Copy button of the chooser's text preview (API 29+).
    static let copyAction = "copy"
    /// `--activity background`: the app goes to the background while the chooser is up, then
    /// the user dismisses the chooser.
    static let backgroundAction = "background"
    /// Targets that share without opening a window over the app.
    static let windowlessTargets: Set<String> = ["org.kde.kdeconnect_tp"]

    /// What the simulated user does in the chooser.
    enum Pick: Sendable, Equatable {
        /// Picks a target: `EXTRA_CHOSEN_COMPONENT` is `component` (`package/class`, or the
        /// package alone when only that is known); `coversApp` unless it sends without a window.
        case target(package: String, component: String, coversApp: Bool)
        /// Taps Copy: the text goes to the clipboard, no target is reported.
        case copy
        case dismissed
        /// Leaves the app while the chooser is up (`onStop`), then dismisses the chooser.
        case dismissedAfterStop
    }

    /// What the user's answer means in the chooser: a dismissal; `copy`, the Copy button; a
    /// target as a package (`com.google.android.gm`) or a flattened component
    /// (`com.google.android.gm/.ComposeActivityGmail`) — iOS's default activity stands for
    /// "none named" (no `--activity`), which picks `defaultTarget`.
    /// - Throws: `-32602` for an activity that is none of these.
    static func pick(_ answer: SheetAnswer) throws(ResponseError) -> Pick {
        guard case .activity(let activity) = answer else { return .dismissed }
        if activity == copyAction { return .copy }
        if activity == backgroundAction { return .dismissedAfterStop }
        let named = activity == Simulation.defaultActivity ? defaultTarget : activity
        let parts = named.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let package = parts[0]
        let className = parts.count == 2 ? parts[1] : nil
        guard AndroidConfiguration.isApplicationID(package), className.map(isClassName) ?? true else {
            throw .invalidParams(
                "the chosen target on android must be a package name such as com.google.android.gm, a component such as com.google.android.gm/.ComposeActivityGmail, copy (the chooser's Copy action) or background (the app leaves the foreground, then the chooser is dismissed); got '\(named)' (--activity, or \"__bridge\": {\"activity\": …})",
                details: ["layer": "android", "field": "__bridge.activity"])
        }
        // ComponentName.unflattenFromString: a class starting with "." is relative to the package.
        let component = className.map { "\(package)/\($0.hasPrefix(".") ? package + $0 : $0)" } ?? package
        return .target(package: package, component: component, coversApp: !windowlessTargets.contains(package))
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

        /// The plugin's answer: the chosen package, or `Share canceled` with what really happened.
        var result: Result<String, ResponseError> {
            let why: String
            switch pick {
            case .target(let package, _, true): return .success(package)
            // `stopped` is set, so RESULT_CANCELED is not taken for a dismissal; no component came.
            case .dismissedAfterStop: return .success("")
            case .target(let package, _, false):
                why = "\(package) shared without opening a window, so the app was never stopped and the plugin took RESULT_CANCELED for a dismissal"
            case .copy: why = "the chooser's Copy action copied the text; it reports no target and never stops the app, so the plugin took it for a dismissal"
            case .dismissed: why = "the user dismissed the chooser"
            }
            return .failure(.rejected(IOSBackend.shareCanceled, details: ["layer": "android", "reason": .string(why)]))
        }

        var record: JSON {
            switch pick {
            case .target(let package, let component, let covers):
                ["chosenComponent": .string(component), "hostStopped": .bool(covers), "resultCode": "RESULT_CANCELED",
                 "activityType": covers ? .string(package) : nil]
            case .copy, .dismissed:
                ["chosenComponent": nil, "hostStopped": false, "resultCode": "RESULT_CANCELED", "activityType": nil]
            case .dismissedAfterStop:
                ["chosenComponent": nil, "hostStopped": true, "resultCode": "RESULT_CANCELED", "activityType": ""]
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
}

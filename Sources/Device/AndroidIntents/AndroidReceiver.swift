import BridgeInbox
import BridgeJSON

/// The receiving app on Android: its manifest decides which activity a share intent reaches
/// (as the chooser resolves it), and the activity's handler stores what arrives in the app's
/// inbox, `<filesDir>/ShareInbox/` — the same durable store as an App Group's.
///
/// The activity's lifecycle (`AndroidActivityLifecycle`) is kept in
/// `<filesDir>/bridge-activity/state.json`, under a lock, so successive `bridge` processes see
/// one app: the first share is a cold start, the next a warm one, until `kill` or `finish`.
public struct AndroidReceiver: Sendable {
    public let manifest: AndroidManifest
    /// The app's `filesDir`.
    public let filesDirectory: String

    public init(manifest: AndroidManifest, filesDirectory: String) {
        self.manifest = manifest
        self.filesDirectory = filesDirectory
    }

    /// Where the intent goes: the first enabled, exported activity (of those named `activity`,
    /// if given) with a filter that accepts it.
    public struct Resolution: Sendable, Equatable {
        public let activity: AndroidManifest.Activity
        public let filter: IntentFilter
    }

    /// The activity and filter that accept `intent`.
    /// - Throws: `refused`, naming every filter considered (`file:line`) and why it did not
    ///   match; `invalidShare` when `activity` names no activity of the manifest.
    public func resolve(_ intent: AndroidSendIntent, activity: String?) throws(InboxError) -> Resolution {
        try resolve(action: intent.action, type: intent.type, activity: activity)
    }

    /// The activity and filter that accept an intent with `action` and MIME `type`.
    public func resolve(action: String, type: String, activity: String?) throws(InboxError) -> Resolution {
        let candidates = activity.map { manifest.activities(named: $0) } ?? manifest.activities
        if let activity, candidates.isEmpty {
            let names = manifest.activities.map(\.name).joined(separator: ", ")
            throw InboxError(.invalidShare, "\(manifest.file): no activity named \(activity); it declares \(names.isEmpty ? "none" : names)")
        }
        var reasons: [String] = []
        for a in candidates {
            if !a.enabled { reasons.append("\(manifest.file):\(a.line): \(a.name) is disabled (android:enabled=\"false\")"); continue }
            if a.exported == false {
                if !a.filters.isEmpty {
                    reasons.append("\(manifest.file):\(a.line): \(a.name) has android:exported=\"false\", so no other app can start it")
                }
                continue
            }
            for f in a.filters {
                if let why = f.mismatch(action: action, type: type) {
                    reasons.append("\(manifest.file):\(f.line): the <intent-filter> of \(a.name) does not match: \(why)")
                } else {
                    return Resolution(activity: a, filter: f)
                }
            }
        }
        let what = "\(action == AndroidSendIntent.actionSend ? "ACTION_SEND" : action == AndroidSendIntent.actionSendMultiple ? "ACTION_SEND_MULTIPLE" : action) of type \(type)"
        let detail = reasons.isEmpty ? "\(manifest.file) declares no intent filters" : reasons.joined(separator: "; ")
        throw InboxError(.refused, "no activity of the app accepts \(what): \(detail)")
    }

    /// Sends `draft` as a sending app would, resolves it, and delivers it: stores it in the
    /// inbox and advances the activity's lifecycle.
    /// - Returns: the record `extension receive` prints.
    public func receive(_ draft: ShareDraft, activity: String?) throws(InboxError) -> JSON {
        let intent = try AndroidSendIntent(draft)
        let resolution = try resolve(intent, activity: activity)
        return try withLifecycle { (lifecycle: inout AndroidActivityLifecycle) throws(InboxError) -> JSON in
            let id = try ShareInbox(group: filesDirectory).append(intent.received)
            let outcome = lifecycle.share(id, launchMode: resolution.activity.launchMode)
            return ["accepted": true, "id": .string(id), "platform": "android", "intent": intent.record,
                    "activity": .string(resolution.activity.name),
                    "filter": .string("\(manifest.file):\(resolution.filter.line)"), "delivery": outcome.record]
        }
    }

    /// A lifecycle event of the app (`extension activity EVENT`).
    public static func handle(_ event: AndroidActivityLifecycle.Event, filesDirectory: String) throws(InboxError) -> JSON {
        try withLifecycle(filesDirectory) { (lifecycle: inout AndroidActivityLifecycle) throws(InboxError) -> JSON in
            let outcome = lifecycle.handle(event)
            return ["event": .string(event.rawValue), "outcome": outcome.record, "state": lifecycle.json]
        }
    }

    private func withLifecycle(_ body: (inout AndroidActivityLifecycle) throws(InboxError) -> JSON) throws(InboxError) -> JSON {
        try AndroidReceiver.withLifecycle(filesDirectory, body)
    }

    /// Runs `body` on the stored lifecycle under its lock, and stores the result.
    private static func withLifecycle(_ filesDirectory: String,
                                      _ body: (inout AndroidActivityLifecycle) throws(InboxError) -> JSON) throws(InboxError) -> JSON {
        let what = "an activity state", remedy = "remove it to start the app afresh"
        return try LockedJSONFile.update("state.json", folder: "bridge-activity", in: filesDirectory, what: what, remedy: remedy) {
            (stored: inout JSON?) throws(InboxError) -> JSON in
            var lifecycle = AndroidActivityLifecycle()
            if let json = stored {
                guard let read = AndroidActivityLifecycle(json: json) else {
                    throw InboxError(.storage, "\(filesDirectory)/bridge-activity/state.json is not \(what); \(remedy)")
                }
                lifecycle = read
            }
            let result = try body(&lifecycle)
            stored = lifecycle.json
            return result
        }
    }
}

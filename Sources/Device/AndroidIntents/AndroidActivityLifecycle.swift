import BridgeJSON

/// The receiving activity's life, as far as delivering shares goes: a value type that takes
/// lifecycle events and says what the app's share handler does with each.
///
/// The handler the bridge models is the one receive plugins need and often lack:
/// - **cold start**: the process is not running; the share starts it and `onCreate` reads the
///   launch intent (`getIntent()`) — a plugin that only listens to `onNewIntent` loses it;
/// - **warm start**: with `launchMode` `singleTask` / `singleInstance` (Tauri's template uses
///   `singleTask`) the running activity gets `onNewIntent`; with `standard` / `singleTop` a
///   share from another app's task creates a new instance, which reads its launch intent;
/// - **recreation** (a configuration change the activity does not handle, or the system
///   recreating it): `onCreate` runs again with the same intent and a saved instance state
///   that records the share as handled, so it is not delivered again;
/// - **process death, then relaunch from Recents**: the intent comes back with
///   `FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY`, and is not delivered again either.
public struct AndroidActivityLifecycle: Sendable, Equatable {
    /// The activity instance in the app's task.
    public struct Instance: Sendable, Equatable {
        public var number: Int
        /// The share id of `getIntent()`, `nil` for a launcher (`MAIN`) intent.
        public var intentShare: String?
        /// The share the saved instance state records as handled.
        public var handled: String?
        /// Running (`true`), or only a saved record in Recents after process death.
        public var alive: Bool
    }

    public enum Event: String, Sendable, CaseIterable {
        /// A configuration change or system recreation: `onDestroy`, then `onCreate(saved)`.
        case recreate
        /// The process dies (low memory, swipe from Recents keeps the task record).
        case kill
        /// The user returns through Recents after process death.
        case restore
        /// The user taps the launcher icon.
        case launch
        /// The user backs out: the activity finishes and its task is gone.
        case finish
    }

    /// What the share handler did.
    public enum Outcome: Sendable, Equatable {
        /// Delivered to the app: through `onCreate`'s launch intent or `onNewIntent`.
        case delivered(share: String, via: String, start: String, instance: Int)
        /// The intent carries a share that was already delivered; not delivered again.
        case notAgain(share: String, why: String, naiveHandlerWould: String)
        /// No share involved.
        case nothing(String)
    }

    public var processAlive = false
    public var instance: Instance? = nil
    public var launchMode = "standard"
    private var nextInstance = 1

    public init() {}

    /// A share intent arrives for the activity.
    public mutating func share(_ id: String, launchMode: String) -> Outcome {
        self.launchMode = launchMode
        let start = processAlive ? "warm" : "cold"
        processAlive = true
        if var current = instance, current.alive, ["singleTask", "singleInstance", "singleInstancePerTask"].contains(launchMode) {
            current.intentShare = id
            current.handled = id
            instance = current
            return .delivered(share: id, via: "onNewIntent", start: start, instance: current.number)
        }
        let created = Instance(number: nextInstance, intentShare: id, handled: id, alive: true)
        nextInstance += 1
        instance = created
        return .delivered(share: id, via: "launch intent (onCreate)", start: start, instance: created.number)
    }

    /// A lifecycle event.
    public mutating func handle(_ event: Event) -> Outcome {
        switch event {
        case .recreate:
            guard var current = instance, current.alive else { return .nothing("no running activity to recreate") }
            current.number = nextInstance
            nextInstance += 1
            instance = current
            guard let share = current.intentShare else { return .nothing("recreated with a launcher intent") }
            return .notAgain(share: share, why: "onCreate(savedInstanceState) finds the share recorded as handled",
                             naiveHandlerWould: "a handler that reads getIntent() in every onCreate delivers it again")
        case .kill:
            guard processAlive else { return .nothing("the process is not running") }
            processAlive = false
            instance?.alive = false
            return .nothing("the process died; the task and its saved state stay in Recents")
        case .restore:
            guard !processAlive, var saved = instance, !saved.alive else {
                return .nothing(processAlive ? "the process is running" : "nothing in Recents to restore")
            }
            processAlive = true
            saved.alive = true
            saved.number = nextInstance
            nextInstance += 1
            instance = saved
            guard let share = saved.intentShare else { return .nothing("restored with a launcher intent") }
            return .notAgain(share: share, why: "the intent comes back with FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY and the saved state records it as handled",
                             naiveHandlerWould: "a handler that reads getIntent() on a cold start delivers it again")
        case .launch:
            processAlive = true
            if let current = instance, current.alive { return .nothing("the running activity comes to the front") }
            instance = Instance(number: nextInstance, intentShare: nil, handled: nil, alive: true)
            nextInstance += 1
            return .nothing("started from the launcher: a MAIN intent, no share")
        case .finish:
            guard instance?.alive == true else { return .nothing("no running activity") }
            instance = nil
            return .nothing("the activity finished; its intent is gone")
        }
    }

    // MARK: Persistence

    var json: JSON {
        var o: JSONObject = ["processAlive": .bool(processAlive), "launchMode": .string(launchMode), "nextInstance": .integer(nextInstance)]
        if let i = instance {
            o["instance"] = ["number": .integer(i.number), "intentShare": i.intentShare.map(JSON.string) ?? .null,
                             "handled": i.handled.map(JSON.string) ?? .null, "alive": .bool(i.alive)]
        } else {
            o["instance"] = .null
        }
        return .object(o)
    }

    init?(json: JSON) {
        guard let alive = json["processAlive"]?.boolValue, let mode = json["launchMode"]?.stringValue,
              let next = json["nextInstance"]?.numberValue?.intValue else { return nil }
        processAlive = alive
        launchMode = mode
        nextInstance = next
        if let i = json["instance"], i != .null {
            guard let number = i["number"]?.numberValue?.intValue, let running = i["alive"]?.boolValue else { return nil }
            instance = Instance(number: number, intentShare: i["intentShare"]?.stringValue, handled: i["handled"]?.stringValue, alive: running)
        }
    }
}

extension AndroidActivityLifecycle.Outcome {
    /// The outcome as `extension receive` and `extension activity` print it.
    public var record: JSON {
        switch self {
        case .delivered(let share, let via, let start, let instance):
            return ["delivered": .string(share), "via": .string(via), "start": .string(start), "instance": .integer(instance)]
        case .notAgain(let share, let why, let naive):
            return ["delivered": .null, "share": .string(share), "notDeliveredAgain": .string(why), "naiveHandler": .string(naive)]
        case .nothing(let why):
            return ["delivered": .null, "note": .string(why)]
        }
    }
}

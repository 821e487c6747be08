import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeSystem

/// The runtime permissions of the simulated device, one state machine for every plugin: Tauri's
/// mobile `PermissionState` (`granted`, `denied`, `prompt`, `prompt-with-rationale`), moved by
/// the app's requests and the scripted person (`--permission NAME=allow|deny|granted|denied`).
///
/// - iOS asks once: a request in `prompt` shows the system alert; the answer is final (a later
///   request answers the state without asking).
/// - Android asks again after a first denial, with the rationale round: a denial in `prompt`
///   leaves `prompt-with-rationale` (`shouldShowRequestPermissionRationale`), a second denial is
///   final (`denied`; Android 11+ stops asking).
public final class DevicePermissions: Sendable {
    /// What the person does, or has done, about one permission.
    public enum Answer: String, Sendable, CaseIterable {
        /// Not asked yet; allows when asked.
        case allow
        /// Not asked yet; denies each time asked.
        case deny
        /// Granted before the app runs (in Settings).
        case granted
        /// Denied before the app runs (in Settings).
        case denied
    }

    public enum State: String, Sendable {
        case granted, denied, prompt
        case promptWithRationale = "prompt-with-rationale"
    }

    private struct Entry {
        var state: State
        let answer: Answer
    }

    private let entries: SharedLock<[String: Entry]>
    private let answers: [String: Answer]
    /// Each prompt shown, for the records (`permission`, the platform, the answer).
    private let prompts = SharedLock<[JSON]>([])

    public init(_ answers: [String: Answer] = [:]) {
        self.answers = answers
        entries = SharedLock([:])
    }

    private func entry(_ name: String, _ s: inout [String: Entry]) -> Entry {
        if let e = s[name] { return e }
        let answer = answers[name] ?? .allow
        let e = Entry(state: answer == .granted ? .granted : answer == .denied ? .denied : .prompt, answer: answer)
        s[name] = e
        return e
    }

    /// The state of `name` for a call: a `__bridge.permission` of `granted` or `denied` sets it
    /// first, as the person would in Settings.
    public func state(_ name: String, _ context: CallContext) -> State {
        settle(name, context)
        return state(name)
    }

    /// Asks for `name` as the call's platform asks, the call's `__bridge.permission` answering
    /// the prompt (`allow`, `deny`) or setting the state first (`granted`, `denied`).
    @discardableResult
    public func request(_ name: String, _ context: CallContext) -> (state: State, prompted: Bool) {
        settle(name, context)
        return request(name, platform: context.platform, answer: context.simulation.permission(name).flatMap(Answer.init(rawValue:)))
    }

    /// `request(_:_:)`, with the prompt a person answers when the screen is interactive
    /// (`--user interactive`): the alert is drawn in the page, its `allow` button grants, any
    /// other answer denies; a scripted screen answers as `request(_:_:)` does.
    public func request(_ name: String, _ context: CallContext, prompt: @Sendable () -> JSON) async -> (state: State, prompted: Bool) {
        settle(name, context)
        let asks = state(name) == .prompt || (context.platform == .android && state(name) == .promptWithRationale)
        guard asks, context.simulation.permission(name) == nil, let screen = context.screen, screen.user == .interactive else {
            return request(name, context)
        }
        // No answer (another prompt is up, the call was cancelled): nobody decided, nothing changes.
        guard let answer = await screen.ask(record: prompt(), client: context.client) else { return (state(name), false) }
        let allowed = if case .activity(let a) = answer { DevicePermissions.allowLabels.contains(a) } else { false }
        return request(name, platform: context.platform, answer: allowed ? .allow : .deny)
    }

    /// The buttons that grant, as the platforms label them.
    public static let allowLabels: Set<String> = ["Allow", "Allow While Using App", "Allow Once", "While using the app", "Only this time", "OK"]

    private func settle(_ name: String, _ context: CallContext) {
        guard let given = context.simulation.permission(name), given == "granted" || given == "denied" else { return }
        entries.withLock { s in
            let e = entry(name, &s)
            s[name] = Entry(state: given == "granted" ? .granted : .denied, answer: e.answer)
        }
    }

    /// The state of `name` now (`checkPermissions`).
    public func state(_ name: String) -> State {
        entries.withLock { s in entry(name, &s).state }
    }

    /// Asks for `name` as `platform` asks (`requestPermissions`, or a command that needs it):
    /// the state after, and whether a prompt was shown.
    @discardableResult
    public func request(_ name: String, platform: Platform, answer: Answer? = nil) -> (state: State, prompted: Bool) {
        entries.withLock { s in
            var e = entry(name, &s)
            let answer = answer.flatMap { $0 == .allow || $0 == .deny ? $0 : nil } ?? e.answer
            let asks = e.state == .prompt || (platform == .android && e.state == .promptWithRationale)
            guard asks else { return (e.state, false) }
            if answer == .allow {
                e.state = .granted
            } else if platform == .android && e.state == .prompt {
                e.state = .promptWithRationale
            } else {
                e.state = .denied
            }
            s[name] = e
            return (e.state, true)
        }
    }
}

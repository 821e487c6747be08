import BridgeJSON
import BridgeSystem
import Synchronization

/// The device's screen, as the share plugins present on it: the one presentation slot (UIKit's
/// root view controller presents one view controller at a time), and who answers the sheets
/// shown on it — the scripted user (`--activity`, `--cancel`, `__bridge`), or a person clicking
/// in a browser page (`--user interactive`).
///
/// A sheet occupies the slot while it stays up: a sheet that never completes (`never`) and a
/// sheet waiting for a person's click. The scripted user answers at the instant of
/// presentation, so a scripted sheet never occupies the slot and concurrent scripted calls never
/// collide. A present while the slot is occupied (or with the scripted outcome `busy`) is
/// refused: each plugin answers that refusal as its native code does (see `Presentation`) —
/// unless the plugin presents on the topmost view controller (frak-share from 0aa82fbd), whose
/// sheet stacks on the one up.
///
/// A sheet whose call is cancelled (`$/cancelRequest`, the end of the session) is taken down at
/// once, as `dismiss(animated: false)` does, by the thread that cancels it: once the cancelled
/// call is answered `-32800`, the next present finds the slot free. (UIKit's refusal during a
/// dismissal animation is not modelled: `--outcome busy` is the refusal to test against.)
///
/// One screen per process (the CLI makes it); a context without one presents on a screen of its
/// own, so such calls never make each other busy.
public final class Screen: Sendable, Equatable {
    /// Who answers the sheets shown on this screen.
    public enum User: String, Sendable, CaseIterable {
        /// The simulated user answers at once, as the call's `Simulation` says.
        case scripted
        /// A person (or a browser test) answers by clicking in a browser page.
        case interactive
    }

    /// A sheet shown on the screen, for the watchers that draw it (browser mode's overlay).
    public struct Shown: Sendable {
        /// Unique within the process: what an answer names.
        public let id: String
        /// The presentation record as the sheet was presented (no completion yet).
        public let record: JSON
        /// The client the call came from (`page:<id>`), when the transport tells clients apart.
        public let client: String?
        /// Whether an answer completes a call (`false`: the plugin did not wait, an Android
        /// chooser, so an answer only closes the sheet).
        public let awaitsAnswer: Bool
    }

    /// What the screen tells its watchers.
    public enum Change: Sendable {
        case shown(Shown)
        /// The sheet is gone: answered (`answer`), or its call was cancelled (`nil`).
        case closed(id: String, answer: SheetAnswer?)
    }

    public let user: User

    private struct Up {
        let shown: Shown
        /// Whether an answer reaches it (`false`: a sheet that never completes, shown to no one).
        let answerable: Bool
        /// Resumed with the answer; `nil` for a sheet nobody can answer (`never`).
        var continuation: CheckedContinuation<SheetAnswer?, Never>?
    }

    /// A present in progress on this screen, from before its sheet is up until it is over: what
    /// the cancellation of its call withdraws (`withdraw`), whether or not the sheet is up yet.
    public struct Claim: Sendable {
        fileprivate let number: Int
    }

    private struct State {
        var nextID = 0
        var nextClaim = 0
        /// Claims whose call was cancelled: they may occupy nothing any more.
        var withdrawn: Set<Int> = []
        /// The sheet each claim has up.
        var sheetOfClaim: [Int: String] = [:]
        /// The sheets up, in the order shown; the slot is occupied while one awaits an answer.
        var up: [String: Up] = [:]
        /// Answers that came before the presenting task waited for them.
        var early: [String: SheetAnswer] = [:]
        var watchers: [@Sendable (Change) -> Void] = []
    }

    private let state = SharedLock(State())

    public init(user: User = .scripted) {
        self.user = user
    }

    public static func == (a: Screen, b: Screen) -> Bool { a === b }

    /// Adds a watcher of the sheets shown and closed (called on the presenting task; must not block).
    public func watch(_ watcher: @escaping @Sendable (Change) -> Void) {
        state.withLock { $0.watchers.append(watcher) }
    }

    /// The ids of the sheets up, oldest first.
    public var sheetsUp: [String] {
        state.withLock { s in s.up.keys.sorted { (Int($0.dropFirst(6)) ?? 0) < (Int($1.dropFirst(6)) ?? 0) } }
    }

    /// Whether a sheet occupies the slot: a later present would be refused.
    public var isOccupied: Bool { state.withLock { s in s.up.values.contains { $0.shown.awaitsAnswer } } }

    /// Answers the sheet `id` (a click). - Returns: `false` when no such sheet is up.
    @discardableResult
    public func answer(_ id: String, _ answer: SheetAnswer) -> Bool {
        let taken = state.withLock { s -> (Up, [@Sendable (Change) -> Void])? in
            guard let up = s.up[id], up.answerable else { return nil }
            s.up[id] = nil
            if up.continuation == nil, up.shown.awaitsAnswer { s.early[id] = answer }
            return (up, s.watchers)
        }
        guard let (up, watchers) = taken else { return false }
        for watcher in watchers { watcher(.closed(id: id, answer: answer)) }
        up.continuation?.resume(returning: answer)
        return true
    }

    // MARK: Presenting (used by `Presentation`)

    /// A new claim, for a present that may put a sheet up; `release` it when the present is over.
    public func claim() -> Claim {
        state.withLock { s in
            s.nextClaim += 1
            return Claim(number: s.nextClaim)
        }
    }

    /// The call of `claim` was cancelled: its sheet, if up, is closed now (on the cancelling
    /// thread, so the slot is free when the canceller goes on), and it can occupy nothing later.
    public func withdraw(_ claim: Claim) {
        let id = state.withLock { s -> String? in
            s.withdrawn.insert(claim.number)
            return s.sheetOfClaim.removeValue(forKey: claim.number)
        }
        if let id { close(id) }
    }

    /// Forgets `claim` (its present is over).
    public func release(_ claim: Claim) {
        state.withLock { s in
            s.withdrawn.remove(claim.number)
            s.sheetOfClaim[claim.number] = nil
        }
    }

    /// Occupies the slot with a sheet and shows it to the watchers (unless `answerable` is false:
    /// a sheet that never completes); `nil` when the slot is occupied or `claim` was withdrawn.
    /// A sheet that does not await an answer (an Android chooser) is shown without occupying the
    /// slot; one that `stacks` (presented on the topmost view controller) is shown on top of
    /// the sheet up.
    public func occupy(record: JSON, client: String?, awaitsAnswer: Bool, answerable: Bool = true, stacks: Bool = false,
                claim: Claim? = nil) -> Shown? {
        let (shown, watchers) = state.withLock { s -> (Shown?, [@Sendable (Change) -> Void]) in
            if awaitsAnswer, !stacks, s.up.values.contains(where: { $0.shown.awaitsAnswer }) { return (nil, []) }
            if let claim, s.withdrawn.contains(claim.number) { return (nil, []) }
            s.nextID += 1
            let shown = Shown(id: "sheet-\(s.nextID)", record: record, client: client, awaitsAnswer: awaitsAnswer)
            s.up[shown.id] = Up(shown: shown, answerable: answerable, continuation: nil)
            if let claim { s.sheetOfClaim[claim.number] = shown.id }
            return (shown, answerable ? s.watchers : [])
        }
        if let shown { for watcher in watchers { watcher(.shown(shown)) } }
        return shown
    }

    /// Waits for the answer to `shown`, or until the task is cancelled (`nil`; the sheet is closed).
    public func awaitAnswer(_ shown: Shown) async -> SheetAnswer? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<SheetAnswer?, Never>) in
                let waiting = state.withLock { s -> (keep: Bool, early: SheetAnswer?) in
                    if let early = s.early.removeValue(forKey: shown.id) { return (false, early) }
                    guard s.up[shown.id] != nil, !Task.isCancelled else { return (false, nil) }
                    s.up[shown.id]?.continuation = continuation
                    return (true, nil)
                }
                if !waiting.keep {
                    if waiting.early == nil { close(shown.id) }
                    continuation.resume(returning: waiting.early)
                }
            }
        } onCancel: {
            close(shown.id)
        }
    }

    /// Shows a system prompt (a runtime-permission alert) for the person to answer and waits for
    /// the click; `nil` when the screen is not interactive, the slot is taken, or the call is
    /// cancelled — nobody answered, so the caller changes nothing.
    public func ask(record: JSON, client: String?) async -> SheetAnswer? {
        guard user == .interactive, let shown = occupy(record: record, client: client, awaitsAnswer: true) else { return nil }
        return await awaitAnswer(shown)
    }

    /// Frees the slot of a sheet whose call went away (cancelled, or a sheet nobody answers).
    public func close(_ id: String) {
        let taken = state.withLock { s -> (Up, [@Sendable (Change) -> Void])? in
            guard let up = s.up.removeValue(forKey: id) else { return nil }
            return (up, s.watchers)
        }
        guard let (up, watchers) = taken else { return }
        if up.answerable { for watcher in watchers { watcher(.closed(id: id, answer: nil)) } }
        up.continuation?.resume(returning: nil)
    }
}

/// What the user did with a sheet.
public enum SheetAnswer: Sendable, Equatable {
    /// Picked an activity (iOS activity type, Android package name).
    case activity(String)
    /// Closed the sheet (Cancel, a tap outside).
    case dismissed
}

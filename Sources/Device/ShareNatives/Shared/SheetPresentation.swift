import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol

/// How a backend presents a share sheet on its call's `Screen`, with the scripted outcomes
/// (`Simulation.Outcome`) applied in one place for every plugin:
/// - `present`: a sheet whose completion the plugin waits for (iOS's completion handler, an
///   Android chooser's `IntentSender`). The answer comes from the scripted user at once, or from
///   a click (`--user interactive`); `never` holds the slot until the call is cancelled; a
///   present while a sheet is up (or with `busy`) is `.refused`, and the plugin answers that as
///   its native code does (frak-share before 0aa82fbd: UIKit's refusal, the promise never
///   settles; `share`: it rejects `Can't share while sharing is in progress`). A plugin that
///   presents on the topmost view controller (`stacks`: frak-share from 0aa82fbd) is never
///   refused: its sheet stacks on the one up.
/// - `show`: a sheet the plugin does not wait for (frak-share's Android chooser resolves as soon
///   as it opens): shown to a person in interactive mode, the call goes on.
///
/// An outcome that changes nothing where the call runs (`unanchored` off iPad, `never` and
/// `busy` for a sheet nobody waits for) is a warning (`outcome_ignored`), never silently dropped.
public enum SheetPresentation {
    /// How a present went.
    public enum Outcome: Sendable, Equatable {
        /// The user answered: picked an activity, or dismissed the sheet.
        case answered(SheetAnswer)
        /// A sheet is already up (or the scripted outcome is `busy`): the present is refused.
        case refused
    }

    /// Presents a sheet whose completion the plugin waits for.
    /// - Parameters:
    ///   - record: the presentation record as presented (no completion yet), for the overlay.
    ///   - context: the call's context: its screen, simulated user, platform and device.
    ///   - stacks: the plugin presents on the topmost view controller, so a sheet up (or `busy`)
    ///     does not refuse it: the new sheet stacks on top and is answered on its own.
    /// - Returns: the answer, or `.refused` when the slot is occupied (never when `stacks`).
    /// - Throws: `-32800` when a sheet that never completes (`never`) or that waits for a click
    ///   is cancelled with its call; a `--strict` refusal of an `outcome_ignored` warning.
    public static func present(_ record: @Sendable () -> JSON, context: CallContext, stacks: Bool = false) async throws(ResponseError) -> Outcome {
        if let answer = try answerNow(context: context, stacks: stacks) { return .answered(answer) }
        return try await wait(record, context: context, stacks: stacks)
    }

    /// `present` once `answerNow` said the present cannot be answered at once: it is refused,
    /// or its sheet stays up until answered or cancelled.
    public static func wait(_ record: @Sendable () -> JSON, context: CallContext, stacks: Bool = false) async throws(ResponseError) -> Outcome {
        try warnIfUnanchoredChangesNothing(context)
        let screen = context.screen ?? Screen()
        let simulation = context.simulation
        if !stacks && isBusy(context) { return .refused }
        let never = simulation.outcome == .never
        guard never || screen.user == .interactive else {
            return .answered(simulation.cancel ? .dismissed : .activity(simulation.activity))
        }
        // A sheet that stays up. Cancelling the call withdraws it on the cancelling thread, so the
        // slot is free before the session reads its next message (see `Screen`).
        let claim = screen.claim()
        defer { screen.release(claim) }
        let outcome: Outcome? = await withTaskCancellationHandler {
            guard let shown = screen.occupy(record: record(), client: context.client, awaitsAnswer: true, answerable: !never,
                                            stacks: stacks, claim: claim) else {
                return Task.isCancelled ? nil : .refused
            }
            if never {
                await UserWait.untilCancelled()
                screen.close(shown.id)
                return nil
            }
            return await screen.awaitAnswer(shown).map(Outcome.answered)
        } onCancel: {
            screen.withdraw(claim)
        }
        guard let outcome else { throw .cancelled }
        return outcome
    }

    /// The answer of a present that needs no waiting, as `present` gives it: the scripted user
    /// answers at once. `nil` — before any warning — when the present would be refused or its
    /// sheet would stay up (`never`, a person's click): `wait` then presents it.
    /// - Throws: a `--strict` refusal of an `outcome_ignored` warning.
    public static func answerNow(context: CallContext, stacks: Bool = false) throws(ResponseError) -> SheetAnswer? {
        let simulation = context.simulation
        if simulation.outcome == .never || (!stacks && isBusy(context)) || context.screen?.user == .interactive { return nil }
        try warnIfUnanchoredChangesNothing(context)
        return simulation.cancel ? .dismissed : .activity(simulation.activity)
    }

    /// Whether a present now would be refused (the scripted `busy`, or a sheet up): for a plugin
    /// that refuses before doing any work, as `@capacitor/share`'s `isPresenting` guard does.
    /// `present` checks again.
    public static func isBusy(_ context: CallContext) -> Bool {
        context.simulation.outcome == .busy || context.screen?.isOccupied == true
    }

    /// Shows a sheet the plugin does not wait for: to a person in interactive mode (an answer
    /// only closes it); nothing to do for the scripted user.
    /// - Throws: a `--strict` refusal of an `outcome_ignored` warning.
    public static func show(_ record: @Sendable () -> JSON, context: CallContext) throws(ResponseError) {
        try warnIfUnanchoredChangesNothing(context)
        let outcome = context.simulation.outcome
        if outcome == .never || outcome == .busy {
            let sheet = context.platform == .android ? "the chooser" : "the sheet"
            let why = outcome == .never
                ? "the plugin resolves as soon as \(sheet) opens and never learns what the user does, so a sheet that never completes holds no call"
                : (context.platform == .android
                   ? "Android does not refuse a second chooser (it opens on top of the first), and the plugin resolves as soon as it opens"
                   : "the plugin resolves as soon as \(sheet) opens")
            try LiveWarnings.warn(CallWarning(code: "outcome_ignored",
                                              message: "the outcome `\(outcome.rawValue)` changes nothing on \(context.platform.rawValue): \(why)"),
                                  context: context)
        }
        let screen = context.screen ?? Screen()
        if screen.user == .interactive {
            _ = screen.occupy(record: record(), client: context.client, awaitsAnswer: false)
        }
    }

    /// `unanchored` is iPad-only: only an iPad presents the sheet as a popover, which needs an anchor.
    private static func warnIfUnanchoredChangesNothing(_ context: CallContext) throws(ResponseError) {
        guard context.simulation.outcome == .unanchored, !(context.platform == .ios && context.device == .ipad) else { return }
        let where_ = context.platform == .ios ? "an iPhone presents the sheet from the bottom, with no popover to anchor"
            : "\(context.platform.rawValue) has no popover to anchor"
        try LiveWarnings.warn(CallWarning(code: "outcome_ignored",
                                          message: "the outcome `unanchored` changes nothing here: \(where_); only an iPad (--device ipad) raises NSGenericException for a popover without an anchor"),
                              context: context)
    }
}

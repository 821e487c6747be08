import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeProtocol
import BridgeShareNatives
import BridgeSimulation
import Synchronization
import Testing

/// The presentation slot and who answers it: `Screen` and `SheetPresentation`, without processes.
@Suite("Screen: one sheet at a time, answered by the scripted user or a click")
struct ScreenTests {
    static let record: @Sendable () -> JSON = { ["platform": "ios", "completion": nil] }

    static func context(_ screen: Screen, outcome: Simulation.Outcome = .complete, cancel: Bool = false,
                        platform: Platform = .ios) -> CallContext {
        var c = CallContext(platform: platform, simulation: Simulation(cancel: cancel, outcome: outcome))
        c.screen = screen
        return c
    }

    /// Collects what the screen tells its watchers.
    final class Watcher: Sendable {
        let changes = Mutex<[String]>([])
        let shown = Mutex<[Screen.Shown]>([])

        init(_ screen: Screen) {
            screen.watch { [self] change in
                switch change {
                case .shown(let s):
                    shown.withLock { $0.append(s) }
                    changes.withLock { $0.append("shown \(s.id)") }
                case .closed(let id, let answer):
                    changes.withLock { $0.append("closed \(id) \(answer.map { "\($0)" } ?? "nil")") }
                }
            }
        }

        func waitForShown(_ count: Int) async -> [Screen.Shown] {
            for _ in 0..<2_000 {
                let s = shown.withLock { $0 }
                if s.count >= count { return s }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return shown.withLock { $0 }
        }
    }

    /// An interactive screen with one call waiting on its shown sheet.
    static func waitingCall() async throws -> (screen: Screen, watcher: Watcher, call: Task<SheetPresentation.Outcome, any Error>, shown: Screen.Shown) {
        let screen = Screen(user: .interactive)
        let watcher = Watcher(screen)
        let call = Task { try await SheetPresentation.present(record, context: context(screen)) }
        let shown = await watcher.waitForShown(1)
        try #require(shown.count == 1)
        return (screen, watcher, call, shown[0])
    }

    @Test("the scripted user answers at once and never occupies the slot")
    func scripted() async throws {
        let screen = Screen()
        let watcher = Watcher(screen)
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(screen)) == .answered(.activity(Simulation.defaultActivity)))
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(screen, cancel: true)) == .answered(.dismissed))
        #expect(!screen.isOccupied)
        #expect(watcher.changes.withLock { $0 }.isEmpty)
    }

    @Test("busy (scripted) is refused without a sheet up")
    func scriptedBusy() async throws {
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(Screen(), outcome: .busy)) == .refused)
    }

    @Test("never holds the slot until cancelled: a present meanwhile is refused, one afterwards is answered")
    func neverHoldsTheSlot() async throws {
        let screen = Screen()
        let first = Task { try await SheetPresentation.present(Self.record, context: Self.context(screen, outcome: .never)) }
        for _ in 0..<2_000 where !screen.isOccupied { try await Task.sleep(for: .milliseconds(5)) }
        #expect(screen.isOccupied)
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(screen)) == .refused)
        first.cancel()
        await #expect(throws: ResponseError.self) { try await first.value }
        #expect(!screen.isOccupied)
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(screen)) == .answered(.activity(Simulation.defaultActivity)))
    }

    @Test("interactive: the sheet is shown, the call waits for the click, a second present meanwhile is refused")
    func interactive() async throws {
        let (screen, watcher, call, shown) = try await Self.waitingCall()
        #expect(shown.awaitsAnswer)
        #expect(try await SheetPresentation.present(Self.record, context: Self.context(screen)) == .refused)
        #expect(screen.answer(shown.id, .activity("com.apple.UIKit.activity.Mail")))
        #expect(try await call.value == .answered(.activity("com.apple.UIKit.activity.Mail")))
        #expect(!screen.answer(shown.id, .dismissed), "a sheet is answered once")
        #expect(!screen.isOccupied)
        #expect(watcher.changes.withLock { $0 } == ["shown sheet-1", "closed sheet-1 activity(\"com.apple.UIKit.activity.Mail\")"])
    }

    @Test("interactive: a cancelled call closes its sheet and frees the slot")
    func interactiveCancelled() async throws {
        let (screen, watcher, call, _) = try await Self.waitingCall()
        call.cancel()
        await #expect(throws: ResponseError.self) { try await call.value }
        #expect(!screen.isOccupied)
        #expect(watcher.changes.withLock { $0 } == ["shown sheet-1", "closed sheet-1 nil"])
    }

    @Test("cancelling a sheet that stays up frees the slot before cancel() returns, for never and for a sheet waiting for a click")
    func cancelFreesTheSlotAtOnce() async throws {
        for user in [Screen.User.scripted, .interactive] {
            let screen = Screen(user: user)
            let outcome: Simulation.Outcome = user == .scripted ? .never : .complete
            let call = Task { try await SheetPresentation.present(Self.record, context: Self.context(screen, outcome: outcome)) }
            for _ in 0..<2_000 where !screen.isOccupied { try await Task.sleep(for: .milliseconds(5)) }
            try #require(screen.isOccupied)
            call.cancel()
            // No suspension in between: the cancelling thread took the sheet down itself.
            #expect(!screen.isOccupied, "\(user)")
            #expect(screen.sheetsUp.isEmpty, "\(user)")
            await #expect(throws: ResponseError.self) { try await call.value }
        }
    }

    @Test("a call cancelled before its sheet is up never occupies the slot")
    func cancelledBeforePresenting() async throws {
        let screen = Screen(user: .interactive)
        let watcher = Watcher(screen)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await SheetPresentation.present(Self.record, context: Self.context(screen))
        }
        await #expect(throws: ResponseError.self) { try await call.value }
        #expect(!screen.isOccupied)
        #expect(watcher.changes.withLock { $0 }.isEmpty, "no sheet was ever shown")
    }

    @Test("show (a plugin that does not wait) is shown in interactive mode without occupying the slot; never/busy there are warnings")
    func show() async throws {
        let screen = Screen(user: .interactive)
        let watcher = Watcher(screen)
        let warnings = Mutex<[CallWarning]>([])
        try CallObserver.$current.withValue(CallObserver { w in warnings.withLock { $0 += w } }) {
            try SheetPresentation.show(Self.record, context: Self.context(screen, outcome: .busy, platform: .android))
        }
        #expect(!screen.isOccupied)
        #expect(watcher.shown.withLock { $0 }.map(\.awaitsAnswer) == [false])
        #expect(warnings.withLock { $0 }.map(\.code) == ["outcome_ignored"])
        #expect(throws: ResponseError.self) {
            var strict = Self.context(screen, outcome: .never, platform: .android)
            strict.strict = true
            try SheetPresentation.show(Self.record, context: strict)
        }
    }
}

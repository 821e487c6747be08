import BridgeAndroidIntents
@testable import BridgeInbox
import Testing

/// One step of a run: a share, or a lifecycle event.
enum Step: Hashable, CustomStringConvertible {
    case share
    case event(AndroidActivityLifecycle.Event)
    var description: String { if case .event(let e) = self { return e.rawValue } else { return "share" } }
    static let all: [Step] = [.share] + AndroidActivityLifecycle.Event.allCases.map(Step.event)
}

@Suite("Android activity lifecycle and share delivery")
struct AndroidLifecycleTests {
    @Test("cold start reads the launch intent; warm start with singleTask gets onNewIntent; standard creates an instance")
    func coldAndWarm() {
        var app = AndroidActivityLifecycle()
        #expect(app.share("a", launchMode: "singleTask") == .delivered(share: "a", via: "launch intent (onCreate)", start: "cold", instance: 1))
        #expect(app.share("b", launchMode: "singleTask") == .delivered(share: "b", via: "onNewIntent", start: "warm", instance: 1))
        var standard = AndroidActivityLifecycle()
        _ = standard.share("a", launchMode: "standard")
        #expect(standard.share("b", launchMode: "standard") == .delivered(share: "b", via: "launch intent (onCreate)", start: "warm", instance: 2))
    }

    @Test("after recreation, and after process death and a return through Recents, the share is not delivered again")
    func notAgain() {
        var app = AndroidActivityLifecycle()
        _ = app.share("a", launchMode: "singleTask")
        guard case .notAgain(let share, _, _) = app.handle(.recreate) else { Issue.record("delivered again"); return }
        #expect(share == "a")
        _ = app.handle(.kill)
        guard case .notAgain = app.handle(.restore) else { Issue.record("delivered again"); return }
        #expect(app.handle(.finish) == .nothing("the activity finished; its intent is gone"))
        #expect(app.share("b", launchMode: "singleTask") == .delivered(share: "b", via: "launch intent (onCreate)", start: "warm", instance: 4))
    }

    /// Every sequence of up to 6 steps, for each launch mode: each share is delivered exactly
    /// once, at the moment it arrives, and nothing is ever delivered that was not shared.
    @Test("every interleaving of shares and lifecycle events delivers each share exactly once",
          arguments: ["standard", "singleTop", "singleTask", "singleInstance"])
    func everyInterleaving(launchMode: String) {
        var sequences: [[Step]] = [[]]
        for _ in 0..<6 { sequences = sequences.flatMap { s in Step.all.map { s + [$0] } } }
        var checked = 0
        for sequence in sequences {
            var app = AndroidActivityLifecycle()
            var delivered: [String] = []
            var shared: [String] = []
            for (n, step) in sequence.enumerated() {
                switch step {
                case .share:
                    let id = "s\(n)"
                    shared.append(id)
                    guard case .delivered(let got, _, _, _) = app.share(id, launchMode: launchMode), got == id else {
                        Issue.record("\(sequence): share \(id) not delivered")
                        return
                    }
                    delivered.append(got)
                case .event(let e):
                    if case .delivered = app.handle(e) { Issue.record("\(sequence): \(e) delivered a share again"); return }
                }
            }
            #expect(delivered == shared)
            checked += 1
        }
        #expect(checked == 6 * 6 * 6 * 6 * 6 * 6)
    }
}

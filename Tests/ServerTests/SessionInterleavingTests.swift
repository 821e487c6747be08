import BridgeJSON
import BridgeProtocol
import Testing
import TestSupport
@testable import BridgeServer

/// The session's rules over generated interleavings: every order of completion, cancel, end of
/// input, shutdown, exit and a signal for small scenarios, and seeded random runs for larger ones.
@Suite("Session state machine: interleavings")
struct SessionInterleavingTests {
    enum Op: CaseIterable {
        case finish1, finish2, cancel1, endOfInput, shutdown, exit, signal
    }

    enum Opening: CaseIterable { case singles, batch }

    /// Every ordering of every subset of `items`.
    static func orderings<T>(_ items: [T]) -> [[T]] {
        var out: [[T]] = [[]]
        func extend(_ prefix: [T], _ rest: [T]) {
            for (k, item) in rest.enumerated() {
                var shorter = rest
                shorter.remove(at: k)
                out.append(prefix + [item])
                extend(prefix + [item], shorter)
            }
        }
        extend([], items)
        return out
    }

    @Test("every order of completion, cancel, end of input, shutdown, exit and signal keeps the rules",
          arguments: Opening.allCases)
    func exhaustive(opening: Opening) {
        let all = SessionInterleavingTests.orderings(Op.allCases)
        #expect(all.count == 13700)
        for ops in all { run(opening, ops) }
    }

    /// Records `message` when `condition` fails; the message is built only then.
    private func check(_ condition: Bool, _ message: @autoclosure () -> String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        if !condition { Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation) }
    }

    static let cancel1 = IncomingPayload(bytes: Array(notification("$/cancelRequest", #"{"id":1}"#).utf8))
    static let shutdown = IncomingPayload(bytes: Array(request(10, "shutdown").utf8))
    static let exit = IncomingPayload(bytes: Array(notification("exit").utf8))

    private func run(_ opening: Opening, _ ops: [Op]) {
        var label: String { "\(opening) \(ops)" }
        var s = SessionHarness()
        switch opening {
        case .singles:
            s.send(request(1, "plugin:p|c"))
            s.send(request(2, "plugin:p|c"))
        case .batch:
            s.send("[" + request(1, "plugin:p|c") + "," + request(2, "plugin:p|c") + "]")
        }
        var endedAt: Int? = nil
        var shutdownRead = false
        var exitRead: Bool? = nil   // whether `shutdown` preceded the `exit` that was read
        var signalledBeforeEnd = false
        var cancelRead = false
        for (k, op) in ops.enumerated() {
            let reading = s.machine.isReading && !s.inputEnded
            switch op {
            case .finish1: s.finish(id(1))
            case .finish2: s.finish(id(2))
            case .cancel1:
                if reading { cancelRead = true }
                s.send(Self.cancel1)
            case .endOfInput: s.endInput()
            case .shutdown:
                if reading { shutdownRead = true }
                s.send(Self.shutdown)
            case .exit:
                if reading { exitRead = shutdownRead }
                s.send(Self.exit)
            case .signal:
                if endedAt == nil { signalledBeforeEnd = true }
                s.handle(.signal(15))
            }
            if endedAt == nil && s.endStatus != nil { endedAt = k }
        }
        // Let whatever is still running finish, and the input end.
        for call in [1, 2] where s.machine.isRunning(s.token(for: id(call)) ?? CallToken(0)) { s.finish(id(call)) }
        s.endInput()
        s.checkRules(label)

        guard let status = s.endStatus else {
            Issue.record("\(label): the session never ended")
            return
        }
        let expected: Int32 = signalledBeforeEnd ? 143 : exitRead.map { $0 ? 0 : 1 } ?? 0
        check(status == expected, "\(label): status \(status), expected \(expected)")
        check(s.machine.runningCount == 0, "\(label)")

        let responses = s.responses
        // shutdown's null comes after the answers of the calls running when it was read.
        if let shutdownIndex = responses.firstIndex(where: { $0.id == id(10) }),
           responses[shutdownIndex].outcome == .success(.null) {
            for call in [1, 2] {
                let callIndex = responses.firstIndex { $0.id == id(call) } ?? Int.max
                check(callIndex < shutdownIndex, "\(label): shutdown answered before call \(call)")
            }
        }
        // A call is answered with its result, or -32800 for a reason that happened, and then its
        // work was cancelled.
        for call in [1, 2] {
            guard let r = s.response(id(call)) else { continue }
            guard case .failure(let error) = r.outcome else {
                check(r.outcome == .success(["done": true]), "\(label)")
                continue
            }
            check(error.code == .requestCancelled, "\(label)")
            switch error.data["reason"] {
            case "exit"?: check(exitRead == false, "\(label)")
            case "signal"?: check(signalledBeforeEnd, "\(label)")
            case nil: check(call == 1 && cancelRead, "\(label)")
            default: Issue.record("\(label): unexpected reason \(error.data)")
            }
            if let token = s.token(for: id(call)) {
                check(s.cancelledTokens.contains(token), "\(label): call \(call) answered -32800 but not cancelled")
            }
        }
    }

    @Test("random sessions of calls, batches, cancels, shutdown, exit, signals and closed output keep the rules",
          arguments: 0..<300)
    func random(seed: UInt64) {
        var rng = SplitMix64(state: seed &* 7919 &+ 17)
        var s = SessionHarness()
        var nextID = 1
        var label = "seed \(seed):"
        let steps = Int.random(in: 5..<60, using: &rng)
        for _ in 0..<steps {
            let running = s.started.filter { s.machine.isRunning($0.token) }
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<30:
                s.send(request(nextID, "plugin:p|c"))
                label += " r\(nextID)"
                nextID += 1
            case 30..<36:
                s.send(notification("plugin:p|n"))
                label += " n"
            case 36..<46:
                var members: [String] = []
                for _ in 0..<Int.random(in: 1..<5, using: &rng) {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: members.append(request(nextID, "shutdown"))
                    case 1: members.append(notification("exit"))
                    case 2: members.append(notification("plugin:p|n"))
                    case 3: members.append("7")
                    default: members.append(request(nextID, "plugin:p|c"))
                    }
                    nextID += 1
                }
                s.send("[" + members.joined(separator: ",") + "]")
                label += " [\(members.count)]"
            case 46..<70:
                guard let call = running.randomElement(using: &rng) else { continue }
                s.handle(.callFinished(call.token, .success(["done": true])))
                label += " f\(call.token.rawValue)"
            case 70..<80:
                let target = Int.random(in: 1..<(nextID + 2), using: &rng)
                s.send(notification("$/cancelRequest", #"{"id":\#(target)}"#))
                label += " c\(target)"
            case 80..<84:
                s.send(request(nextID, "shutdown"))
                nextID += 1
                label += " shutdown"
            case 84..<88:
                s.send(notification("exit"))
                label += " exit"
            case 88..<92:
                s.endInput()
                label += " eof"
            case 92..<95:
                s.handle(.signal(Int.random(in: 0..<2, using: &rng) == 0 ? 15 : 1))
                label += " signal"
            case 95..<97:
                s.closedOutput = true
                s.handle(.outputClosed)
                label += " closed"
            default:
                s.send(request(nextID, "initialize"))
                nextID += 1
                label += " init"
            }
        }
        for call in s.started where s.machine.isRunning(call.token) {
            s.handle(.callFinished(call.token, .success(["done": true])))
        }
        s.endInput()
        s.checkRules(label)
        check(s.endStatus != nil, "\(label): never ended")
        check(s.machine.runningCount == 0, "\(label)")
    }
}

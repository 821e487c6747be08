import Testing
@testable import BridgeInbox

/// One step of an interleaving of readers, the clock and the writers, with what it must give.
enum LeaseStep: Sendable, CustomStringConvertible {
    /// A read by the session: the ids it gets, each with its deliveryCount.
    case read(String, gets: [String: Int])
    /// The answer to the session's last read was written whole to it.
    case written(String)
    /// The session ends (killed, crashed, its page closed): the kernel drops its lock.
    case dies(String)
    /// The clock moves on.
    case wait(Double)
    /// A share extension stores a new item.
    case arrives(String)
    /// `clear` by the session (`ids` nil: `clear {}`): the ids it removes.
    case clear(String, ids: [String]? = nil, removes: [String])

    var description: String {
        switch self {
        case .read(let s, _): "read by \(s)"
        case .written(let s): "\(s)'s answer written"
        case .dies(let s): "\(s) dies"
        case .wait(let t): "wait \(t) s"
        case .arrives(let id): "\(id) arrives"
        case .clear(let s, let ids, _): "clear \(ids.map { "\($0)" } ?? "{}") by \(s)"
        }
    }
}

/// An interleaving: what is stored first, then the steps.
struct LeaseCase: Sendable, CustomTestStringConvertible {
    let name: String
    var stored: [String] = ["a", "b"]
    let steps: [LeaseStep]
    var testDescription: String { name }
}

@Suite("Inbox leases: at-least-once delivery as a value")
struct InboxLeasesTests {
    static let timeout = 30.0

    static let cases: [LeaseCase] = [
        LeaseCase(name: "a read leases every free item with deliveryCount 1; its own clear {} removes them once written",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .written("A"), .clear("A", removes: ["a", "b"])]),
        LeaseCase(name: "a reader's own clear {} removes what it leased even before its answer is written",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .clear("A", removes: ["a", "b"])]),
        LeaseCase(name: "a reader that dies before its answer is written: another's clear {} keeps the items, the next read gets them again",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .dies("A"), .clear("B", removes: []),
                          .read("B", gets: ["a": 2, "b": 2]), .written("B"), .clear("B", removes: ["a", "b"])]),
        LeaseCase(name: "items delivered to a session that has ended are removed by another session's clear {}",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .written("A"), .dies("A"), .clear("B", removes: ["a", "b"])]),
        LeaseCase(name: "items delivered to a live session are not removed by another session's clear {}",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .written("A"), .clear("B", removes: []),
                          .clear("A", removes: ["a", "b"])]),
        LeaseCase(name: "two live readers never get the same item within a lease",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .read("B", gets: [:]), .arrives("c"),
                          .read("B", gets: ["c": 1]), .read("A", gets: ["a": 2, "b": 2])]),
        LeaseCase(name: "a lease lapses after the timeout: the items go to another reader, whose lease the late answer does not mark",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .wait(29), .read("B", gets: [:]), .wait(2),
                          .read("B", gets: ["a": 2, "b": 2]), .written("A"), .clear("A", removes: []),
                          .clear("C", removes: []), .clear("B", removes: ["a", "b"])]),
        LeaseCase(name: "a lapsed but undelivered lease of a live reader is not cleared by another session",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .wait(31), .clear("B", removes: [])]),
        LeaseCase(name: "a share that arrives after a read is not removed by clear {}",
                  stored: ["a"],
                  steps: [.read("A", gets: ["a": 1]), .written("A"), .arrives("b"), .clear("A", removes: ["a"]),
                          .read("A", gets: ["b": 1])]),
        LeaseCase(name: "clear {ids} acknowledges exactly those ids, whoever holds them and whether or not delivered",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .clear("B", ids: ["a", "zz"], removes: ["a"]),
                          .dies("A"), .read("B", gets: ["b": 2])]),
        LeaseCase(name: "a session reading again gets its own items again, counted",
                  steps: [.read("A", gets: ["a": 1, "b": 1]), .read("A", gets: ["a": 2, "b": 2]), .written("A"),
                          .dies("A"), .clear("B", removes: ["a", "b"])]),
        LeaseCase(name: "nothing is removed by clear {} that no read returned",
                  steps: [.clear("A", removes: []), .read("A", gets: ["a": 1, "b": 1])]),
    ]

    @Test("each interleaving gives what at-least-once delivery promises", arguments: cases)
    func interleaving(_ c: LeaseCase) {
        var book = InboxLeases()
        var stored = c.stored
        var live: Set<String> = []
        var now = 1_000.0
        var grants: [String: InboxLeases.Grant] = [:]
        var handedOut: [String: Set<String>] = [:]
        var readAt: [String: Double] = [:]
        for (n, step) in c.steps.enumerated() {
            let isAlive = { (s: String) in live.contains(s) }
            switch step {
            case .read(let s, let expected):
                live.insert(s)
                let grant = book.read(stored: stored, session: s, now: now, timeout: Self.timeout, isAlive: isAlive)
                #expect(grant.counts == expected, "step \(n + 1): \(step)")
                // Within a lease, no two live readers get the same item.
                for (other, items) in handedOut where other != s && live.contains(other)
                    && now - (readAt[other] ?? -.infinity) < Self.timeout {
                    #expect(items.isDisjoint(with: grant.counts.keys), "step \(n + 1): \(step) overlaps \(other)'s lease")
                }
                grants[s] = grant
                handedOut[s] = Set(grant.counts.keys)
                readAt[s] = now
            case .written(let s):
                if let grant = grants[s] { book.written(grant) }
            case .dies(let s):
                live.remove(s)
            case .wait(let seconds):
                now += seconds
            case .arrives(let id):
                stored.append(id)
            case .clear(let s, let ids, let expected):
                let removed = book.clear(ids: ids, stored: stored, session: s, isAlive: isAlive)
                #expect(removed == expected, "step \(n + 1): \(step)")
                stored.removeAll { removed.contains($0) }
            }
        }
    }

    @Test("never lost: over every 5-step interleaving of two readers, clear {} removes only what some reader received")
    func neverLost() {
        // Steps: 0 read A, 1 read B, 2 A's answer written, 3 B's answer written, 4 A dies,
        // 5 B dies, 6 clear {} by A, 7 clear {} by B, 8 clear {} by C, 9 wait past the lease.
        var count = 0
        for code in 0..<100_000 {
            var steps: [Int] = []
            var rest = code
            for _ in 0..<5 { steps.append(rest % 10); rest /= 10 }
            var book = InboxLeases()
            var stored = ["a"]
            var live: Set<String> = []
            var now = 0.0
            var grants: [String: InboxLeases.Grant] = [:]
            var received = false
            for step in steps {
                let isAlive = { (s: String) in live.contains(s) }
                switch step {
                case 0, 1:
                    let s = step == 0 ? "A" : "B"
                    guard live.contains(s) || grants[s] == nil else { continue }
                    live.insert(s)
                    grants[s] = book.read(stored: stored, session: s, now: now, timeout: 30, isAlive: isAlive)
                case 2, 3:
                    let s = step == 2 ? "A" : "B"
                    guard live.contains(s), let grant = grants[s] else { continue }
                    book.written(grant)
                    if grant.counts["a"] != nil { received = true }
                case 4: live.remove("A")
                case 5: live.remove("B")
                case 6, 7, 8:
                    let s = ["A", "B", "C"][step - 6]
                    guard s == "C" || live.contains(s) else { continue }
                    let removed = book.clear(ids: nil, stored: stored, session: s, isAlive: isAlive)
                    if !removed.isEmpty {
                        // Removed by its own reader, or after some reader received it.
                        let own = grants[s]?.counts["a"] != nil
                        #expect(own || received, "interleaving \(steps)")
                        stored = []
                    }
                default: now += 31
                }
            }
            count += 1
        }
        #expect(count == 100_000)
    }
}

import BridgeJSON
import BridgeProtocol
import Synchronization

/// The bytes one session's calls may hold in their byte answers at once (a `read_file`, a
/// `read`, an HTTP body), from before they are read until their answer is written and freed.
///
/// A call reserves what it is about to hold and gets a `Lease`; the lease travels with the bytes
/// (`JSONBytes`'s owner) and gives the reservation back when the last copy of them is freed,
/// after the transport wrote them. A reservation that would pass the limit is refused with an
/// error that says what to do, so a page that reads many large files at once gets an answer,
/// not a bridge that runs out of memory.
public final class ByteBudget: Sendable {
    /// The limit of a session that sets none: 256 MiB.
    public static let defaultLimit = 256 << 20

    /// The most bytes the session's answers may hold at once.
    public let limit: Int
    private let held = Atomic<Int>(0)

    /// A budget of `limit` bytes.
    public init(limit: Int = ByteBudget.defaultLimit) {
        self.limit = limit
    }

    /// The bytes reserved now.
    public var heldBytes: Int { held.load(ordering: .relaxed) }

    /// One reservation; freed (given back to its budget) when it is.
    public final class Lease: Sendable {
        let budget: ByteBudget
        /// The bytes reserved.
        public let count: Int
        init(_ budget: ByteBudget, _ count: Int) {
            self.budget = budget
            self.count = count
        }
        deinit { budget.held.subtract(count, ordering: .relaxed) }
    }

    /// Reserves `count` bytes for an answer `what` (e.g. `read_file of big.bin`); a refusal is
    /// the command layer's (the bridge's, before the plugin's code would run out of memory).
    /// - Returns: the lease, to give as the owner of the answer's bytes (`JSONBytes`).
    /// - Throws: `-32003` naming what the session holds, the limit and what to do, when the
    ///   reservation would pass the limit.
    public func reserve(_ count: Int, for what: String) throws(ResponseError) -> Lease {
        var current = held.load(ordering: .relaxed)
        while true {
            guard current + count <= limit else {
                let others = current == 0 ? "" : " beside the \(ByteBudget.describe(current)) this session's earlier calls hold until their answers are written"
                let wait = current == 0 ? "" : "wait for the earlier calls' answers, "
                throw .rejected(
                    "\(what) would hold \(ByteBudget.describe(count))\(others), past the bridge's limit of \(ByteBudget.describe(limit)) a session: \(wait)read in smaller parts (open, then read) or raise --\(ByteBudget.option)",
                    details: ["layer": "command", "limit": .integer(limit), "held": .integer(current), "asked": .integer(count),
                              "reason": "the bridge bounds the memory one session's byte answers take; a device would try to allocate them"])
            }
            let (exchanged, original) = held.compareExchange(expected: current, desired: current + count, ordering: .relaxed)
            if exchanged { return Lease(self, count) }
            current = original
        }
    }

    /// The option that sets the limit (`serve`).
    public static let option = "max-session-bytes"

    /// `n` bytes in the unit a person reads best: bytes, KiB or MiB.
    static func describe(_ n: Int) -> String {
        if n >= 1 << 20 { return n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\((Double(n) / Double(1 << 20) * 10).rounded() / 10) MiB" }
        if n >= 1 << 10 { return n % (1 << 10) == 0 ? "\(n >> 10) KiB" : "\((Double(n) / 1024 * 10).rounded() / 10) KiB" }
        return "\(n) bytes"
    }
}

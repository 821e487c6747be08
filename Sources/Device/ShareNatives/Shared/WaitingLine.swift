/// A first-in, first-out line that any waiter may leave before its turn: appending, taking the
/// first and leaving by ticket each cost O(1) amortised, however long the line.
///
/// A waiter that leaves keeps its place in the order as a tombstone, skipped when the line
/// reaches it; the order is compacted once its tombstones outnumber the waiters.
struct WaitingLine<Waiter> {
    private var waiters: [UInt64: Waiter] = [:]
    /// Tickets in arrival order from `head`; some are tombstones (no longer in `waiters`).
    private var order: [UInt64] = []
    private var head = 0

    init() {}

    /// How many wait.
    var count: Int { waiters.count }

    var isEmpty: Bool { waiters.isEmpty }

    /// Puts `waiter` at the end of the line under `ticket`, which must not be in the line.
    mutating func append(_ waiter: Waiter, ticket: UInt64) {
        waiters[ticket] = waiter
        order.append(ticket)
    }

    /// The first waiter, out of the line; nil when none waits.
    mutating func removeFirst() -> Waiter? {
        while head < order.count {
            let ticket = order[head]
            head += 1
            if let waiter = waiters.removeValue(forKey: ticket) {
                compactIfSparse()
                return waiter
            }
        }
        return nil
    }

    /// The waiter with `ticket`, out of the line; nil when it is not in it.
    mutating func remove(ticket: UInt64) -> Waiter? {
        guard let waiter = waiters.removeValue(forKey: ticket) else { return nil }
        compactIfSparse()
        return waiter
    }

    /// Drops the passed places and the tombstones once they are most of `order`: each compaction
    /// costs what the removals since the last one saved, so O(1) per removal.
    private mutating func compactIfSparse() {
        if waiters.isEmpty {
            order.removeAll(keepingCapacity: order.count <= 4096)
            head = 0
            return
        }
        let dead = order.count - waiters.count  // passed places and tombstones
        guard order.count > 64, dead > waiters.count else { return }
        order = order[head...].filter { waiters[$0] != nil }
        head = 0
    }
}

extension WaitingLine: Sendable where Waiter: Sendable {}

/// Who holds which item of the share inbox: at-least-once delivery with leases, as a message
/// queue does it. A pure value: the store loads it from `leases.json`, hands it one event under
/// the inbox lock, and writes back what it becomes; the clock and which sessions are alive are
/// given to it, so every interleaving is tested without processes.
///
/// - A `read` by a session returns every stored item no *other live* session holds within its
///   lease, and leases them to the reader: `deliveryCount` + 1, not yet delivered.
/// - A lease is *delivered* once the answer carrying it was written whole to the reader
///   (`written`); a lease whose answer was never written stays undelivered.
/// - A lease lapses when its session is no longer alive (the kernel dropped its lock) or after
///   `timeout` seconds; the item may then go to another reader, with a higher `deliveryCount`.
/// - `clear {}` removes the items leased or delivered to its own session, and the items
///   delivered to a session that has ended; never an item another live session holds, nor one
///   whose reader died before its answer was written. `clear {ids}` acknowledges exactly those
///   ids, whoever holds them.
///
/// - Important: Within a lease no two readers get the same item; an item is never removed by
///   `clear {}` unless a reader received it. Items may be returned more than once.
public struct InboxLeases: Sendable, Equatable {
    /// One item's lease.
    public struct Lease: Sendable, Equatable {
        /// The reader's session (`InboxSession.id`).
        public var session: String
        /// When it was leased, in seconds since 1970.
        public var leasedAt: Double
        /// How many times a `read` returned the item, this lease included.
        public var deliveryCount: Int
        /// Whether the answer carrying it was written whole to the reader.
        public var delivered: Bool

        public init(session: String, leasedAt: Double, deliveryCount: Int, delivered: Bool = false) {
            self.session = session
            self.leasedAt = leasedAt
            self.deliveryCount = deliveryCount
            self.delivered = delivered
        }
    }

    /// What a `read` handed out: enough to mark exactly those leases delivered later.
    public struct Grant: Sendable, Equatable {
        public let session: String
        /// Item id → the `deliveryCount` this read gave it.
        public let counts: [String: Int]
    }

    /// The leases, by item id.
    public private(set) var leases: [String: Lease]

    public init(_ leases: [String: Lease] = [:]) {
        self.leases = leases
    }

    /// Whether the lease of `id` keeps it from `session`: another session holds it, that
    /// session is alive and the lease is younger than `timeout`.
    func heldFromOthers(_ id: String, by session: String, now: Double, timeout: Double, isAlive: (String) -> Bool) -> Bool {
        guard let lease = leases[id], lease.session != session else { return false }
        return now - lease.leasedAt < timeout && isAlive(lease.session)
    }

    /// A `read` by `session` of the stored items `stored` (oldest first): returns the ids it may
    /// have, in order, and leases them to it. Leases of items no longer stored are forgotten.
    public mutating func read(stored: [String], session: String, now: Double, timeout: Double,
                              isAlive: (String) -> Bool) -> Grant {
        forget(except: Set(stored))
        var counts: [String: Int] = [:]
        for id in stored where !heldFromOthers(id, by: session, now: now, timeout: timeout, isAlive: isAlive) {
            let count = (leases[id]?.deliveryCount ?? 0) + 1
            leases[id] = Lease(session: session, leasedAt: now, deliveryCount: count)
            counts[id] = count
        }
        return Grant(session: session, counts: counts)
    }

    /// The answer carrying `grant` was written whole to its reader: each of its leases still
    /// held as granted becomes delivered (one that lapsed and went to another reader does not).
    public mutating func written(_ grant: Grant) {
        for (id, count) in grant.counts {
            guard var lease = leases[id], lease.session == grant.session, lease.deliveryCount == count else { continue }
            lease.delivered = true
            leases[id] = lease
        }
    }

    /// `clear` by `session`: with `ids`, exactly the stored ones among them; without, the
    /// stored items leased or delivered to `session`, and those delivered to a session no longer
    /// alive. Returns the ids to remove, in `stored`'s order for `clear {}`; their leases go.
    public mutating func clear(ids: [String]?, stored: [String], session: String, isAlive: (String) -> Bool) -> [String] {
        let targets: [String]
        if let ids {
            let present = Set(stored)
            targets = ids.filter { present.contains($0) }
        } else {
            targets = stored.filter { id in
                guard let lease = leases[id] else { return false }
                return lease.session == session || (lease.delivered && !isAlive(lease.session))
            }
        }
        for id in targets { leases[id] = nil }
        return targets
    }

    /// Forgets the leases of items not in `stored` (removed by a clear, or quarantined).
    public mutating func forget(except stored: Set<String>) {
        leases = leases.filter { stored.contains($0.key) }
    }
}

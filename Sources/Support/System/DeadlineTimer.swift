import Glibc
import Synchronization

/// One thread that runs actions at their deadlines (`DispatchQueue.asyncAfter` without a
/// dispatch source, a task or an allocation beyond the entry per action).
///
/// Ten thousand calls racing a download each set one deadline: `Task.sleep` in a task group cost
/// each of them two child tasks, a dispatch timer source and the group's bookkeeping (~40k
/// instructions); here a deadline is an entry in a heap under a lock, and the thread is woken only
/// when a new deadline is earlier than every one it holds. Actions run on the timer's thread, in
/// deadline order, and must not block: they resume a continuation or cancel a task.
public final class DeadlineTimer: @unchecked Sendable {
    // Sendable proof: `heap`, `sequence` and `running` are read and written with `condition` locked.

    /// The process's timer; its thread starts with the first deadline.
    public static let shared = DeadlineTimer()

    /// A deadline set: `cancel()` before it is due and its action never runs.
    public final class Ticket: Sendable {
        fileprivate let action: Mutex<(@Sendable () -> Void)?>

        fileprivate init(_ action: @escaping @Sendable () -> Void) { self.action = Mutex(action) }

        /// The action, once: nil when cancelled or already run.
        fileprivate func take() -> (@Sendable () -> Void)? {
            action.withLock { a in
                defer { a = nil }
                return a
            }
        }

        /// Drops the action (and what it holds) at once; the entry leaves the heap when due.
        public func cancel() { _ = take() }
    }

    private struct Entry {
        let at: UInt64
        let sequence: UInt64
        let ticket: Ticket

        func precedes(_ other: Entry) -> Bool {
            at != other.at ? at < other.at : sequence < other.sequence
        }
    }

    private let condition = Condition(monotonic: true)
    private var heap: [Entry] = []
    private var sequence: UInt64 = 0
    private var running = false

    public init() {}

    /// The monotonic clock, in nanoseconds.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `action` on the timer's thread `seconds` from now (at once when `seconds` ≤ 0).
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> Ticket {
        schedule(at: DeadlineTimer.instant(after: seconds, from: DeadlineTimer.now()), action)
    }

    /// The instant `seconds` after `start` on the monotonic clock (`start` when `seconds` ≤ 0).
    public static func instant(after seconds: Double, from start: UInt64) -> UInt64 {
        start &+ (seconds > 0 ? UInt64(min(seconds, 1e9) * 1_000_000_000) : 0)
    }

    /// Runs `action` on the timer's thread when the monotonic clock reads `instant` (at once when
    /// it has passed).
    @discardableResult
    public func schedule(at instant: UInt64, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let ticket = Ticket(action)
        condition.lock()
        sequence &+= 1
        let entry = Entry(at: instant, sequence: sequence, ticket: ticket)
        let earliest = heap.first.map { entry.precedes($0) } ?? true
        push(entry)
        let start = !running
        running = true
        // The thread sleeps until the earliest deadline it knew: only an earlier one wakes it.
        if earliest && !start { condition.signal() }
        condition.unlock()
        if start { Threads.detach { [self] in loop() } }
        return ticket
    }

    /// Deadlines not yet due, cancelled ones included until their time (tests read it).
    public var pending: Int {
        condition.lock()
        defer { condition.unlock() }
        return heap.count
    }

    private func loop() {
        condition.lock()
        while true {
            guard let first = heap.first else {
                condition.wait()
                continue
            }
            if first.at > DeadlineTimer.now() {
                condition.wait(untilMonotonic: first.at)
                continue
            }
            let due = pop()
            condition.unlock()
            due.ticket.take()?()
            condition.lock()
        }
    }

    // MARK: the heap (a binary min-heap by deadline, then by order set)

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() -> Entry {
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < heap.count && heap[left].precedes(heap[least]) { least = left }
            if right < heap.count && heap[right].precedes(heap[least]) { least = right }
            guard least != parent else { return first }
            heap.swapAt(parent, least)
            parent = least
        }
    }
}

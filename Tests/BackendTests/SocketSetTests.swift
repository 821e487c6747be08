import BridgeSocketSet
import Testing

/// The download loop's socket set: a wake-up any thread sends makes the loop's next wait return.
/// Consuming one is two steps (read the eventfd, clear the pending flag that spares later
/// senders the write); a wake-up sent at any point of them must still wake the wait after.
/// With the flag cleared first, one sent in between was read with the flag left set and every
/// later one was skipped: the loop slept through new downloads and cancellations for up to a
/// minute (the fault of 343129d). No timing here: a wait with no timeout says whether it woke.
@Suite("The download loop's wake-up")
struct SocketSetTests {
    /// What the hook needs: the set to wake, at which step, and the steps a wait went through.
    final class Probe {
        let set: OpaquePointer
        let wakeAt: Int32
        var steps: [Int32] = []
        init(set: OpaquePointer, wakeAt: Int32) { self.set = set; self.wakeAt = wakeAt }
    }

    static func newSet() throws -> OpaquePointer {
        var why = [CChar](repeating: 0, count: 256)
        return try #require(bridge_socket_set_new(&why, 256), "\(String(cString: why))")
    }

    /// Whether a wait with no timeout consumed a wake-up (the hook saw it start).
    static func wakes(_ set: OpaquePointer, _ probe: Probe) -> Bool {
        var events = [bridge_socket_event](repeating: bridge_socket_event(), count: 8)
        let before = probe.steps.count
        _ = bridge_socket_set_wait(set, &events, 8, 0)
        return probe.steps[before...].contains(0)
    }

    @Test("a wake-up sent while the loop consumes one still wakes the next wait", arguments: [Int32(0), 1, 2])
    func wakeDuringConsume(step: Int32) throws {
        let set = try Self.newSet()
        defer { bridge_socket_set_free(set) }
        let probe = Probe(set: set, wakeAt: step)
        let context = Unmanaged.passUnretained(probe).toOpaque()
        withExtendedLifetime(probe) {
            bridge_socket_set_on_consume(set, { context, step in
                let probe = Unmanaged<Probe>.fromOpaque(context!).takeUnretainedValue()
                probe.steps.append(step)
                if step == probe.wakeAt { bridge_socket_set_wake(probe.set) }   // a sender on another thread, just then
            }, context)
            bridge_socket_set_wake(set)
            #expect(Self.wakes(set, probe))
            #expect(probe.steps == [0, 1, 2])
            // Whatever the wake-up sent during the consumption left, the next one wakes a wait.
            bridge_socket_set_wake(set)
            #expect(Self.wakes(set, probe), "a wake-up sent at step \(step) left the next one unwritten")
        }
    }

    @Test("wake-ups from many senders before a wait are one wake-up; the next one wakes again")
    func coalesced() throws {
        let set = try Self.newSet()
        defer { bridge_socket_set_free(set) }
        let probe = Probe(set: set, wakeAt: -1)
        let context = Unmanaged.passUnretained(probe).toOpaque()
        withExtendedLifetime(probe) {
            bridge_socket_set_on_consume(set, { context, step in
                Unmanaged<Probe>.fromOpaque(context!).takeUnretainedValue().steps.append(step)
            }, context)
            #expect(!Self.wakes(set, probe))   // nothing sent: the wait times out
            for _ in 0..<100 { bridge_socket_set_wake(set) }
            #expect(Self.wakes(set, probe))
            #expect(!Self.wakes(set, probe))   // consumed once, for all hundred
            bridge_socket_set_wake(set)
            #expect(Self.wakes(set, probe))
        }
    }
}

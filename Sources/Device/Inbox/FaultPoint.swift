import FoundationEssentials
import Glibc
import BridgeSystem

/// Named instants inside a write where a test can stop the process: when
/// `BRIDGE_INBOX_PAUSE_AT` names the instant, the writer prints `paused at <name>` on stderr and
/// sleeps, so the test can `kill -9` it exactly there. Without the variable this does nothing.
enum FaultPoint {
    private static let pauseAt = ProcessInfo.processInfo.environment["BRIDGE_INBOX_PAUSE_AT"]

    static func reach(_ name: String) {
        guard pauseAt == name else { return }
        StandardError.write("paused at \(name)\n")
        sleep(60)
    }
}

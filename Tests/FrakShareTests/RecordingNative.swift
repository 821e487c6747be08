import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeShareNatives
import Synchronization

/// A native side that records every method it is asked for and the call: one double for any
/// plugin and any command (a new command needs no edit here), answering `answer` for each.
final class RecordingNative<Call: Sendable>: Sendable {
    let calls = Mutex<[(method: String, call: Call)]>([])
    private let answer: @Sendable (String, Call) -> CommandOutput

    init(answer: @escaping @Sendable (String, Call) -> CommandOutput = { _, _ in
        CommandOutput(result: ["shared": true], presentation: ["recorded": true])
    }) {
        self.answer = answer
    }

    /// The double as a platform's native side.
    var native: NativePlugin<Call> {
        NativePlugin(layer: "recording") { [self] (method: String, call: Call) async throws(ResponseError) -> CommandOutput in
            calls.withLock { $0.append((method, call)) }
            return answer(method, call)
        }
    }

    /// The double on both mobile platforms.
    var backends: PlatformBackends<Call> { PlatformBackends(ios: native, android: native) }

    var count: Int { calls.withLock { $0.count } }
}

/// frak-share's recording double.
typealias RecordingBackend = RecordingNative<NativeCall>

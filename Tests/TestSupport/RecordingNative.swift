import BridgeCall
import BridgeJSON
import BridgeProtocol
import Synchronization

/// A native side that records every method it is asked for and the call: one double for any
/// plugin (any call type) and any command (a new command needs no edit here), answering `answer`
/// for each. In TestSupport, so every plugin's tests share it.
public final class RecordingNative<Call: Sendable>: Sendable {
    public let calls = Mutex<[(method: String, call: Call)]>([])
    private let answer: @Sendable (String, Call) -> CommandOutput

    public init(answer: @escaping @Sendable (String, Call) -> CommandOutput = { _, _ in
        CommandOutput(result: ["shared": true], presentation: ["recorded": true])
    }) {
        self.answer = answer
    }

    /// The double as a platform's native side.
    public var native: NativePlugin<Call> {
        NativePlugin(layer: "recording") { [self] (method: String, call: Call) async throws(ResponseError) -> CommandOutput in
            calls.withLock { $0.append((method, call)) }
            return answer(method, call)
        }
    }

    /// The double on both mobile platforms.
    public var backends: PlatformBackends<Call> { PlatformBackends(ios: native, android: native) }

    public var count: Int { calls.withLock { $0.count } }
}

/// frak-share's recording double.
public typealias RecordingBackend = RecordingNative<NativeCall>

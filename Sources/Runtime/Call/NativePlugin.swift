import BridgeDevice
import BridgeJSON
import BridgeProtocol

/// A plugin's native side on one platform as its command layer reaches it: Tauri's
/// `run_mobile_plugin(method, payload)`, a native method by its lowerCamelCase name
/// (`CommandDeclaration.nativeMethod`) and the call.
///
/// Made from a backend that implements the plugin's generated protocol (`FrakShareNative`,
/// `ShareNative`: one typed method per declared command, written by `swift run bridge-generate`),
/// or from a closure that takes every method (a test double that records calls).
public struct NativePlugin<Call: Sendable>: Sendable {
    /// `ios` or `android`: the `data.layer` of the backend's own refusals.
    public let layer: String
    private let starter: @Sendable (String, Call) throws(ResponseError) -> CallStep

    /// - Parameter start: starts a native method on the caller's thread: its checks once, then
    ///   its answer or what waits.
    public init(layer: String, start: @escaping @Sendable (String, Call) throws(ResponseError) -> CallStep) {
        self.layer = layer
        self.starter = start
    }

    /// A native side whose every method waits in `handler` (a test double that records calls).
    public init(layer: String, handler: @escaping @Sendable (String, Call) async throws(ResponseError) -> CommandOutput) {
        self.init(layer: layer) { (method: String, call: Call) throws(ResponseError) -> CallStep in
            .waiting { try await handler(method, call) }
        }
    }

    /// Starts the native method `method` for `call`.
    public func start(_ method: String, _ call: Call) throws(ResponseError) -> CallStep {
        try starter(method, call)
    }

    /// The refusal of a method the native side does not have (as Tauri's mobile runtime says).
    public static func noMethod(_ method: String, plugin: String, layer: String) -> ResponseError {
        .notFound("No command \(method) found for plugin \(plugin)", details: ["layer": .string(layer)])
    }
}

/// A plugin's native side on each mobile platform; desktop builds have none.
public struct PlatformBackends<Call: Sendable>: Sendable {
    public let ios: NativePlugin<Call>
    public let android: NativePlugin<Call>

    public init(ios: NativePlugin<Call>, android: NativePlugin<Call>) {
        self.ios = ios
        self.android = android
    }

    /// The native side on `platform`, or `nil` on desktop targets.
    public func backend(for platform: Platform) -> NativePlugin<Call>? {
        switch platform {
        case .ios: return ios
        case .android: return android
        case .linux, .macos, .windows: return nil
        }
    }
}

extension PlatformBackends {
    /// Backends not written yet: each method answers that it is not implemented, naming what
    /// to write. What a new plugin registers before `swift run bridge-generate` has written its
    /// native protocol (docs/adding-a-plugin.md).
    public static func unimplemented(plugin: String) -> PlatformBackends {
        func missing(_ layer: String) -> NativePlugin<Call> {
            NativePlugin(layer: layer) { (method: String, _: Call) throws(ResponseError) -> CallStep in
                throw .notFound("No command \(method) found for plugin \(plugin): its \(layer) backend is not written yet "
                                + "(implement the generated protocol's method, docs/adding-a-plugin.md)",
                                details: ["layer": .string(layer)])
            }
        }
        return PlatformBackends(ios: missing("ios"), android: missing("android"))
    }
}

import BridgeCall
import BridgeDevice
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
    private let handler: @Sendable (String, Call) async throws(ResponseError) -> CommandOutput
    private let immediate: (@Sendable (String, Call) throws(ResponseError) -> CommandOutput?)?

    /// - Parameters:
    ///   - handler: runs a native method.
    ///   - immediate: runs a native method when it needs no waiting (see `runNow`); `nil`
    ///     when every call goes through `handler`.
    public init(layer: String,
                immediate: (@Sendable (String, Call) throws(ResponseError) -> CommandOutput?)? = nil,
                handler: @escaping @Sendable (String, Call) async throws(ResponseError) -> CommandOutput) {
        self.layer = layer
        self.immediate = immediate
        self.handler = handler
    }

    /// Runs the native method `method` for `call`.
    public func run(_ method: String, _ call: Call) async throws(ResponseError) -> CommandOutput {
        try await handler(method, call)
    }

    /// Runs the native method `method` for `call` on this thread when it needs no waiting (no
    /// download, a sheet the scripted user answers at once); `nil` when it would have to wait,
    /// before it did anything anyone can observe: `run` then runs the call.
    public func runNow(_ method: String, _ call: Call) throws(ResponseError) -> CommandOutput? {
        guard let immediate else { return nil }
        return try immediate(method, call)
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

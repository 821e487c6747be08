import BridgeCall
import BridgeDevice
import BridgeJSON
import BridgeMatching
import BridgeProtocol
import BridgeSimulation

/// The `initialize` params that change the session: `window`, `webview`, `origin`, `platform`,
/// `device`, `inspect`, `strict`, `outcome`. A key that is a near-miss of one of these (`platfrom`) is refused with a
/// did-you-mean; other keys (an LSP client's `processId`, `rootUri`, `capabilities`, …) are ignored.
struct SessionSettings: Equatable {
    var window: String?
    var webview: String?
    var origin: String?
    var platform: Platform?
    var device: DeviceClass?
    /// `inspect: true` asks for a `bridge/presentation` notification before each call's response.
    var inspect: Bool?
    /// `strict: true` refuses (`-32602`) what would only be a warning, as `--strict` does.
    var strict: Bool?
    /// The scripted outcome of the session's presentations (`--outcome`); `__bridge` overrides it per call.
    var outcome: Simulation.Outcome?

    /// The keys `initialize` reads.
    static let keys = ["window", "webview", "origin", "platform", "device", "inspect", "strict", "outcome"]

    /// Reads the settings from `initialize` params.
    /// - Throws: `-32602` naming the key when a value has the wrong type or is not a known value,
    ///   or when a key is a near-miss of a known one.
    init(params: JSON?) throws(ResponseError) {
        guard let params, !params.isNull else { return }
        guard case .object(let object) = params else {
            throw .invalidParams("invalid params for `initialize`: expected an object, got \(params.typeName)")
        }
        for member in object where !SessionSettings.keys.contains(member.key) {
            if let meant = DidYouMean.suggest(for: member.key, among: SessionSettings.keys) {
                throw .invalidParams("unknown key `\(member.key)` for `initialize`: did you mean `\(meant)`?",
                                     details: ["field": .string(member.key), "suggestion": .string(meant)])
            }
        }
        window = try SessionSettings.string(object, "window")
        webview = try SessionSettings.string(object, "webview")
        origin = try SessionSettings.string(object, "origin")
        platform = try SessionSettings.choice(object, "platform", Platform.self)
        device = try SessionSettings.choice(object, "device", DeviceClass.self)
        inspect = try SessionSettings.flag(object, "inspect")
        strict = try SessionSettings.flag(object, "strict")
        outcome = try SessionSettings.choice(object, "outcome", Simulation.Outcome.self)
    }

    /// The session's context with these settings applied; a new window without a webview
    /// also moves the webview, as `--window` does.
    func applied(to context: CallContext) -> CallContext {
        var c = context
        if let window {
            c.window = window
            c.webview = webview ?? window
        }
        if let webview { c.webview = webview }
        if let origin { c.origin = origin }
        if let platform { c.platform = platform }
        if let device { c.device = device }
        if let strict { c.strict = strict }
        if let outcome { c.simulation.outcome = outcome }
        return c
    }

    private static func flag(_ object: JSONObject, _ key: String) throws(ResponseError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .bool(let b) = value else {
            throw .invalidParams("invalid params `\(key)` for `initialize`: expected a boolean, got \(value.serialized())",
                                 details: ["field": .string(key)])
        }
        return b
    }

    private static func string(_ object: JSONObject, _ key: String) throws(ResponseError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .string(let s) = value, !s.isEmpty else {
            throw .invalidParams("invalid params `\(key)` for `initialize`: expected a non-empty string, got \(value.serialized())",
                                 details: ["field": .string(key)])
        }
        return s
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ object: JSONObject, _ key: String, _: T.Type) throws(ResponseError) -> T? where T.RawValue == String {
        guard let raw = try string(object, key) else { return nil }
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidParams("invalid params `\(key)` for `initialize`: expected one of \(allowed), got \"\(raw)\"",
                                 details: ["field": .string(key)])
        }
        return value
    }
}

import BridgeSimulation

/// Where a call comes from and what it runs on: the session's settings, from the CLI options or
/// from `initialize`.
///
/// A value with one reference inside: copying a context (into every call's `Invocation`, every
/// backend call and every async frame on the way) is one retain, not five strings and a screen;
/// setting a property copies the settings only when they are shared (copy on write).
public struct CallContext: Sendable, Equatable {
    /// The settings themselves; never mutated once shared.
    private final class Storage: Sendable {
        let window: String
        let webview: String
        let origin: String
        let platform: Platform
        let device: DeviceClass
        let simulation: Simulation
        let client: String?
        let strict: Bool
        let screen: Screen?

        init(window: String, webview: String, origin: String, platform: Platform, device: DeviceClass,
             simulation: Simulation, client: String?, strict: Bool, screen: Screen?) {
            self.window = window
            self.webview = webview
            self.origin = origin
            self.platform = platform
            self.device = device
            self.simulation = simulation
            self.client = client
            self.strict = strict
            self.screen = screen
        }

        /// A copy with one setting changed.
        func with(window: String? = nil, webview: String? = nil, origin: String? = nil, platform: Platform? = nil,
                  device: DeviceClass? = nil, simulation: Simulation? = nil, client: String?? = nil,
                  strict: Bool? = nil, screen: Screen?? = nil) -> Storage {
            Storage(window: window ?? self.window, webview: webview ?? self.webview, origin: origin ?? self.origin,
                    platform: platform ?? self.platform, device: device ?? self.device,
                    simulation: simulation ?? self.simulation, client: client ?? self.client,
                    strict: strict ?? self.strict, screen: screen ?? self.screen)
        }
    }

    private var storage: Storage

    /// The window label the calls come from.
    public var window: String {
        get { storage.window }
        set { storage = storage.with(window: newValue) }
    }
    /// The webview label; the window's label unless set.
    public var webview: String {
        get { storage.webview }
        set { storage = storage.with(webview: newValue) }
    }
    /// `local`, or the remote URL the calls come from.
    public var origin: String {
        get { storage.origin }
        set { storage = storage.with(origin: newValue) }
    }
    public var platform: Platform {
        get { storage.platform }
        set { storage = storage.with(platform: newValue) }
    }
    public var device: DeviceClass {
        get { storage.device }
        set { storage = storage.with(device: newValue) }
    }
    /// The simulated user of this call.
    public var simulation: Simulation {
        get { storage.simulation }
        set { storage = storage.with(simulation: newValue) }
    }
    /// Which client of its transport the call comes from (`page:<id>` for a browser page, `stdio`),
    /// so what the call registers (a Channel, an event listener) reaches that client; `nil` when
    /// the transport does not tell clients apart.
    public var client: String? {
        get { storage.client }
        set { storage = storage.with(client: .some(newValue)) }
    }
    /// `--strict` / `initialize {"strict": true}`: every warning is a `-32602` refusal.
    public var strict: Bool {
        get { storage.strict }
        set { storage = storage.with(strict: newValue) }
    }
    /// The screen the call's sheets are presented on (one per process, from the CLI); `nil`:
    /// each call presents on a screen of its own, so calls never make each other busy.
    public var screen: Screen? {
        get { storage.screen }
        set { storage = storage.with(screen: .some(newValue)) }
    }

    public init(window: String = "main", webview: String? = nil, origin: String = "local",
                platform: Platform = .ios, device: DeviceClass = .iphone, simulation: Simulation = Simulation(),
                strict: Bool = false) {
        storage = Storage(window: window, webview: webview ?? window, origin: origin, platform: platform, device: device,
                          simulation: simulation, client: nil, strict: strict, screen: nil)
    }

    public static func == (lhs: CallContext, rhs: CallContext) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let l = lhs.storage, r = rhs.storage
        return l.window == r.window && l.webview == r.webview && l.origin == r.origin && l.platform == r.platform
            && l.device == r.device && l.simulation == r.simulation && l.client == r.client && l.strict == r.strict
            && l.screen == r.screen
    }
}

import BridgeSimulation

/// Where a call comes from and what it runs on: the session's settings, from the CLI options or
/// from `initialize`.
public struct CallContext: Sendable, Equatable {
    /// The window label the calls come from.
    public var window: String
    /// The webview label; the window's label unless set.
    public var webview: String
    /// `local`, or the remote URL the calls come from.
    public var origin: String
    public var platform: Platform
    public var device: DeviceClass
    /// The simulated user of this call.
    public var simulation: Simulation
    /// Which client of its transport the call comes from (`page:<id>` for a browser page, `stdio`),
    /// so what the call registers (a Channel, an event listener) reaches that client; `nil` when
    /// the transport does not tell clients apart.
    public var client: String? = nil
    /// `--strict` / `initialize {"strict": true}`: every warning is a `-32602` refusal.
    public var strict: Bool
    /// The screen the call's sheets are presented on (one per process, from the CLI); `nil`:
    /// each call presents on a screen of its own, so calls never make each other busy.
    public var screen: Screen? = nil

    public init(window: String = "main", webview: String? = nil, origin: String = "local",
                platform: Platform = .ios, device: DeviceClass = .iphone, simulation: Simulation = Simulation(),
                strict: Bool = false) {
        self.window = window
        self.webview = webview ?? window
        self.origin = origin
        self.platform = platform
        self.device = device
        self.simulation = simulation
        self.strict = strict
    }
}

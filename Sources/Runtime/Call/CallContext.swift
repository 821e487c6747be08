import BridgeDevice
import BridgeSimulation

/// Where a call comes from and what it runs on: the session's settings, from the CLI options or
/// from `initialize`.
///
/// A value with one reference inside: copying a context (into every call's `Invocation`, every
/// backend call and every async frame on the way) is one retain, not five strings and a screen;
/// setting a property makes new storage, so the copies made before keep their settings.
public struct CallContext: Sendable, Equatable {
    /// The settings themselves.
    private struct Settings: Sendable, Equatable {
        var window: String
        var webview: String
        var origin: String
        var platform: Platform
        var device: DeviceClass
        var simulation: Simulation
        var client: String?
        var strict: Bool
        var screen: Screen?
    }

    /// The one reference a copy shares; never mutated once made.
    private final class Storage: Sendable {
        let settings: Settings
        /// The session's, shared by every copy: not a setting (contexts with equal settings
        /// are equal whatever their budgets).
        let byteBudget: ByteBudget
        init(_ settings: Settings, byteBudget: ByteBudget) {
            self.settings = settings
            self.byteBudget = byteBudget
        }
    }

    private var storage: Storage

    /// Changes one setting: a new storage, so copies made before keep theirs.
    private mutating func update(_ change: (inout Settings) -> Void) {
        var settings = storage.settings
        change(&settings)
        storage = Storage(settings, byteBudget: storage.byteBudget)
    }

    /// What the session's byte answers may hold at once (`--max-session-bytes`), shared by every
    /// call of the session; a context made anew has a budget of its own.
    public var byteBudget: ByteBudget {
        get { storage.byteBudget }
        set { storage = Storage(storage.settings, byteBudget: newValue) }
    }

    /// The window label the calls come from.
    public var window: String {
        get { storage.settings.window }
        set { update { $0.window = newValue } }
    }
    /// The webview label; the window's label unless set.
    public var webview: String {
        get { storage.settings.webview }
        set { update { $0.webview = newValue } }
    }
    /// `local`, or the remote URL the calls come from.
    public var origin: String {
        get { storage.settings.origin }
        set { update { $0.origin = newValue } }
    }
    public var platform: Platform {
        get { storage.settings.platform }
        set { update { $0.platform = newValue } }
    }
    public var device: DeviceClass {
        get { storage.settings.device }
        set { update { $0.device = newValue } }
    }
    /// The simulated user of this call. Read in place (`_read`): `context.simulation.outcome`
    /// copied the whole simulation (its activity and permissions: two retains and two releases)
    /// for one field, several times a call.
    public var simulation: Simulation {
        _read { yield storage.settings.simulation }
        set { update { $0.simulation = newValue } }
    }
    /// Which client of its transport the call comes from (`page:<id>` for a browser page, `stdio`),
    /// so what the call registers (a Channel, an event listener) reaches that client; `nil` when
    /// the transport does not tell clients apart.
    public var client: String? {
        get { storage.settings.client }
        set { update { $0.client = newValue } }
    }
    /// `--strict` / `initialize {"strict": true}`: every warning is a `-32602` refusal.
    public var strict: Bool {
        get { storage.settings.strict }
        set { update { $0.strict = newValue } }
    }
    /// The screen the call's sheets are presented on (one per process, from the CLI); `nil`:
    /// each call presents on a screen of its own, so calls never make each other busy.
    public var screen: Screen? {
        get { storage.settings.screen }
        set { update { $0.screen = newValue } }
    }

    public init(window: String = "main", webview: String? = nil, origin: String = "local",
                platform: Platform = .ios, device: DeviceClass = .iphone, simulation: Simulation = Simulation(),
                strict: Bool = false) {
        storage = Storage(Settings(window: window, webview: webview ?? window, origin: origin, platform: platform, device: device,
                                   simulation: simulation, client: nil, strict: strict, screen: nil),
                          byteBudget: ByteBudget())
    }

    /// Whether both are copies of one context (the same storage, so the same settings): one
    /// comparison of references. `false` says nothing: equal settings may be stored apart.
    public func isSame(as other: CallContext) -> Bool { storage === other.storage }

    public static func == (lhs: CallContext, rhs: CallContext) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.settings == rhs.storage.settings
    }
}

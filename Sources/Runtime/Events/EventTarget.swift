/// Tauri's `EventTarget` (`crates/tauri/src/event/mod.rs`, 2.0.6 and 2.8.5 alike): whom a
/// `listen()` handler listens as, and whom an `emit_to` is for.
public enum EventTarget: Sendable, Hashable {
    /// Every target: an `Any` listener hears every emit, an `Any` emit reaches every listener.
    case any
    /// Any window, webview or webview window of that label.
    case anyLabel(String)
    /// The app (`App`, `AppHandle`).
    case app
    case window(String)
    case webview(String)
    case webviewWindow(String)

    /// The variants' names, in declaration order (serde's variant indexes).
    public static let variantNames = ["Any", "AnyLabel", "App", "Window", "Webview", "WebviewWindow"]

    /// Whether a listener registered for `listener` hears `emit_to(self, …)` under `matching`.
    ///
    /// tauri `event/listener.rs` `match_any_or_filter` (2.0.6 and 2.8.5): an `Any` listener hears
    /// everything; otherwise the filter `manager/mod.rs` `emit_to` builds from the target decides.
    public func reaches(_ listener: EventTarget, matching: EventTargetMatching) -> Bool {
        if listener == .any || self == .any { return true }
        switch self {
        case .anyLabel(let label):
            switch listener {
            case .window(let l), .webview(let l), .webviewWindow(let l): return l == label
            // tauri 2.1.0 (#11581, f8994b214): an AnyLabel listener hears its label's emits.
            case .anyLabel(let l): return matching == .labelAware && l == label
            default: return false
            }
        case .window(let label), .webview(let label), .webviewWindow(let label):
            if matching == .labelAware, listener == .anyLabel(label) { return true }
            return listener == self
        case .app, .any:
            return listener == self
        }
    }
}

/// Which listeners an `emit_to` reaches: the rule changed in tauri 2.1.0.
public enum EventTargetMatching: Sendable, Equatable {
    /// tauri ≤ 2.0.x `manager/mod.rs` `emit_to`: an `AnyLabel` emit reaches window, webview and
    /// webview-window listeners of the label; any other emit only listeners of the same target.
    /// An `AnyLabel` listener hears only `emit`, `Any` emits and nothing else.
    case exact
    /// tauri ≥ 2.1.0 (#11581, `manager/mod.rs` `filter_target`): as `exact`, and an `AnyLabel`
    /// listener also hears every emit to its label (AnyLabel, Window, Webview, WebviewWindow).
    case labelAware
}

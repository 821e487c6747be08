import BridgeJSON
import BridgeProtocol

/// What a successful call's presentation record says went wrong that its bare result does not
/// show: the Android thumbnail or the iOS icon that did not load. `bridge invoke` without
/// `--inspect` reports these as warnings (`bridge: warning: …`), so a failed thumbnail is never silent.
enum PresentationWarnings {
    /// One warning per image that did not load (`timeout` or `failed`), with the record's reason.
    static func warnings(_ presentation: JSON?) -> [CallWarning] {
        [("thumbnail", "no thumbnail"), ("iconLoad", "no icon")].compactMap { key, what in
            guard let load = presentation?[key], let outcome = load["outcome"]?.stringValue,
                  outcome == "failed" || outcome == "timeout" else { return nil }
            let reason = load["reason"]?.stringValue.map { ": \($0)" } ?? ""
            return CallWarning(code: CallWarning.imageNotLoaded, message: "\(what)\(reason) (\(key) \(outcome); --inspect shows the record)")
        }
    }
}

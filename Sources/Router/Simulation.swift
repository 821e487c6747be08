import BridgeJSON
import BridgeProtocol

/// The simulated user: what they pick in the share sheet. Set for a session by `--activity` /
/// `--cancel`, and per call by the reserved params key `"__bridge": {"activity": …, "cancel": …}`.
public struct Simulation: Sendable, Equatable {
    /// The iOS activity type the user picks.
    public var activity: String
    /// Whether the user dismisses the sheet instead.
    public var cancel: Bool

    /// The activity picked when nothing says otherwise.
    public static let defaultActivity = "com.apple.UIKit.activity.Message"

    public init(activity: String = Simulation.defaultActivity, cancel: Bool = false) {
        self.activity = activity
        self.cancel = cancel
    }

    /// This simulation with a call's `__bridge` object applied.
    /// - Throws: `-32602` for an unknown key or a value of the wrong type.
    public func overridden(by object: JSONObject, command: String) throws(ResponseError) -> Simulation {
        var s = self
        for member in object {
            switch (member.key, member.value) {
            case ("activity", .string(let a)) where !a.isEmpty: s.activity = a
            case ("cancel", .bool(let c)): s.cancel = c
            case ("activity", _), ("cancel", _):
                let expected = member.key == "cancel" ? "a boolean" : "a non-empty string"
                throw .invalidParams("invalid args `__bridge.\(member.key)` for command `\(command)`: expected \(expected)",
                                     details: ["field": .string("__bridge.\(member.key)"), "layer": "command"])
            default:
                throw .invalidParams("invalid args `__bridge.\(member.key)` for command `\(command)`: unknown key, expected `activity` or `cancel`",
                                     details: ["field": .string("__bridge.\(member.key)"), "layer": "command"])
            }
        }
        return s
    }
}

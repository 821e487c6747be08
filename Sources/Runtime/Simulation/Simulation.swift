import BridgeDevice
import BridgeJSON
import BridgeMedia
import BridgeProtocol

/// The simulated user: what they pick in the share sheet, and how the presentation goes. Set
/// for a session by `--activity` / `--cancel` / `--outcome`, and per call by the reserved params
/// key `"__bridge": {"activity": …, "cancel": …, "outcome": …}` (`applying(reservedIn:command:)`).
///
/// The device's business, not the router's: the router carries it in the call's context and
/// hands it what a call reserved; the backends and the sheet presentation read it.
public struct Simulation: Sendable, Equatable {
    /// How the presentation goes: the scripted outcomes that real apps meet.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The sheet presents and the user acts: picks `activity`, or dismisses (`cancel`).
        case complete
        /// The sheet presents and never completes: the call stays pending until it is cancelled
        /// or the session ends.
        case never
        /// A sheet is already up: UIKit refuses the second present with a console warning, the
        /// completion handler never runs, and the call's promise never settles.
        case busy
        /// The sheet is presented without a popover anchor: on iPad UIKit raises
        /// `NSGenericException` (the app crashes); an iPhone has no popover and presents.
        case unanchored
        /// No window is key (the app in the background, its scene not yet active): frak-share
        /// finds no root view controller and rejects `No root view controller available`.
        case noKeyWindow = "no-key-window"
    }


    /// What the person does at a biometric prompt (`plugin:biometric|authenticate`).
    public enum Biometric: String, Sendable, CaseIterable {
        /// Their face or finger is recognised.
        case success
        /// They tap Cancel.
        case cancel
        /// They tap the fallback button (iOS: "Enter Password").
        case fallback
        /// Too many failed attempts: biometry is locked out.
        case lockout
        /// They are not recognised (iOS gives up: "Application retry limit exceeded.").
        case fail
    }

    /// The iOS activity type the user picks.
    public var activity: String
    /// Whether the user dismisses the sheet instead.
    public var cancel: Bool
    public var outcome: Outcome
    /// What the person does at a biometric prompt.
    public var biometric: Biometric = .success
    /// The call's runtime-permission answers (`__bridge.permission`), by permission name (`*`:
    /// every one): `allow` / `deny` answer a prompt this call shows, `granted` / `denied` set
    /// the permission as Settings would, before the call.
    public var permissions: [String: String] = [:]
    public static let permissionAnswers = ["allow", "deny", "granted", "denied"]

    /// The call's answer for permission `name`, if it has one.
    public func permission(_ name: String) -> String? { permissions[name] ?? permissions["*"] }

    /// The activity picked when nothing says otherwise.
    public static let defaultActivity = ActivityType.message

    public init(activity: String = Simulation.defaultActivity, cancel: Bool = false, outcome: Outcome = .complete,
                biometric: Biometric = .success) {
        self.activity = activity
        self.cancel = cancel
        self.outcome = outcome
        self.biometric = biometric
    }

    /// The reserved params key that carries a call's simulated user; it never reaches a command.
    public static let reservedKey = "__bridge"

    /// The simulated user of one call: this one with the call's `__bridge` object applied, and
    /// `arguments` without it (unchanged when there is none).
    /// - Throws: `-32602` naming the key (`data.field`, `data.layer` `command`) for a `__bridge`
    ///   that is not an object, an unknown key or a value of the wrong type.
    public func applying(reservedIn arguments: inout JSONObject, command: String) throws(ResponseError) -> Simulation {
        guard let reserved = arguments[Simulation.reservedKey] else { return self }
        guard case .object(let object) = reserved else {
            throw .invalidParams("invalid args `\(Simulation.reservedKey)` for command `\(command)`: expected an object",
                                 details: ["field": .string(Simulation.reservedKey), "layer": "command"])
        }
        let applied = try overridden(by: object, command: command)
        arguments[Simulation.reservedKey] = nil
        return applied
    }

    /// This simulation with a call's `__bridge` object applied.
    /// - Throws: `-32602` for an unknown key or a value of the wrong type.
    func overridden(by object: JSONObject, command: String) throws(ResponseError) -> Simulation {
        var s = self
        for member in object {
            switch (member.key, member.value) {
            case ("activity", .string(let a)) where !a.isEmpty: s.activity = a
            case ("cancel", .bool(let c)): s.cancel = c
            case ("outcome", .string(let o)) where Outcome(rawValue: o) != nil:
                s.outcome = Outcome(rawValue: o) ?? .complete
            case ("biometric", .string(let b)) where Biometric(rawValue: b) != nil:
                s.biometric = Biometric(rawValue: b) ?? .success
            case ("permission", .string(let answer)) where Simulation.permissionAnswers.contains(answer):
                s.permissions = ["*": answer]
            case ("permission", .object(let byName)) where byName.members.allSatisfy({ $0.value.stringValue.map(Simulation.permissionAnswers.contains) ?? false }):
                for m in byName.members { s.permissions[m.key] = m.value.stringValue }
            case ("activity", _), ("cancel", _), ("outcome", _), ("biometric", _), ("permission", _):
                let expected = switch member.key {
                case "cancel": "a boolean"
                case "outcome": "one of " + Outcome.allCases.map(\.rawValue).joined(separator: ", ")
                case "biometric": "one of " + Biometric.allCases.map(\.rawValue).joined(separator: ", ")
                case "permission": "allow, deny, granted or denied, or an object of them by permission name ({\"camera\": \"deny\"})"
                default: "a non-empty string"
                }
                throw .invalidParams("invalid args `__bridge.\(member.key)` for command `\(command)`: expected \(expected)",
                                     details: ["field": .string("__bridge.\(member.key)"), "layer": "command"])
            default:
                throw .invalidParams("invalid args `__bridge.\(member.key)` for command `\(command)`: unknown key, expected `activity`, `cancel`, `outcome`, `biometric` or `permission`",
                                     details: ["field": .string("__bridge.\(member.key)"), "layer": "command"])
            }
        }
        return s
    }
}

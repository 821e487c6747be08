import BridgeCall
import BridgeJSON
import BridgeProtocol
import BridgeSystem

/// The calls nothing answered, kept for the session's summary and announced as they happen
/// (`bridge/unhandled` on stdio and the pages' event streams): nothing a front end calls is
/// silently missing.
public final class Unanswered: Sendable {
    /// One command nothing answered.
    public struct Command: Sendable, Equatable {
        public let command: String
        /// What it is: `app command`, `plugin frak-webauthn (not simulated)`, `unknown command`.
        public let kind: String
        public var calls: Int
        /// The arguments of its first call.
        public let firstArgs: JSON
        /// Why it got no answer (the error it was answered with).
        public let reason: String
        /// Whether it was refused before any handler could answer (the ACL, an unknown name),
        /// rather than found with nothing to answer it.
        public let refused: Bool
        /// The value `--auto-answer` gave it (from its declared type), when it did.
        public var auto: JSON? = nil
    }

    private struct State {
        var commands: [String: Command] = [:]
        var order: [String] = []
        var observers: [@Sendable (JSON, String?) -> Void] = []
    }

    /// The most commands kept (a front end calling endless distinct names stays bounded).
    public let maxCommands: Int
    private let state = SharedLock(State())

    public init(maxCommands: Int = 1000) { self.maxCommands = maxCommands }

    /// Tells `observer` of each unanswered call: the `bridge/unhandled` notification's params,
    /// and the client the call came from (`CallContext.client`: `page:<id>`, or `nil`).
    public func observe(_ observer: @escaping @Sendable (JSON, String?) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Records one call that got no answer, and announces it unless `announce` is false.
    public func record(_ command: String, params: JSON?, kind: String, error: ResponseError, announce: Bool = true, client: String? = nil) {
        let observers = state.withLock { s -> [@Sendable (JSON, String?) -> Void] in
            if s.commands[command] != nil {
                s.commands[command]?.calls += 1
            } else if s.commands.count < maxCommands {
                s.commands[command] = Command(command: command, kind: kind, calls: 1, firstArgs: params ?? .object(JSONObject()),
                                              reason: error.message, refused: error.data["unhandled"] == nil)
                s.order.append(command)
            }
            return announce ? s.observers : []
        }
        let notice: JSON = ["command": .string(command), "kind": .string(kind), "args": params ?? .object(JSONObject()),
                            "message": .string(error.message), "fixture": Unanswered.fixture(command)]
        for observer in observers { observer(notice, client) }
    }

    /// Records one call `--auto-answer` answered with `result` (nothing else answered it), and
    /// announces it: `bridge/unhandled` with `"auto": true`, the result, and a fixture holding it.
    public func recordAuto(_ command: String, params: JSON?, kind: String, result: JSON, message: String, client: String? = nil) {
        let observers = state.withLock { s -> [@Sendable (JSON, String?) -> Void] in
            if s.commands[command] != nil {
                s.commands[command]?.calls += 1
            } else if s.commands.count < maxCommands {
                s.commands[command] = Command(command: command, kind: kind, calls: 1, firstArgs: params ?? .object(JSONObject()),
                                              reason: message, refused: false, auto: result)
                s.order.append(command)
            }
            return s.observers
        }
        let notice: JSON = ["command": .string(command), "kind": .string(kind), "args": params ?? .object(JSONObject()),
                            "message": .string(message), "auto": true, "result": result,
                            "fixture": .object(JSONObject([JSONObject.Member(key: command, value: ["result": result])]))]
        for observer in observers { observer(notice, client) }
    }

    /// The commands nothing answered, in the order first called.
    public var commands: [Command] { state.withLock { s in s.order.compactMap { s.commands[$0] } } }

    /// A fixture entry that would answer `command` (to fill in).
    public static func fixture(_ command: String) -> JSON {
        .object(JSONObject([JSONObject.Member(key: command, value: ["result": .null])]))
    }

    /// The end-of-session summary, or `nil` when every call was answered.
    public var summary: String? {
        let all = commands
        guard !all.isEmpty else { return nil }
        var lines: [String] = []
        for (list, what) in [(all.filter { $0.auto == nil }, "had no answer"), (all.filter { $0.auto != nil }, "were answered by --auto-answer")]
            where !list.isEmpty {
            let calls = list.reduce(0) { $0 + $1.calls }
            lines.append("bridge: \(calls) call\(calls == 1 ? "" : "s") of \(list.count) command\(list.count == 1 ? "" : "s") \(what):")
            for c in list {
                let reason = c.auto != nil ? "auto: a made-up value of its declared type" : c.refused ? "refused: \(c.reason)" : "nothing answers it"
                lines.append("  \(c.command) (\(c.kind), \(c.calls) call\(c.calls == 1 ? "" : "s")): \(reason)")
            }
        }
        var skeleton = JSONObject()
        for c in all where c.kind != "unknown command" { skeleton[c.command] = ["result": c.auto ?? .null] }
        if !skeleton.isEmpty {
            lines.append("bridge: a --fixtures FILE that answers them (fill in each result): \(JSON.object(skeleton).serialized())")
        }
        return lines.joined(separator: "\n")
    }
}

import BridgeJSON
import BridgeProtocol
import FoundationEssentials
import Glibc
import BridgeSystem

/// `--fixtures FILE`: answers for commands the bridge does not simulate (the app's own commands,
/// plugins it does not host), by command name (`greet`, `plugin:frak-webauthn|register`):
///
/// ```json
/// {
///   "greet": {"result": "Hello, {{name}}! You've been greeted from Rust!"},
///   "plugin:frak-webauthn|register": [
///     {"args": {"username": "alice"}, "result": {"credentialId": "abc"}},
///     {"error": "no passkey for this user"}
///   ]
/// }
/// ```
///
/// A command's answer is an object or a list of them, tried in order: the first whose `args`
/// all equal the call's (a subset match; no `args` matches any call) answers, with exactly one
/// of `result` (the value `invoke()` resolves with) or `error` (the value it rejects with, as a
/// command's `Err` serialises). In strings of either, `{{key}}` is the call's argument `key`
/// (a string as it is, any other value as JSON). Keys starting with `$` (`$schema`) are ignored.
/// The schema is `Schemas/fixtures.schema.json`. A `--record` file is read as fixtures too: each
/// recorded call answers its own arguments again (`recording(_:)`).
public struct Fixtures: Sendable {
    public struct Answer: Sendable, Equatable {
        public let args: JSONObject?
        public let outcome: Result<JSON, JSONError>
    }

    /// A fixture's `error` value (any JSON, as a Rust `Err` serialises).
    public struct JSONError: Error, Sendable, Equatable { public let value: JSON }

    public let file: String
    public let answers: [String: [Answer]]

    /// The commands the file answers, sorted.
    public var commands: [String] { answers.keys.sorted() }

    public init(file: String = "(fixtures)", answers: [String: [Answer]]) {
        self.file = file
        self.answers = answers
    }

    /// Reads and checks `FILE`; every problem names the file, the command and what to write.
    public static func load(_ path: String) throws(AppSetupError) -> Fixtures {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppSetupError("--fixtures \(path): no such file")
        }
        guard data.count <= 64 * 1024 * 1024 else { throw AppSetupError("--fixtures \(path): larger than 64 MiB") }
        let json: JSON
        do {
            json = try JSONParser.parse([UInt8](data), duplicateKeys: .refuse)
        } catch {
            // A `--record` file: one call a line.
            if let firstLine = data.split(separator: 0x0A).first,
               let first = try? JSONParser.parse([UInt8](firstLine), duplicateKeys: .keepLast), first["command"]?.stringValue != nil {
                return try recording(path)
            }
            throw AppSetupError("--fixtures \(path): not valid JSON: \(error)")
        }
        if json["command"]?.stringValue != nil { return try recording(path) }
        return try parse(json, file: path)
    }

    /// The answers of a `--record` file: each call's result (or the value a rejection carried)
    /// for its exact arguments, in the order recorded; refusals of the bridge itself (the ACL, a
    /// bad argument) are no answers and are left out.
    static func recording(_ path: String) throws(AppSetupError) -> Fixtures {
        let calls: [RecordedCall]
        do {
            calls = try RecordedCall.read(path)
        } catch {
            throw AppSetupError("--fixtures \(path): \(error.message)")
        }
        var answers: [String: [Answer]] = [:]
        for call in calls {
            let outcome: Result<JSON, JSONError>
            if let result = call.answer["result"] {
                outcome = .success(result)
            } else if let rejection = call.answer["error"]?["data"]?["rejection"] {
                outcome = .failure(JSONError(value: rejection))
            } else {
                continue
            }
            let args = call.args.objectValue ?? JSONObject()
            if answers[call.command]?.contains(where: { $0.args == args }) == true { continue }
            answers[call.command, default: []].append(Answer(args: args, outcome: outcome))
        }
        return Fixtures(file: path, answers: answers)
    }

    public static func parse(_ json: JSON, file: String) throws(AppSetupError) -> Fixtures {
        guard case .object(let top) = json else {
            throw AppSetupError("--fixtures \(file): expected an object of command names, e.g. {\"greet\": {\"result\": \"Hello\"}}")
        }
        var answers: [String: [Answer]] = [:]
        for member in top where !member.key.hasPrefix("$") {
            let command = member.key
            let list: [JSON]
            switch member.value {
            case .array(let items): list = items
            case .object: list = [member.value]
            default:
                throw AppSetupError("--fixtures \(file): \(command): expected an answer {\"result\": …} or {\"error\": …}, or a list of them")
            }
            var parsed: [Answer] = []
            for (index, item) in list.enumerated() {
                let at = list.count == 1 && member.value.arrayValue == nil ? command : "\(command)[\(index)]"
                guard case .object(let o) = item else { throw AppSetupError("--fixtures \(file): \(at): expected an object") }
                for key in o.keys where !["args", "result", "error", "description"].contains(key) {
                    throw AppSetupError("--fixtures \(file): \(at): unknown key '\(key)'; an answer has args, result or error (and description)")
                }
                let args: JSONObject?
                switch o["args"] {
                case nil: args = nil
                case .object(let a)?: args = a
                default: throw AppSetupError("--fixtures \(file): \(at).args: expected an object of the arguments to match")
                }
                switch (o["result"], o["error"]) {
                case (let r?, nil): parsed.append(Answer(args: args, outcome: .success(r)))
                case (nil, let e?): parsed.append(Answer(args: args, outcome: .failure(JSONError(value: e))))
                case (nil, nil): throw AppSetupError("--fixtures \(file): \(at): needs \"result\" (resolve) or \"error\" (reject)")
                default: throw AppSetupError("--fixtures \(file): \(at): has both \"result\" and \"error\"; keep one")
                }
            }
            answers[command] = parsed
        }
        return Fixtures(file: file, answers: answers)
    }

    /// The answer for a call, or `nil` when the file has none for it.
    public func answer(_ command: String, payload: JSON) -> Result<JSON, JSONError>? {
        guard let list = answers[command] else { return nil }
        let given = payload.objectValue ?? JSONObject()
        for answer in list {
            if let args = answer.args, !args.allSatisfy({ given[$0.key] == $0.value }) { continue }
            switch answer.outcome {
            case .success(let value): return .success(Fixtures.fill(value, given))
            case .failure(let error): return .failure(JSONError(value: Fixtures.fill(error.value, given)))
            }
        }
        return nil
    }

    /// Whether the file names `command` at all (it may still match none of a call's arguments).
    public func has(_ command: String) -> Bool { answers[command] != nil }

    /// `{{key}}` in every string of `value` replaced by the argument.
    static func fill(_ value: JSON, _ args: JSONObject) -> JSON {
        switch value {
        case .string(let s) where s.contains("{{"):
            var out = ""
            var rest = Substring(s)
            while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
                out += rest[..<open.lowerBound]
                let key = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
                if let v = args[key] { out += v.stringValue ?? v.serialized() } else { out += rest[open.lowerBound..<close.upperBound] }
                rest = rest[close.upperBound...]
            }
            return .string(out + rest)
        case .array(let items): return .array(items.map { fill($0, args) })
        case .object(let o): return .object(JSONObject(o.members.map { JSONObject.Member(key: $0.key, value: fill($0.value, args)) }))
        default: return value
        }
    }
}

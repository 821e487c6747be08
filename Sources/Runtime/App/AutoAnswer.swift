import BridgeBinding
import BridgeJSON
import BridgeProtocol

/// `--auto-answer`: a value of an app command's declared return type, for a call nothing else
/// answers — shaped by serde's rules (`SerdeTypes`, the model `bridge types` prints) and
/// deterministic: the same seed and command give the same value on every run.
///
/// - Important: A command whose result names a type the app's sources do not declare is not
///   guessed: `answer` says which types, and the call gets the usual "no answer" error.
public struct AutoAnswers: Sendable {
    /// What `answer` found for a command.
    public enum Outcome: Sendable, Equatable {
        case value(JSON)
        /// The types of its result the app's sources do not declare, as written.
        case unresolved([String])
    }

    public let seed: UInt64
    private let types: SerdeTypes
    private let commands: [String: RustCommand]

    public init(_ commands: AppCommands, seed: UInt64 = 1) {
        self.seed = seed
        self.types = commands.types
        self.commands = commands.commands
    }

    /// The answer of app command `command`, or `nil` when its signature was not read (a plugin's
    /// command, one `generate_handler!` names from another crate).
    public func answer(_ command: String) -> Outcome? {
        guard let rust = commands[command] else { return nil }
        let result = types.result(of: rust.returnType).type
        let missing = types.unresolved(in: result)
        guard missing.isEmpty else { return .unresolved(missing) }
        var generator = AutoValue(types: types, seed: seed ^ AutoAnswers.fnv1a(command))
        return .value(generator.value(result, hint: command))
    }

    /// The warning beside an auto answer (`auto_answer`).
    public static func warning(_ command: String, seed: UInt64) -> CallWarning {
        CallWarning(code: "auto_answer",
                    message: "\(command): auto: answered by --auto-answer (seed \(seed)) with a made-up value of its declared return type; give a fixture or a handler for a real answer")
    }

    /// FNV-1a of `text`'s UTF-8: each command its own stream, whatever the order of calls.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

/// Fills a `SerdeType` with values from a seeded SplitMix64.
struct AutoValue {
    /// Past this many nested containers and declarations, options are `null`, sequences and maps
    /// empty, and unions take a member that names no declaration: a recursive type ends.
    static let shallow = 6

    let types: SerdeTypes
    private var random: SplitMix64

    init(types: SerdeTypes, seed: UInt64) {
        self.types = types
        random = SplitMix64(state: seed)
    }

    private mutating func next() -> UInt64 { random.next() }

    /// A number in `range`.
    private mutating func pick(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A value of `type`; `hint` (a key or command name) seeds strings, `environment` binds
    /// generic parameters.
    mutating func value(_ type: SerdeType, hint: String, environment: [String: SerdeType] = [:], depth: Int = 0) -> JSON {
        let deep = depth >= AutoValue.shallow
        switch type {
        case .string: return .string("\(hint) \(pick(1...99))")
        case .char: return .string(String(Array("abcdefghijklmnopqrstuvwxyz")[pick(0...25)]))
        case .integer(let name):
            switch name {
            case "u8": return .integer(pick(0...255))
            case "i8": return .integer(pick(-128...127))
            case let n where n.hasPrefix("u"): return .integer(pick(0...1000))
            default: return .integer(pick(-1000...1000))
            }
        case .float: return .double(Double(pick(-10_000...10_000)) / 100 + 0.25)
        case .bool: return .bool(pick(0...1) == 1)
        case .null, .value, .channel, .unresolved: return .null
        case .literal(let text): return .string(text)
        case .parameter(let name): return value(environment[name] ?? .value, hint: hint, depth: depth)
        case .optional(let inner):
            return deep || pick(0...2) == 0 ? .null : value(inner, hint: hint, environment: environment, depth: depth + 1)
        case .array(let element):
            return .array((0..<(deep ? 0 : pick(1...3))).map { _ in value(element, hint: hint, environment: environment, depth: depth + 1) })
        case .record(let element):
            var object = JSONObject()
            for n in 0..<(deep ? 0 : pick(1...2)) {
                object["\(hint)-\(n + 1)"] = value(element, hint: hint, environment: environment, depth: depth + 1)
            }
            return .object(object)
        case .tuple(let items): return .array(items.map { value($0, hint: hint, environment: environment, depth: depth + 1) })
        case .object(let properties):
            var object = JSONObject()
            for property in properties where !(property.optional && pick(0...2) == 0) {
                object[property.key] = value(property.type, hint: property.key, environment: environment, depth: depth + 1)
            }
            return .object(object)
        case .intersection(let parts):
            var object = JSONObject()
            for part in parts {
                if case .object(let members) = value(part, hint: hint, environment: environment, depth: depth + 1) {
                    for member in members { object[member.key] = member.value }
                }
            }
            return .object(object)
        case .union(let members):
            guard !members.isEmpty else { return .null }
            let finite = members.filter { SerdeTypes.names(in: $0).isEmpty }
            let choices = deep && !finite.isEmpty ? finite : members
            return value(choices[pick(0...(choices.count - 1))], hint: hint, environment: environment, depth: depth + 1)
        case .named(let name, let arguments):
            guard let declaration = types.declarations[name], depth < 4 * AutoValue.shallow else { return .null }
            var bound: [String: SerdeType] = [:]
            // Arguments may name the enclosing declaration's parameters (`Page<Vec<T>>`).
            for (parameter, argument) in zip(declaration.parameters, arguments) { bound[parameter] = argument.substituting(environment) }
            return value(types.body(of: declaration), hint: hint, environment: bound, depth: depth + 1)
        }
    }
}

extension SerdeType {
    /// This type with each generic parameter `environment` binds replaced by its argument.
    func substituting(_ environment: [String: SerdeType]) -> SerdeType {
        guard !environment.isEmpty else { return self }
        switch self {
        case .parameter(let name): return environment[name] ?? self
        case .optional(let t): return .optional(t.substituting(environment))
        case .array(let t): return .array(t.substituting(environment))
        case .record(let t): return .record(t.substituting(environment))
        case .channel(let t): return .channel(t.substituting(environment))
        case .tuple(let items): return .tuple(items.map { $0.substituting(environment) })
        case .intersection(let items): return .intersection(items.map { $0.substituting(environment) })
        case .union(let items): return .union(items.map { $0.substituting(environment) })
        case .named(let name, let items): return .named(name, items.map { $0.substituting(environment) })
        case .object(let properties):
            return .object(properties.map { SerdeProperty(key: $0.key, type: $0.type.substituting(environment), optional: $0.optional) })
        default: return self
        }
    }
}

import BridgeBinding
import BridgeJSON
import BridgeProtocol

/// Takes a method name and its params to a command's result: resolution, the argument checks
/// common to every command, and the one boundary where handler errors become wire errors.
public struct Router: Sendable {
    public let registry: CommandRegistry
    /// The ACL; `nil` lets every registered command run (tests of the runtime alone).
    public let authority: (any CallAuthority)?
    /// The argument schemas checked before binding; `nil` checks none.
    public let validator: (any ArgumentValidator)?

    /// The reserved params key that carries per-call simulation settings; never reaches a command.
    public static let reservedKey = "__bridge"

    public init(registry: CommandRegistry, authority: (any CallAuthority)? = nil, validator: (any ArgumentValidator)? = nil) {
        self.registry = registry
        self.authority = authority
        self.validator = validator
    }

    /// A call ready to run: the command and its bound invocation.
    public struct Call: Sendable {
        public let entry: CommandRegistry.Entry
        public let invocation: Invocation
    }

    /// Resolves `method` and checks `params` (object or omitted; positional arrays refused).
    public func prepare(method: String, params: JSON?, context: CallContext) -> Result<Call, ResponseError> {
        if let entry = registry.entry(for: method) { return prepare(entry: entry, params: params, context: context) }
        switch registry.resolve(method: method) {
        case .success(let entry): return prepare(entry: entry, params: params, context: context)
        case .failure(let error): return .failure(error)
        }
    }

    /// Checks the ACL, then `params`, for an already resolved command.
    public func prepare(entry: CommandRegistry.Entry, params: JSON?, context: CallContext) -> Result<Call, ResponseError> {
        var grant = CallGrant()
        if let authority {
            switch authority.authorize(entry.name, context: context) {
            case .success(let g): grant = g
            case .failure(let refusal): return .failure(refusal)
            }
        }
        var arguments: JSONObject
        switch params {
        case nil, .null?: arguments = JSONObject()
        case .object(let o)?: arguments = o
        case let other?:
            return .failure(.invalidParams(
                "invalid args for command `\(entry.name.command)`: expected an object of named arguments, got \(other.typeName)",
                details: ["command": .string(entry.fullName), "layer": "command"]))
        }
        var callContext = context
        if let reserved = arguments[Router.reservedKey] {
            guard case .object(let o) = reserved else {
                return .failure(.invalidParams(
                    "invalid args `\(Router.reservedKey)` for command `\(entry.name.command)`: expected an object",
                    details: ["command": .string(entry.fullName), "field": .string(Router.reservedKey), "layer": "command"]))
            }
            do {
                callContext.simulation = try context.simulation.overridden(by: o, command: entry.name.command)
            } catch {
                return .failure(error.adding(["command": .string(entry.fullName)]))
            }
            arguments[Router.reservedKey] = nil
        }
        if let refusal = validator?.check(entry.name, arguments: arguments) { return .failure(refusal) }
        var bound = BoundArguments()
        if let signature = entry.command.signature {
            do {
                bound = try ArgumentBinder.bind(arguments, signature: signature,
                                                command: entry.name.command, fullName: entry.fullName)
            } catch {
                return .failure(error)
            }
        }
        let invocation = Invocation(name: entry.name, arguments: arguments, bound: bound, context: callContext, grant: grant)
        return .success(Call(entry: entry, invocation: invocation))
    }

    /// Runs a prepared call; every failure comes back as a `ResponseError`.
    public func run(_ call: Call) async -> Result<CommandOutput, ResponseError> {
        do {
            return .success(try await call.entry.command.handler(call.invocation))
        } catch let error as ResponseError {
            return .failure(error)
        } catch is CancellationError {
            return .failure(.cancelled)
        } catch {
            return .failure(.internalError("Internal error in \(call.entry.name): \(error)")
                .adding(["command": .string(call.entry.fullName)]))
        }
    }
}

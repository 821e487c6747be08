import BridgeBinding

/// The JSON a Rust type is written as by serde: the one type model `bridge types` prints as
/// TypeScript and `--auto-answer` fills in with values (`SerdeTypes` builds it from the app's
/// Rust declarations).
public indirect enum SerdeType: Sendable, Equatable {
    /// `String`, `&str`, `PathBuf`.
    case string
    case char
    /// `u8` … `i128`, `usize`: the Rust name.
    case integer(String)
    /// `f32`, `f64`.
    case float(String)
    case bool
    /// `()`, a unit struct, an untagged unit variant.
    case null
    /// `serde_json::Value`: any JSON.
    case value
    /// `Option<T>`: `T` or `null`.
    case optional(SerdeType)
    /// `Vec<T>`, `HashSet<T>`, `[T; N]`.
    case array(SerdeType)
    /// `HashMap<K, V>`, `BTreeMap<K, V>`: an object whose keys are strings.
    case record(SerdeType)
    /// `(A, B)`: an array of exactly these.
    case tuple([SerdeType])
    /// One exact string: an enum variant's name or tag.
    case literal(String)
    case object([SerdeProperty])
    /// Every one of these at once (an internally tagged newtype variant, a `flatten`ed field).
    case intersection([SerdeType])
    /// One of these (an enum's variants).
    case union([SerdeType])
    /// A `struct`, `enum` or `type` of the app, with its generic arguments.
    case named(String, [SerdeType])
    /// A generic parameter (`T` of `struct Page<T>`) inside its declaration.
    case parameter(String)
    /// `tauri::ipc::Channel<T>`: what a front end passes to receive `T`s.
    case channel(SerdeType)
    /// A type the app's sources do not declare (another crate's), as written.
    case unresolved(String)
}

/// One key of an object.
public struct SerdeProperty: Sendable, Equatable {
    public let key: String
    public let type: SerdeType
    /// `#[serde(default)]`, `skip_serializing_if`: the key may be absent.
    public let optional: Bool

    public init(key: String, type: SerdeType, optional: Bool = false) {
        self.key = key
        self.type = type
        self.optional = optional
    }
}

/// A type the app's sources do not declare (another crate's), as written, and what uses it.
public struct UnresolvedType: Sendable, Equatable, CustomStringConvertible {
    public let type: String
    /// `command greet (src/lib.rs:9)`, `struct Note (src/models.rs:6)`.
    public var usedBy: [String]

    public var description: String { "\(type) (used by \(usedBy.joined(separator: ", ")))" }
}

/// The app's declarations, read as serde writes them: Rust types as written become `SerdeType`s.
public struct SerdeTypes: Sendable {
    /// By name; the first of two with one name is kept.
    public let declarations: [String: RustDeclaration]

    public init(_ declarations: [RustDeclaration]) {
        var byName: [String: RustDeclaration] = [:]
        for d in declarations where byName[d.name] == nil { byName[d.name] = d }
        self.declarations = byName
    }

    /// The type of `expression` where `parameters` are the generic parameters in scope.
    public func type(of expression: RustTypeExpression, parameters: Set<String> = []) -> SerdeType {
        switch expression {
        case .tuple(let items): return items.isEmpty ? .null : .tuple(items.map { type(of: $0, parameters: parameters) })
        case .array(let element): return .array(type(of: element, parameters: parameters))
        case .opaque(let text): return .unresolved(text)
        case .path(let path, let generics):
            let name = expression.name ?? path
            func argument(_ i: Int) -> SerdeType {
                i < generics.count ? type(of: generics[i], parameters: parameters) : .unresolved("\(path) without its type argument")
            }
            if generics.isEmpty, parameters.contains(name) { return .parameter(name) }
            switch name {
            case "String", "str", "PathBuf", "Path", "OsString", "OsStr": return .string
            case "char": return .char
            case "bool": return .bool
            case "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize": return .integer(name)
            case "f32", "f64": return .float(name)
            case "Option": return .optional(argument(0))
            case "Vec", "VecDeque", "HashSet", "BTreeSet", "LinkedList", "BinaryHeap", "IndexSet": return .array(argument(0))
            case "HashMap", "BTreeMap", "IndexMap": return .record(argument(1))
            case "Box", "Rc", "Arc", "Cow": return argument(0)
            case "Channel": return .channel(argument(0))
            // serde writes a `Result` as an externally tagged enum.
            case "Result" where generics.count == 2:
                return .union([.object([SerdeProperty(key: "Ok", type: argument(0))]), .object([SerdeProperty(key: "Err", type: argument(1))])])
            default: break
            }
            if declarations[name] != nil { return .named(name, generics.map { type(of: $0, parameters: parameters) }) }
            if name == "Value" || name == "JsonValue" { return .value }
            if name == "Map", path.contains("serde_json") { return .record(.value) }
            return .unresolved(expression.description)
        }
    }

    /// The JSON shape of `declaration`, its generic parameters as `.parameter`.
    public func body(of declaration: RustDeclaration) -> SerdeType {
        let parameters = Set(declaration.parameters)
        let serde = declaration.serde
        switch declaration.body {
        case .alias(let expression):
            return type(of: expression, parameters: parameters)
        case .structure(let fields):
            return shape(fields, rule: serde.renameAll, allDefault: serde.hasDefault, transparent: serde.transparent, parameters: parameters)
        case .enumeration(let variants):
            var members: [SerdeType] = []
            for variant in variants where !variant.serde.skip {
                let name = variant.serde.rename ?? serde.renameAll?.variant(variant.name) ?? variant.name
                let rule = variant.serde.renameAll ?? serde.renameAllFields
                let content = shape(variant.fields, rule: rule, allDefault: false, transparent: false, parameters: parameters)
                var isUnit = false
                if case .unit = variant.fields { isUnit = true }
                if serde.untagged {
                    members.append(content)
                } else if let tag = serde.tag, let contentKey = serde.content {
                    var properties = [SerdeProperty(key: tag, type: .literal(name))]
                    if !isUnit { properties.append(SerdeProperty(key: contentKey, type: content)) }
                    members.append(.object(properties))
                } else if let tag = serde.tag {
                    let tagged = SerdeProperty(key: tag, type: .literal(name))
                    switch content {
                    case .null: members.append(.object([tagged]))
                    case .object(let properties): members.append(.object([tagged] + properties))
                    case .intersection(let parts): members.append(.intersection([.object([tagged])] + parts))
                    default: members.append(.intersection([.object([tagged]), content]))
                    }
                } else {
                    members.append(isUnit ? .literal(name) : .object([SerdeProperty(key: name, type: content)]))
                }
            }
            return .union(members)
        }
    }

    /// The JSON of a struct's or variant's fields.
    private func shape(_ fields: RustFields, rule: SerdeRenameRule?, allDefault: Bool, transparent: Bool,
                       parameters: Set<String>) -> SerdeType {
        switch fields {
        case .unit:
            return .null
        case .unnamed(let list):
            let kept = list.filter { !$0.serde.skip }
            if kept.count == 1 { return type(of: kept[0].type, parameters: parameters) }
            return .tuple(kept.map { type(of: $0.type, parameters: parameters) })
        case .named(let list):
            let kept = list.filter { !$0.serde.skip }
            if transparent, kept.count == 1 { return type(of: kept[0].type, parameters: parameters) }
            var properties: [SerdeProperty] = []
            var flattened: [SerdeType] = []
            for field in kept {
                let fieldType = type(of: field.type, parameters: parameters)
                if field.serde.flatten { flattened.append(fieldType); continue }
                let key = field.serde.rename ?? rule?.field(field.name) ?? field.name
                properties.append(SerdeProperty(key: key, type: fieldType,
                                                optional: allDefault || field.serde.hasDefault || field.serde.skipSerializingIf))
            }
            return flattened.isEmpty ? .object(properties) : .intersection([.object(properties)] + flattened)
        }
    }

    /// What a command's return type resolves to: `Result<T, E>` is `T` (its `E` is what
    /// `invoke()` rejects with, returned apart), no return type is `null`.
    public func result(of returnType: String?) -> (type: SerdeType, error: RustTypeExpression?) {
        guard let returnType, let expression = try? RustTypeExpression(rust: returnType) else { return (.null, nil) }
        if case .path(_, let generics) = expression, expression.name == "Result", let ok = generics.first {
            var error = generics.count > 1 ? generics[1] : nil
            // `type Result<T> = std::result::Result<T, Error>`: the alias names the error.
            if error == nil, case .alias(let aliased)? = declarations["Result"]?.body, case .path(_, let inner) = aliased, inner.count > 1 {
                error = inner[1]
            }
            return (type(of: ok), error)
        }
        return (type(of: expression), nil)
    }

    /// The app's declarations `types` use, directly or through one another, sorted by name.
    public func reachable(from types: [SerdeType]) -> [String] {
        var seen: Set<String> = []
        var pending = types
        while let next = pending.popLast() {
            for name in SerdeTypes.names(in: next) where seen.insert(name).inserted {
                if let declaration = declarations[name] { pending.append(body(of: declaration)) }
            }
        }
        return seen.sorted()
    }

    /// The types `type` uses that the app's sources do not declare (through its declarations too).
    public func unresolved(in type: SerdeType) -> [String] {
        var out: [String] = []
        for t in [type] + reachable(from: [type]).compactMap({ declarations[$0].map(body(of:)) }) {
            for name in SerdeTypes.unresolvedNames(in: t) where !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// The declaration names `type` itself names (not through them), in order.
    static func names(in type: SerdeType) -> [String] {
        var out: [String] = []
        walk(type) { if case .named(let name, _) = $0, !out.contains(name) { out.append(name) } }
        return out
    }

    /// The types `type` itself names that the sources do not declare (not through declarations).
    static func unresolvedNames(in type: SerdeType) -> [String] {
        var out: [String] = []
        walk(type) { if case .unresolved(let name) = $0, !out.contains(name) { out.append(name) } }
        return out
    }

    /// Calls `visit` on `type` and every type inside it (not through declarations).
    static func walk(_ type: SerdeType, _ visit: (SerdeType) -> Void) {
        visit(type)
        switch type {
        case .optional(let t), .array(let t), .record(let t), .channel(let t): walk(t, visit)
        case .tuple(let items), .intersection(let items), .union(let items), .named(_, let items): for t in items { walk(t, visit) }
        case .object(let properties): for p in properties { walk(p.type, visit) }
        default: break
        }
    }
}

import BridgeMedia

/// Evaluates a parsed predicate against an object as `NSPredicate` does (key-value coding:
/// a key on a collection is the key of every element), and explains a `false` answer.
public struct PredicateEvaluator {
    /// The conformance tree `UTI-CONFORMS-TO` reads.
    public let types: UniformTypes
    /// The predicate's text, for the positions its errors name.
    public let source: [Unicode.Scalar]

    public typealias Bindings = [String: PredicateValue]

    public init(types: UniformTypes, source: [Unicode.Scalar]) {
        self.types = types
        self.source = source
    }

    public func holds(_ p: Predicate, on object: PredicateValue, _ bindings: Bindings = [:]) throws(PredicateError) -> Bool {
        switch p.kind {
        case .constant(let b): return b
        case .and(let parts):
            for part in parts where try !holds(part, on: object, bindings) { return false }
            return true
        case .or(let parts):
            for part in parts where try holds(part, on: object, bindings) { return true }
            return false
        case .not(let inner):
            return try !holds(inner, on: object, bindings)
        case .comparison(let c):
            return try compare(c, range: p.range, on: object, bindings)
        }
    }

    private func compare(_ c: Comparison, range: Range<Int>, on object: PredicateValue, _ bindings: Bindings) throws(PredicateError) -> Bool {
        let left = try value(c.left, on: object, bindings)
        let right = try value(c.right, on: object, bindings)
        if c.modifier == .direct { return try test(left, c.op, right, c) }
        guard case .array(let elements) = left else {
            throw fail("the left side of \(c.modifier.rawValue) must be a collection, but \(c.left) is \(left.described)", c.left.range)
        }
        switch c.modifier {
        case .any, .direct:
            for e in elements where try test(e, c.op, right, c) { return true }
            return false
        case .all:
            for e in elements where try !test(e, c.op, right, c) { return false }
            return true
        case .none:
            for e in elements where try test(e, c.op, right, c) { return false }
            return true
        }
    }

    private func test(_ l: PredicateValue, _ op: Comparison.Operator, _ r: PredicateValue, _ c: Comparison) throws(PredicateError) -> Bool {
        switch op {
        case .conformsTo, .utiEquals:
            guard case .string(let type) = l else {
                if case .array = l {
                    throw fail("\(c.left) is a collection; \(op.rawValue) compares one type identifier (write ANY \(c.left) \(op.rawValue) …)", c.left.range)
                }
                if l == .null { return false }
                throw fail("\(op.rawValue) needs a type identifier on its left, found \(l.described)", c.left.range)
            }
            guard case .string(let other) = r else {
                throw fail("\(op.rawValue) needs a type identifier string on its right, found \(r.described)", c.right.range)
            }
            return op == .conformsTo ? types.conforms(type, to: other) : types.equal(type, other)
        case .equal: return l == r
        case .notEqual: return l != r
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (l, r) {
            case (.number(let a), .number(let b)): order = a < b ? -1 : a > b ? 1 : 0
            case (.string(let a), .string(let b)): order = a < b ? -1 : a > b ? 1 : 0
            default: return false
            }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    func value(_ e: Expression, on object: PredicateValue, _ bindings: Bindings) throws(PredicateError) -> PredicateValue {
        switch e.kind {
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .variable(let name):
            guard let bound = bindings[name] else {
                throw fail("the variable $\(name) is not defined here; a SUBQUERY's variable exists only inside it", e.range)
            }
            return bound
        case .key(let key):
            return try member(object, key, e)
        case .member(let base, let key):
            return try member(value(base, on: object, bindings), key, e)
        case .count(let base):
            switch try value(base, on: object, bindings) {
            case .array(let items): return .number(Double(items.count))
            case .null: return .null
            case let other: throw fail("@count needs a collection, but \(base) is \(other.described)", e.range)
            }
        case .subquery(let collection, let variable, let body):
            guard case .array(let items) = try value(collection, on: object, bindings) else {
                throw fail("SUBQUERY needs a collection, but \(collection) is not one", collection.range)
            }
            var kept: [PredicateValue] = []
            for item in items {
                var inner = bindings
                inner[variable] = item
                if try holds(body, on: object, inner) { kept.append(item) }
            }
            return .array(kept)
        }
    }

    private func member(_ base: PredicateValue, _ key: String, _ e: Expression) throws(PredicateError) -> PredicateValue {
        if key.uppercased() == "SELF" { return base }
        switch base {
        case .object(let name, let keys):
            guard let v = keys[key] else {
                let known = keys.keys.sorted().joined(separator: ", ")
                throw fail("\(name) has no key '\(key)' (iOS raises NSUnknownKeyException and the extension is not offered); its keys: \(known)", e.range)
            }
            return v
        case .array(let items):
            var out: [PredicateValue] = []
            for item in items { out.append(try member(item, key, e)) }
            return .array(out)
        case .null:
            return .null
        default:
            throw fail("\(base.described) has no key '\(key)'", e.range)
        }
    }

    private func fail(_ message: String, _ range: Range<Int>) -> PredicateError {
        PredicateError(message, at: range.lowerBound, in: source)
    }

    // MARK: Explanations

    /// Why `p` does not hold (call it only when it does not): the clause that fails, down to
    /// the first element of a `SUBQUERY` that misses, with the values found.
    public func whyNot(_ p: Predicate, on object: PredicateValue, _ bindings: Bindings = [:]) -> String {
        switch p.kind {
        case .constant: return "FALSEPREDICATE never holds"
        case .and(let parts):
            for part in parts where (try? holds(part, on: object, bindings)) != true {
                return whyNot(part, on: object, bindings)
            }
            return "\(p) is false"
        case .or(let parts):
            let listed = parts.map { "`\($0)`" }.joined(separator: ", ")
            return "none of the \(parts.count) alternatives holds: \(listed)"
        case .not(let inner):
            return "`\(inner)` holds, and the rule requires NOT"
        case .comparison(let c):
            return "`\(c)` is false" + detail(c, on: object, bindings)
        }
    }

    private func detail(_ c: Comparison, on object: PredicateValue, _ bindings: Bindings) -> String {
        guard let left = try? value(c.left, on: object, bindings) else { return "" }
        if case .count(let counted) = c.left.kind, case .subquery(let collection, let variable, let body) = counted.kind,
           case .array(let all)? = try? value(collection, on: object, bindings), case .number(let kept) = left {
            var text = ": \(PredicateValue.format(kept)) of \(all.count) \(noun(collection, all.count)) match"
            // A count that is too small: say why the first element that missed misses.
            let wantsMore = (try? test(.number(kept + 1), c.op, value(c.right, on: object, bindings), c)) == true
            if wantsMore {
                for item in all {
                    var inner = bindings
                    inner[variable] = item
                    if (try? holds(body, on: object, inner)) != true {
                        text += "; \(item.described): " + whyNot(body, on: object, inner)
                        break
                    }
                }
            }
            return text
        }
        return " (\(c.left) is \(left.described))"
    }

    private func noun(_ collection: Expression, _ count: Int) -> String {
        let key: String
        switch collection.kind {
        case .key(let k), .member(_, let k): key = k
        default: key = ""
        }
        let singular = key == "extensionItems" ? "extension item" : key == "attachments" ? "attachment" : "element"
        return count == 1 ? singular : singular + "s"
    }
}

import FoundationEssentials
import Glibc
import BridgeSystem

/// How predicates and expressions are written back in refusal messages: in `NSPredicate`'s
/// own syntax, with a `SUBQUERY`'s inner predicate elided (`SUBQUERY(extensionItems,
/// $extensionItem, …)`), so a message names the clause without repeating the whole rule.
extension Predicate: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .constant(let b): return b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .and(let parts): return parts.map { $0.grouped(inside: "AND") }.joined(separator: " AND ")
        case .or(let parts): return parts.map { $0.grouped(inside: "OR") }.joined(separator: " OR ")
        case .not(let inner): return "NOT " + inner.grouped(inside: "NOT")
        case .comparison(let c): return c.description
        }
    }

    private func grouped(inside parent: String) -> String {
        switch kind {
        case .or where parent != "OR", .and where parent == "NOT": return "(\(description))"
        default: return description
        }
    }
}

extension Comparison: CustomStringConvertible {
    public var description: String {
        (modifier == .direct ? "" : modifier.rawValue + " ") + "\(left) \(op.rawValue) \(right)"
    }
}

extension Expression: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .key(let k): return k
        case .variable(let v): return "$" + v
        case .member(let base, let key): return "\(base).\(key)"
        case .count(let base): return "\(base).@count"
        case .subquery(let collection, let variable, _): return "SUBQUERY(\(collection), $\(variable), …)"
        case .string(let s): return "\"" + s.replacing(literal: "\\", with: "\\\\").replacing(literal: "\"", with: "\\\"") + "\""
        case .number(let n): return PredicateValue.format(n)
        case .bool(let b): return b ? "TRUE" : "FALSE"
        case .null: return "NULL"
        }
    }
}

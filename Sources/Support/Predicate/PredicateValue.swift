/// A value during predicate evaluation, as key-value coding yields it.
public enum PredicateValue: Sendable, Equatable {
    /// An object with keys; `name` describes it in explanations ("attachment 2 (public.png)").
    case object(String, [String: PredicateValue])
    case array([PredicateValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// How an explanation shows it.
    public var described: String {
        switch self {
        case .object(let name, _): return name
        case .array(let items): return "[" + items.map(\.described).joined(separator: ", ") + "]"
        case .string(let s): return "\"\(s)\""
        case .number(let n): return PredicateValue.format(n)
        case .bool(let b): return b ? "YES" : "NO"
        case .null: return "nil"
        }
    }

    public static func format(_ n: Double) -> String {
        n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}

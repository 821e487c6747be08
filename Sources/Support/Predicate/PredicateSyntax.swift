/// The parsed form of an `NSPredicate` format string: predicates and the expressions they
/// compare. Every node keeps the scalar range of its source text.
public struct Predicate: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        /// `TRUEPREDICATE` / `FALSEPREDICATE`.
        case constant(Bool)
        case and([Predicate])
        case or([Predicate])
        case not(Predicate)
        case comparison(Comparison)
    }

    public let kind: Kind
    /// Where it is in the source, in Unicode scalars.
    public let range: Range<Int>
}

/// `[ANY|ALL|NONE] left op right`.
public struct Comparison: Sendable, Equatable {
    /// How a collection on the left is compared: directly, or element by element.
    public enum Modifier: String, Sendable {
        case direct = "", any = "ANY", all = "ALL", none = "NONE"
    }

    /// The operators of the activation-rule subset.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case conformsTo = "UTI-CONFORMS-TO", utiEquals = "UTI-EQUALS"
    }

    public let modifier: Modifier
    public let left: Expression
    public let op: Operator
    public let right: Expression
}

/// A value in a predicate: a key path, a variable, a literal, a `SUBQUERY`, `.@count`.
public struct Expression: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        /// A key of the evaluated object (`extensionItems`).
        case key(String)
        /// `$name`.
        case variable(String)
        /// `base.key`: on a collection, the key of every element (key-value coding).
        case member(Expression, String)
        /// `base.@count`.
        case count(Expression)
        /// `SUBQUERY(collection, $variable, predicate)`: the elements for which it holds.
        case subquery(Expression, variable: String, Predicate)
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public let kind: Kind
    public let range: Range<Int>
}

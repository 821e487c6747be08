/// One token of an `NSPredicate` format string, with the scalar range it covers.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A key (`extensionItems`, `attachments`) or a keyword before it is classified.
        case identifier(String)
        /// `$name`.
        case variable(String)
        /// `@count` and the other collection operators.
        case collectionOperator(String)
        case string(String)
        case number(Double)
        /// `(` `)` `,` `.`
        case punctuation(Character)
        /// `==` `!=` `<` `<=` `>` `>=` `&&` `||` `!` and the keyword operators, upper-cased
        /// (`AND`, `UTI-CONFORMS-TO` …).
        case op(String)
        case end
    }

    let kind: Kind
    let start: Int
    let end: Int

    /// The keyword this token spells, upper-cased, when it is a bare identifier.
    var keyword: String? {
        if case .identifier(let s) = kind { return s.uppercased() }
        return nil
    }
}

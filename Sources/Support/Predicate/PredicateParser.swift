/// Parses the subset of `NSPredicate` format syntax Apple documents for activation rules:
/// `SUBQUERY(collection, $var, predicate)`, key paths and `.@count`, `ANY` / `SOME` / `ALL` /
/// `NONE`, `UTI-CONFORMS-TO`, `UTI-EQUALS`, `==` `=` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`,
/// `AND` / `OR` / `NOT` (and `&&` `||` `!`), parentheses, string and number literals,
/// `TRUE`/`YES`/`FALSE`/`NO`/`NULL`/`NIL`, `TRUEPREDICATE` / `FALSEPREDICATE`.
///
/// Keywords are case-insensitive. `OR` binds loosest, then `AND`, then `NOT`, as
/// `NSPredicate` groups them. Errors name the line and column.
public enum PredicateParser {
    /// The predicate `text` describes.
    /// - Throws: `PredicateError` at the first token that does not fit.
    public static func parse(_ text: String) throws(PredicateError) -> Predicate {
        var parser = State(source: Array(text.unicodeScalars))
        parser.tokens = try PredicateLexer.tokens(parser.source)
        let predicate = try parser.predicate()
        guard case .end = parser.current.kind else {
            throw parser.fail("unexpected \(parser.describe(parser.current)) after a complete predicate")
        }
        return predicate
    }

    /// How deep `(`, `NOT` and `SUBQUERY` may nest, and how many steps a key path may take: far
    /// past any real activation rule (Apple's documented ones nest 3 deep), and well inside the
    /// stack the parser, the evaluator and the values' teardown recurse on.
    public static let maxNesting = 100
    public static let maxKeyPathSteps = 100

    static let reserved: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "SUBQUERY", "TRUEPREDICATE", "FALSEPREDICATE",
        "TRUE", "FALSE", "YES", "NO", "NULL", "NIL", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES",
    ]
    /// Operators of `NSPredicate` that activation rules do not use; named in the error.
    static let unsupportedOperators: Set<String> = ["IN", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES"]

    private struct State {
        let source: [Unicode.Scalar]
        var tokens: [PredicateToken] = []
        var index = 0
        /// The `(`, `NOT` and `SUBQUERY` levels open at the current token.
        var depth = 0

        /// Enters one more level of nesting, or fails past `maxNesting`.
        mutating func nest(_ what: String) throws(PredicateError) {
            depth += 1
            if depth > PredicateParser.maxNesting {
                throw fail("\(what) nests more than \(PredicateParser.maxNesting) levels deep; an activation rule needs a few (flatten it with AND and OR)")
            }
        }

        var current: PredicateToken { tokens[min(index, tokens.count - 1)] }

        mutating func advance() -> PredicateToken {
            let t = current
            if index < tokens.count - 1 { index += 1 }
            return t
        }

        func fail(_ message: String, at token: PredicateToken? = nil) -> PredicateError {
            PredicateError(message, at: (token ?? current).start, in: source)
        }

        func describe(_ t: PredicateToken) -> String {
            switch t.kind {
            case .end: return "end of the predicate"
            case .identifier(let s): return "'\(s)'"
            case .variable(let s): return "'$\(s)'"
            case .collectionOperator(let s): return "'@\(s)'"
            case .string(let s): return "the string \"\(s)\""
            case .number: return "the number '\(String(source[t.start..<t.end].map(Character.init)))'"
            case .punctuation(let c): return "'\(c)'"
            case .op: return "'\(String(source[t.start..<t.end].map(Character.init)))'"
            }
        }

        func isOp(_ name: String) -> Bool {
            if case .op(let o) = current.kind { return o == name }
            return current.keyword == name
        }

        func isPunctuation(_ c: Character) -> Bool {
            if case .punctuation(let p) = current.kind { return p == c }
            return false
        }

        mutating func expect(_ c: Character, _ context: String) throws(PredicateError) {
            guard isPunctuation(c) else { throw fail("expected '\(c)' \(context), found \(describe(current))") }
            _ = advance()
        }

        // predicate := and (OR and)*
        mutating func predicate() throws(PredicateError) -> Predicate {
            let start = current.start
            var parts = [try conjunction()]
            while isOp("OR") {
                _ = advance()
                parts.append(try conjunction())
            }
            return parts.count == 1 ? parts[0] : Predicate(kind: .or(parts), range: start..<parts[parts.count - 1].range.upperBound)
        }

        mutating func conjunction() throws(PredicateError) -> Predicate {
            let start = current.start
            var parts = [try negation()]
            while isOp("AND") {
                _ = advance()
                parts.append(try negation())
            }
            return parts.count == 1 ? parts[0] : Predicate(kind: .and(parts), range: start..<parts[parts.count - 1].range.upperBound)
        }

        mutating func negation() throws(PredicateError) -> Predicate {
            if isOp("NOT") {
                try nest("NOT")
                defer { depth -= 1 }
                let start = advance().start
                let inner = try negation()
                return Predicate(kind: .not(inner), range: start..<inner.range.upperBound)
            }
            return try primary()
        }

        mutating func primary() throws(PredicateError) -> Predicate {
            let token = current
            if isPunctuation("(") {
                try nest("the predicate")
                defer { depth -= 1 }
                _ = advance()
                let inner = try predicate()
                guard isPunctuation(")") else { throw fail("expected ')' to close the '(' at column \(column(of: token)), found \(describe(current))") }
                let end = advance().end
                return Predicate(kind: inner.kind, range: token.start..<end)
            }
            switch token.keyword {
            case "TRUEPREDICATE":
                _ = advance()
                return Predicate(kind: .constant(true), range: token.start..<token.end)
            case "FALSEPREDICATE":
                _ = advance()
                return Predicate(kind: .constant(false), range: token.start..<token.end)
            default:
                return try comparison()
            }
        }

        func column(of token: PredicateToken) -> Int { PredicateError("", at: token.start, in: source).column }

        mutating func comparison() throws(PredicateError) -> Predicate {
            let start = current.start
            var modifier = Comparison.Modifier.direct
            switch current.keyword {
            case "ANY", "SOME": modifier = .any; _ = advance()
            case "ALL": modifier = .all; _ = advance()
            case "NONE": modifier = .none; _ = advance()
            default: break
            }
            if case .end = current.kind { throw fail("expected a predicate, found the end of the text") }
            let left = try expression()
            let opToken = current
            var parsed: Comparison.Operator? = nil
            if case .op(let o) = opToken.kind { parsed = Comparison.Operator(rawValue: o) }
            guard let op = parsed else {
                if let w = opToken.keyword, PredicateParser.unsupportedOperators.contains(w) {
                    throw fail("the operator \(w) is not part of the activation-rule subset (use ==, !=, <, <=, >, >=, UTI-CONFORMS-TO or UTI-EQUALS)")
                }
                throw fail("expected a comparison operator (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS) after \(render(left)), found \(describe(opToken))")
            }
            _ = advance()
            let right = try expression()
            return Predicate(kind: .comparison(Comparison(modifier: modifier, left: left, op: op, right: right)),
                             range: start..<right.range.upperBound)
        }

        func render(_ e: Expression) -> String { "'" + String(source[e.range].map(Character.init)) + "'" }

        mutating func expression() throws(PredicateError) -> Expression {
            var e = try primaryExpression()
            var steps = 0
            while isPunctuation(".") {
                steps += 1
                if steps > PredicateParser.maxKeyPathSteps {
                    throw fail("a key path of more than \(PredicateParser.maxKeyPathSteps) steps; an activation rule's are a few (such as $attachment.registeredTypeIdentifiers)")
                }
                _ = advance()
                let t = advance()
                switch t.kind {
                case .identifier(let key) where !PredicateParser.reserved.contains(key.uppercased()):
                    e = Expression(kind: .member(e, key), range: e.range.lowerBound..<t.end)
                case .collectionOperator(let name):
                    guard name.lowercased() == "count" else {
                        throw fail("the collection operator @\(name) is not supported; activation rules count with @count", at: t)
                    }
                    e = Expression(kind: .count(e), range: e.range.lowerBound..<t.end)
                default:
                    throw fail("expected a key or @count after '.', found \(describe(t))", at: t)
                }
            }
            return e
        }

        mutating func primaryExpression() throws(PredicateError) -> Expression {
            let t = current
            switch t.kind {
            case .variable(let name):
                _ = advance()
                return Expression(kind: .variable(name), range: t.start..<t.end)
            case .string(let s):
                _ = advance()
                return Expression(kind: .string(s), range: t.start..<t.end)
            case .number(let n):
                _ = advance()
                return Expression(kind: .number(n), range: t.start..<t.end)
            case .identifier(let word):
                switch word.uppercased() {
                case "TRUE", "YES": _ = advance(); return Expression(kind: .bool(true), range: t.start..<t.end)
                case "FALSE", "NO": _ = advance(); return Expression(kind: .bool(false), range: t.start..<t.end)
                case "NULL", "NIL": _ = advance(); return Expression(kind: .null, range: t.start..<t.end)
                case "SUBQUERY": return try subquery()
                case let w where PredicateParser.reserved.contains(w):
                    throw fail("expected a key path, a variable or a literal, found the keyword \(w)")
                default:
                    _ = advance()
                    return Expression(kind: .key(word), range: t.start..<t.end)
                }
            case .collectionOperator(let name):
                throw fail("@\(name) must follow a collection, as in $item.attachments.@\(name)")
            default:
                throw fail("expected a key path, a variable or a literal, found \(describe(t))")
            }
        }

        mutating func subquery() throws(PredicateError) -> Expression {
            try nest("SUBQUERY")
            defer { depth -= 1 }
            let start = advance().start
            try expect("(", "after SUBQUERY")
            let collection = try expression()
            try expect(",", "after the SUBQUERY's collection")
            guard case .variable(let name) = current.kind else {
                throw fail("expected the SUBQUERY's variable, such as $attachment, found \(describe(current))")
            }
            _ = advance()
            try expect(",", "after the SUBQUERY's variable")
            let body = try predicate()
            guard isPunctuation(")") else { throw fail("expected ')' to close the SUBQUERY, found \(describe(current))") }
            let end = advance().end
            return Expression(kind: .subquery(collection, variable: name, body), range: start..<end)
        }
    }
}

@testable import BridgeInbox
import BridgePredicate
import Testing

@Suite("Activation rule predicates: parsing")
struct PredicateParserTests {
    @Test("the documented subset parses, keywords in any case", arguments: [
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("falsepredicate", "FALSEPREDICATE"),
        ("extensionItems.@count == 1", "extensionItems.@count == 1"),
        ("extensionItems.@COUNT = 1", "extensionItems.@count == 1"),
        ("a <> 1 && b =< 2 || !(c => 3)", "a != 1 AND b <= 2 OR NOT c >= 3"),
        ("a < 1 and b > 2 or not c != 'x'", "a < 1 AND b > 2 OR NOT c != \"x\""),
        ("a == 1 AND (b == 2 OR c == 3)", "a == 1 AND (b == 2 OR c == 3)"),
        ("NOT (a == 1 AND b == 2)", "NOT (a == 1 AND b == 2)"),
        ("any $a.registeredTypeIdentifiers uti-conforms-to \"public.image\"", "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\""),
        ("SOME x UTI-EQUALS 'public.url'", "ANY x UTI-EQUALS \"public.url\""),
        ("ALL x UTI-CONFORMS-TO \"public.text\"", "ALL x UTI-CONFORMS-TO \"public.text\""),
        ("NONE x UTI-CONFORMS-TO \"public.movie\"", "NONE x UTI-CONFORMS-TO \"public.movie\""),
        ("x == 0x10 AND y == 2.5 AND z == YES AND w == nil", "x == 16 AND y == 2.5 AND z == TRUE AND w == NULL"),
        ("x == \"a \\\"quoted\\\" word\"", "x == \"a \\\"quoted\\\" word\""),
        ("subquery(extensionItems, $e, $e.attachments.@count >= 1).@count > 0",
         "SUBQUERY(extensionItems, $e, …).@count > 0"),
    ])
    func parses(text: String, rendered: String) throws {
        #expect(try PredicateParser.parse(text).description == rendered)
    }

    @Test("OR binds loosest, then AND, then NOT")
    func precedence() throws {
        let p = try PredicateParser.parse("a == 1 || b == 2 AND NOT c == 3")
        guard case .or(let parts) = p.kind, parts.count == 2, case .and(let conj) = parts[1].kind, conj.count == 2,
              case .not = conj[1].kind else {
            Issue.record("grouped as \(p)")
            return
        }
    }

    @Test("errors name the line and column of the offending token", arguments: [
        ("", 1, 1, "expected a predicate, found the end of the text"),
        ("a ==", 1, 5, "expected a key path, a variable or a literal, found end of the predicate"),
        ("a == 1 b", 1, 8, "unexpected 'b' after a complete predicate"),
        ("(a == 1", 1, 8, "expected ')' to close the '(' at column 1, found end of the predicate"),
        ("a CONTAINS \"x\"", 1, 3, "the operator CONTAINS is not part of the activation-rule subset (use ==, !=, <, <=, >, >=, UTI-CONFORMS-TO or UTI-EQUALS)"),
        ("a UTI-CONFORMS \"x\"", 1, 3, "unknown operator starting 'UTI-': expected UTI-CONFORMS-TO or UTI-EQUALS"),
        ("a.@sum == 1", 1, 3, "the collection operator @sum is not supported; activation rules count with @count"),
        ("a == \"open", 1, 6, "unterminated string literal"),
        ("SUBQUERY(extensionItems, e, TRUEPREDICATE).@count == 1", 1, 26, "expected the SUBQUERY's variable, such as $attachment, found 'e'"),
        ("SUBQUERY(\n  extensionItems,\n  $e,\n  $e.attachments.@count >= 1\n  , 2).@count == 1", 5, 3, "expected ')' to close the SUBQUERY, found ','"),
        ("a # 1", 1, 3, "unexpected character '#'"),
        ("a == AND", 1, 6, "expected a key path, a variable or a literal, found the keyword AND"),
        ("a b", 1, 3, "expected a comparison operator (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS) after 'a', found 'b'"),
    ] as [(String, Int, Int, String)])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try PredicateParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message == message)
        }
    }
}

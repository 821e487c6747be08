import BridgeJSON
import BridgeSchema
import Testing

@Suite("pattern: ECMA-262 regular expressions")
struct PatternTests {
    @Test("patterns search, they are not anchored")
    func unanchored() throws {
        let v = try validator(##"{"pattern": "a+"}"##)
        #expect(v.isValid(.string("xxaxx")))
        #expect(!v.isValid(.string("xyz")))
    }

    @Test("ECMA-262 meanings where other engines differ", arguments: [
        (#"^\\d$"#, "7", true), (#"^\\d$"#, "٣", false),                   // \d is ASCII only
        (#"^\\w+$"#, "abc_1", true), (#"^\\w+$"#, "é", false),
        (#"^a$"#, "a\n", false),                                              // $ only at the very end
        (#"^\\s$"#, "\u{FEFF}", true), (#"^\\s$"#, "\u{0B}", true),            // ECMA-262 whitespace
        (#"^[^]$"#, "\n", true), (#"[]"#, "a", false),
        (#"^.$"#, "\n", false), (#"^.$"#, "\u{85}", true), (#"^.$"#, "😀", true),
        (#"^[[]$"#, "[", true), (#"^a{$"#, "a{", true), (#"^x{2}$"#, "xx", true), (#"^]$"#, "]", true),
        (#"^[a&&b]+$"#, "a&b", true),
        (#"^\\p{Lu}$"#, "É", true),
    ])
    func ecma(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try validator(##"{"pattern": "\##(pattern)"}"##).isValid(.string(text)) == expected)
    }

    @Test("an invalid regular expression is a schema error naming the pattern")
    func invalid() throws {
        let error = try schemaError(##"{"properties": {"a": {"pattern": "(unclosed"}}}"##)
        #expect(error?.code == .invalidPattern)
        #expect(error?.message == #"pattern "(unclosed" at #/properties/a is not a valid regular expression: a group is not closed with )"#)
        #expect(try schemaError(##"{"patternProperties": {"[": {}}}"##)?.code == .invalidPattern)
    }
}
